// Settings, cities, restaurants, delivery zones and pages (issue 6 §5). Admin only, except the
// reads. Every change bumps the settings version and publishes settings:update.
//
// - Settings are edited generically through their metadata (title, description, type, widget);
//   a value is checked against the shared Settings schema (422 with a Russian message). The site
//   switch (IS_SITE_NOT_WORKING + TEXT_SITE_NOT_WORKING), CHECKOUT_DELIVERY_TEXT, PHONES,
//   IS_ONLINE_PAYMENT_DISABLE, STORIES, SLIDES, BONUS_SPEND_CAP, BONUS_ACCRUAL_PERCENT … are
//   settings. WORK_TIME, DELIVERY_TERMINALS, CITY_ZONES and SETTINGS_VERSION are computed from
//   restaurants and zones (edit those instead); a city's working hours are the union of its
//   active restaurants' hours.
// - STORE_VERSION has its own bump route: a new value resets every visitor's saved cart, user
//   and address and reloads their page.
import { z } from 'zod';
import { City, CityData, GeoPoint, IsoDateTime, WeekHours } from '../../entities.js';
import { Page, PageSlug } from '../pages.js';
import { defineAdminRoute } from './common.js';

export const SettingWidget = z.enum(['switch', 'text', 'textarea', 'json', 'multi-switch']);
export const SettingType = z.enum(['boolean', 'string', 'number', 'json']);

export const AdminSetting = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  type: SettingType,
  widget: SettingWidget,
  value: z.unknown(),
  order: z.number().int(),
  updatedAt: IsoDateTime,
  /** False for STORE_VERSION (use its bump route). */
  editable: z.boolean(),
});
export type AdminSetting = z.infer<typeof AdminSetting>;

export const adminListSettings = defineAdminRoute('operator', {
  method: 'GET',
  path: '/admin/settings',
  summary: 'Every stored setting with its metadata and the settings version',
  auth: 'staff',
  response: z.object({ settings: z.array(AdminSetting), version: z.string() }),
});

export const adminUpdateSetting = defineAdminRoute('admin', {
  method: 'PUT',
  path: '/admin/settings/:name',
  summary: 'Stores a setting value after checking it against the setting’s type and the Settings schema (422 otherwise)',
  auth: 'staff',
  params: z.object({ name: z.string().regex(/^[A-Z0-9_]{1,64}$/) }),
  body: z.object({ value: z.unknown() }),
  response: AdminSetting,
});

export const adminBumpStoreVersion = defineAdminRoute('admin', {
  method: 'POST',
  path: '/admin/settings/store-version/bump',
  summary: 'Raises STORE_VERSION by one: every visitor’s saved cart, user and address are reset on their next version check',
  auth: 'staff',
  body: z.object({ confirm: z.literal(true) }),
  response: z.object({ value: z.string() }),
});

export const AdminCity = City.extend({
  order: z.number().int(),
  /** CITIES_DATA[iikoId], null when the city has none yet. */
  data: CityData.nullable(),
});
export type AdminCity = z.infer<typeof AdminCity>;

const CityFields = z.object({
  name: z.string().trim().min(1).max(100),
  slug: z.string().regex(/^[a-z0-9-]{1,64}$/),
  iikoId: z.string().min(1).max(64),
  cityIn: z.string().trim().min(1).max(100),
  timeZone: z.string().min(1).max(64),
  order: z.number().int().default(0),
  data: CityData.nullable().default(null),
});

export const adminListCities = defineAdminRoute('operator', {
  method: 'GET',
  path: '/admin/cities',
  summary: 'Cities with their CITIES_DATA entry',
  auth: 'staff',
  response: z.object({ cities: z.array(AdminCity) }),
});

export const adminCreateCity = defineAdminRoute('admin', {
  method: 'POST',
  path: '/admin/cities',
  summary: 'Adds a city (409 for a taken id, slug or iikoId; 422 for an unknown time zone)',
  auth: 'staff',
  body: CityFields.extend({ id: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/) }),
  response: AdminCity,
});

export const adminUpdateCity = defineAdminRoute('admin', {
  method: 'PATCH',
  path: '/admin/cities/:id',
  summary: 'Changes a city and its CITIES_DATA entry (freeDeliveryFrom, isPromocodeHide, …)',
  auth: 'staff',
  params: z.object({ id: z.string().min(1).max(64) }),
  body: CityFields.partial(),
  response: AdminCity,
});

export const AdminRestaurant = z.object({
  deliveryTerminalId: z.string(),
  cityId: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  location: GeoPoint,
  /** Seven days, Sunday first; a day with equal open and close (and no isNextDay) is closed. */
  hours: WeekHours,
  cookingMinutes: z.number().int().positive(),
  isOnlinePaymentDisabled: z.boolean(),
  isActive: z.boolean(),
  order: z.number().int(),
});
export type AdminRestaurant = z.infer<typeof AdminRestaurant>;

