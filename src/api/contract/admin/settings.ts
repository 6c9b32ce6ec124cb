// Admin contract: settings, cities, restaurants, delivery zones and pages.
// See docs/ADMIN.md «Menu, settings, versions».
import { z } from 'zod/mini';
import { City, CityData, GeoPoint, Id, IsoDateTime, Restaurant, WeekHours } from '../../entities.js';
import { Page, PageSlug } from '../pages.js';
import { AdminIdParams, defineAdminRoute, RecordId, patchOf, listOf } from './common.js';

export const SettingWidget = z.enum(['switch', 'text', 'textarea', 'json', 'multi-switch']);
export const SettingType = z.enum(['boolean', 'string', 'number', 'json']);

export const AdminSetting = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  type: SettingType,
  widget: SettingWidget,
  value: z.unknown(),
  order: z.int(),
  updatedAt: IsoDateTime,
  /** False for STORE_VERSION (use its bump route). */
  editable: z.boolean(),
});
export type AdminSetting = z.infer<typeof AdminSetting>;

export const adminListSettings = defineAdminRoute('operator', 'GET /admin/settings', {
  summary: 'Every stored setting with its metadata and the settings version',
  response: z.object({ settings: z.array(AdminSetting), version: z.string() }),
});

export const adminUpdateSetting = defineAdminRoute('admin', 'PUT /admin/settings/:name', {
  summary:
    'Stores a setting value after checking it against the setting’s type and the Settings schema (422 otherwise)',
  params: z.object({ name: z.string().check(z.regex(/^[A-Z0-9_]{1,64}$/)) }),
  body: z.object({ value: z.unknown() }),
  response: AdminSetting,
});

export const adminBumpStoreVersion = defineAdminRoute('admin', 'POST /admin/settings/store-version/bump', {
  summary:
    'Raises STORE_VERSION by one: every visitor’s saved cart, user and address are reset on their next version check',
  body: z.object({ confirm: z.literal(true) }),
  response: z.object({ value: z.string() }),
});

export const AdminCity = z.extend(City, {
  order: z.int(),
  /** CITIES_DATA[iikoId], null when the city has none yet. */
  data: z.nullable(CityData),
});
export type AdminCity = z.infer<typeof AdminCity>;

const CityFields = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  slug: z.string().check(z.regex(/^[a-z0-9-]{1,64}$/)),
  iikoId: Id,
  cityIn: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  timeZone: z.string().check(z.minLength(1), z.maxLength(64)),
  order: z._default(z.int(), 0),
  data: z._default(z.nullable(CityData), null),
});

export const adminListCities = defineAdminRoute('operator', 'GET /admin/cities', {
  summary: 'Cities with their CITIES_DATA entry',
  response: listOf('cities', AdminCity),
});

export const adminCreateCity = defineAdminRoute('admin', 'POST /admin/cities', {
  summary: 'Adds a city (409 for a taken id, slug or iikoId; 422 for an unknown time zone)',
  body: z.extend(CityFields, { id: RecordId }),
  response: AdminCity,
});

export const adminUpdateCity = defineAdminRoute('admin', 'PATCH /admin/cities/:id', {
  summary: 'Changes a city and its CITIES_DATA entry (freeDeliveryFrom, isPromocodeHide, …)',
  params: AdminIdParams,
  body: patchOf(CityFields),
  response: AdminCity,
});

/** The storefront's restaurant with the fields only staff see (ids as stored, unchecked). */
export const AdminRestaurant = z.extend(Restaurant, {
  deliveryTerminalId: z.string(),
  cityId: z.string(),
  isActive: z.boolean(),
  order: z.int(),
});
export type AdminRestaurant = z.infer<typeof AdminRestaurant>;

