// Drizzle declarations of the catalogue area's tables (migration 0001_catalog.sql).
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';
import type { Coded, GroupModifier, Nutrition, WeekHours } from '../../../src/api/entities.js';

export const contentVersions = pgTable('content_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  updatedAt: updatedAt(),
});

export const cities = pgTable('cities', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  iikoId: text('iiko_id').notNull().unique(),
  cityIn: text('city_in').notNull(),
  timeZone: text('time_zone').notNull().default('Asia/Irkutsk'),
  position: integer('position').notNull().default(0),
});

/**
 * A jsonb column holding any JSON value. Drizzle's own jsonb reader parses a string value a
 * second time (the stored string "1" would come back as the number 1); both drivers here
 * already hand over parsed JSON, so this type passes it through untouched.
 */
const jsonValue = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});

export type SettingType = 'boolean' | 'string' | 'number' | 'json';
export type SettingWidget = 'switch' | 'text' | 'textarea' | 'json' | 'multi-switch';

export const settings = pgTable('settings', {
  name: text('name').primaryKey(),
  title: text('title').notNull(),
  type: text('type').$type<SettingType>().notNull(),
  widget: text('widget').$type<SettingWidget>().notNull(),
  description: text('description').notNull().default(''),
  value: jsonValue('value').notNull(),
  position: integer('position').notNull().default(0),
  updatedAt: updatedAt(),
});

export const groups = pgTable('groups', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  parentGroup: text('parent_group'),
  isIncludedInMenu: boolean('is_included_in_menu').notNull().default(true),
  isGroupModifier: boolean('is_group_modifier').notNull().default(false),
  isServiceGroup: boolean('is_service_group').notNull().default(false),
  isVisible: boolean('is_visible').notNull().default(true),
  position: integer('position').notNull().default(0),
  imageUrl: text('image_url'),
  updatedAt: updatedAt(),
});

export const products = pgTable('products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  code: text('code').notNull(),
  price: integer('price').notNull(),
  oldPrice: integer('old_price'),
  weight: integer('weight'),
  nutrition: jsonb('nutrition').$type<Nutrition | null>(),
  parentGroup: text('parent_group').notNull(),
  slug: text('slug').notNull().unique(),
  imageUrl: text('image_url'),
  groupModifiers: jsonb('group_modifiers').$type<GroupModifier[]>().notNull().default([]),
  allergens: jsonb('allergens').$type<Coded[]>().notNull().default([]),
  filters: jsonb('filters').$type<Coded[]>().notNull().default([]),
  maxPerPosition: integer('max_per_position').notNull().default(0),
  sale: boolean('sale'),
  isVisible: boolean('is_visible').notNull().default(true),
  position: integer('position').notNull().default(0),
  updatedAt: updatedAt(),
});

export const restaurants = pgTable('restaurants', {
  deliveryTerminalId: text('delivery_terminal_id').primaryKey(),
  cityId: text('city_id').notNull(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  phone: text('phone').notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  hours: jsonb('hours').$type<WeekHours>().notNull(),
  cookingMinutes: integer('cooking_minutes').notNull().default(30),
  isOnlinePaymentDisabled: boolean('is_online_payment_disabled').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
});

export const stopList = pgTable(
  'stop_list',
  {
    deliveryTerminalId: text('delivery_terminal_id').notNull(),
    productId: text('product_id').notNull(),
    balance: numeric('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.deliveryTerminalId, t.productId] })],
);

export const deliveryZones = pgTable('delivery_zones', {
  id: text('id').primaryKey(),
  cityId: text('city_id').notNull(),
  name: text('name').notNull(),
  /** Closed ring of [lon, lat] pairs. */
  polygon: jsonb('polygon').$type<[number, number][]>().notNull(),
  minSum: integer('min_sum').notNull().default(0),
  deliveryPrice: integer('delivery_price').notNull().default(0),
  deliveryMinutes: integer('delivery_minutes').notNull().default(60),
  deliveryTerminalId: text('delivery_terminal_id').notNull(),
  position: integer('position').notNull().default(0),
});

export const streets = pgTable('streets', {
  id: text('id').primaryKey(),
  cityIikoId: text('city_iiko_id').notNull(),
  name: text('name').notNull(),
  kind: text('kind').notNull().default('улица'),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
});

export const pages = pgTable(
  'pages',
  {
    slug: text('slug').notNull(),
    cityId: text('city_id').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.cityId] })],
);