const RestaurantFields = z.object({
  cityId: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(200),
  address: z.string().trim().min(1).max(300),
  phone: z.string().trim().min(1).max(40),
  location: GeoPoint,
  hours: WeekHours,
  cookingMinutes: z.number().int().min(1).max(600).default(30),
  isOnlinePaymentDisabled: z.boolean().default(false),
  isActive: z.boolean().default(true),
  order: z.number().int().default(0),
});

export const adminListRestaurants = defineAdminRoute('operator', {
  method: 'GET',
  path: '/admin/restaurants',
  summary: 'Every restaurant (delivery terminal), inactive ones included',
  auth: 'staff',
  response: z.object({ restaurants: z.array(AdminRestaurant) }),
});

export const adminCreateRestaurant = defineAdminRoute('admin', {
  method: 'POST',
  path: '/admin/restaurants',
  summary: 'Adds a restaurant',
  auth: 'staff',
  body: RestaurantFields.extend({ deliveryTerminalId: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/) }),
  response: AdminRestaurant,
});

export const adminUpdateRestaurant = defineAdminRoute('admin', {
  method: 'PATCH',
  path: '/admin/restaurants/:id',
  summary: 'Changes a restaurant: working hours (seven days, overnight), online payment switch, active flag …',
  auth: 'staff',
  params: z.object({ id: z.string().min(1).max(64) }),
  body: RestaurantFields.partial(),
  response: AdminRestaurant,
});

export const AdminZone = z.object({
  id: z.string(),
  cityId: z.string(),
  name: z.string(),
  /** Closed ring of [lon, lat] pairs (first point = last point), at least 4 points. */
  polygon: z.array(z.tuple([z.number(), z.number()])),
  minSum: z.number().int().nonnegative(),
  deliveryPrice: z.number().int().nonnegative(),
  deliveryMinutes: z.number().int().positive(),
  deliveryTerminalId: z.string(),
  order: z.number().int(),
});
export type AdminZone = z.infer<typeof AdminZone>;

const LonLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
const ZoneFields = z.object({
  cityId: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(200),
  polygon: z.array(LonLat).min(4).max(2000),
  minSum: z.number().int().min(0).max(1_000_000),
  deliveryPrice: z.number().int().min(0).max(100_000),
  deliveryMinutes: z.number().int().min(1).max(600),
  deliveryTerminalId: z.string().min(1).max(64),
  order: z.number().int().default(0),
});

export const adminListZones = defineAdminRoute('operator', {
  method: 'GET',
  path: '/admin/zones',
  summary: 'Delivery zones, optionally of one city',
  auth: 'staff',
  query: z.object({ cityId: z.string().min(1).max(64).optional() }),
  response: z.object({ zones: z.array(AdminZone) }),
});

export const adminCreateZone = defineAdminRoute('admin', {
  method: 'POST',
  path: '/admin/zones',
  summary: 'Adds a delivery zone (422 for an open ring or a restaurant of another city)',
  auth: 'staff',
  body: ZoneFields.extend({ id: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/).optional() }),
  response: AdminZone,
});

export const adminUpdateZone = defineAdminRoute('admin', {
  method: 'PATCH',
  path: '/admin/zones/:id',
  summary: 'Changes a delivery zone: polygon, minimum sum, price, time, restaurant',
  auth: 'staff',
  params: z.object({ id: z.string().min(1).max(64) }),
  body: ZoneFields.partial(),
  response: AdminZone,
});

export const adminDeleteZone = defineAdminRoute('admin', {
  method: 'DELETE',
  path: '/admin/zones/:id',
  summary: 'Deletes a delivery zone',
  auth: 'staff',
  params: z.object({ id: z.string().min(1).max(64) }),
  response: null,
});

export const adminListPages = defineAdminRoute('operator', {
  method: 'GET',
  path: '/admin/pages',
  summary: 'Informational pages, optionally of one city',
  auth: 'staff',
  query: z.object({ cityId: z.string().min(1).max(64).optional() }),
  response: z.object({ pages: z.array(Page) }),
});

export const adminSavePage = defineAdminRoute('admin', {
  method: 'PUT',
  path: '/admin/pages/:cityId/:slug',
  summary: 'Writes a page’s title and text for a city (creates it when missing)',
  auth: 'staff',
  params: z.object({ cityId: z.string().min(1).max(64), slug: PageSlug }),
  body: z.object({ title: z.string().trim().min(1).max(200), body: z.string().max(100_000) }),
  response: Page,
});