const RestaurantFields = z.object({
  cityId: Id,
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  address: z.string().check(z.trim(), z.minLength(1), z.maxLength(300)),
  phone: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  location: GeoPoint,
  hours: WeekHours,
  cookingMinutes: z._default(z.int().check(z.minimum(1), z.maximum(600)), 30),
  isOnlinePaymentDisabled: z._default(z.boolean(), false),
  isActive: z._default(z.boolean(), true),
  order: z._default(z.int(), 0),
});

export const adminListRestaurants = defineAdminRoute('operator', 'GET /admin/restaurants', {
  summary: 'Every restaurant (delivery terminal), inactive ones included',
  response: listOf('restaurants', AdminRestaurant),
});

export const adminCreateRestaurant = defineAdminRoute('admin', 'POST /admin/restaurants', {
  summary: 'Adds a restaurant',
  body: z.extend(RestaurantFields, { deliveryTerminalId: RecordId }),
  response: AdminRestaurant,
});

export const adminUpdateRestaurant = defineAdminRoute('admin', 'PATCH /admin/restaurants/:id', {
  summary: 'Changes a restaurant: working hours (seven days, overnight), online payment switch, active flag …',
  params: AdminIdParams,
  body: patchOf(RestaurantFields),
  response: AdminRestaurant,
});

export const AdminZone = z.object({
  id: z.string(),
  cityId: z.string(),
  name: z.string(),
  /** Closed ring of [lon, lat] pairs (first point = last point), at least 4 points. */
  polygon: z.array(z.tuple([z.number(), z.number()])),
  minSum: z.int().check(z.nonnegative()),
  deliveryPrice: z.int().check(z.nonnegative()),
  deliveryMinutes: z.int().check(z.positive()),
  deliveryTerminalId: z.string(),
  order: z.int(),
});
export type AdminZone = z.infer<typeof AdminZone>;

const LonLat = z.tuple([
  z.number().check(z.minimum(-180), z.maximum(180)),
  z.number().check(z.minimum(-90), z.maximum(90)),
]);
/** Lists of one city or of all. */
const CityQuery = z.object({ cityId: z.optional(Id) });

const ZoneFields = z.object({
  cityId: Id,
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  polygon: z.array(LonLat).check(z.minLength(4), z.maxLength(2000)),
  minSum: z.int().check(z.minimum(0), z.maximum(1_000_000)),
  deliveryPrice: z.int().check(z.minimum(0), z.maximum(100_000)),
  deliveryMinutes: z.int().check(z.minimum(1), z.maximum(600)),
  deliveryTerminalId: Id,
  order: z._default(z.int(), 0),
});

export const adminListZones = defineAdminRoute('operator', 'GET /admin/zones', {
  summary: 'Delivery zones, optionally of one city',
  query: CityQuery,
  response: listOf('zones', AdminZone),
});

export const adminCreateZone = defineAdminRoute('admin', 'POST /admin/zones', {
  summary: 'Adds a delivery zone (422 for an open ring or a restaurant of another city)',
  body: z.extend(ZoneFields, { id: z.optional(RecordId) }),
  response: AdminZone,
});

export const adminUpdateZone = defineAdminRoute('admin', 'PATCH /admin/zones/:id', {
  summary: 'Changes a delivery zone: polygon, minimum sum, price, time, restaurant',
  params: AdminIdParams,
  body: patchOf(ZoneFields),
  response: AdminZone,
});

export const adminDeleteZone = defineAdminRoute('admin', 'DELETE /admin/zones/:id', {
  summary: 'Deletes a delivery zone',
  params: AdminIdParams,
  response: null,
});

export const adminListPages = defineAdminRoute('operator', 'GET /admin/pages', {
  summary: 'Informational pages, optionally of one city',
  query: CityQuery,
  response: listOf('pages', Page),
});

export const adminSavePage = defineAdminRoute('admin', 'PUT /admin/pages/:cityId/:slug', {
  summary: 'Writes a page’s title and text for a city (creates it when missing)',
  params: z.object({ cityId: Id, slug: PageSlug }),
  body: z.object({
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    body: z.string().check(z.maxLength(100_000)),
  }),
  response: Page,
});
