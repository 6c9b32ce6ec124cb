// Settings, cities, restaurants, delivery zones and pages. The settings version is
// bumped by the triggers of migration 0001 on settings, cities, restaurants and delivery_zones
// (pages bump it here); after each change settings:update is published with the new version.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { cities, deliveryZones, pages, restaurants, settings } from '../../db/schema/catalog.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type {
  AdminCity,
  AdminRestaurant,
  AdminSetting,
  AdminZone,
  adminCreateCity,
  adminCreateRestaurant,
  adminCreateZone,
  adminUpdateCity,
  adminUpdateRestaurant,
  adminUpdateZone,
} from '../../../src/api/contract/admin/settings.js';
import type { Page } from '../../../src/api/contract/pages.js';
import { CityData } from '../../../src/api/entities.js';
import { readContentVersion } from '../catalog.js';
import { readStoredSettings, validateSettingValue } from '../settings.js';
import { audit } from './audit.js';
import type { StaffPrincipal } from './staffSessions.js';

interface Actor {
  ctx: AppContext;
  ip: string;
  staff: StaffPrincipal;
}
type BodyOf<T> = T extends { body?: infer B } ? (B extends z.ZodMiniType ? z.output<B> : never) : never;

export const SETTINGS_MESSAGES = {
  settingNotFound: 'Настройка не найдена',
  storeVersionOwnRoute: 'Версия хранилища меняется только кнопкой сброса (POST /admin/settings/store-version/bump)',
  cityNotFound: 'Город не найден',
  cityTaken: 'Город с таким id, slug или iikoId уже есть',
  badTimeZone: 'Неизвестный часовой пояс',
  restaurantNotFound: 'Ресторан не найден',
  restaurantTaken: 'Ресторан с таким идентификатором уже есть',
  zoneNotFound: 'Зона доставки не найдена',
  zoneTaken: 'Зона с таким идентификатором уже есть',
  ringNotClosed: 'Многоугольник зоны должен быть замкнут: последняя точка равна первой',
  restaurantOfOtherCity: 'Ресторан зоны должен быть в том же городе',
  pageCity: 'Город страницы не найден',
} as const;

export function settingTypeMessage(name: string, type: string): string {
  const what: Record<string, string> = { boolean: 'да/нет', string: 'строка', number: 'число', json: 'JSON' };
  return `Значение настройки ${name} должно быть: ${what[type] ?? type}`;
}

/** After a committed change: tell every storefront the settings changed. */
export async function publishSettings(ctx: AppContext): Promise<string> {
  const version = await ctx.db.run((db) => readContentVersion(db, 'settings'));
  await ctx.push.publish({ type: 'settings:update', version });
  return version;
}

type SettingRow = typeof settings.$inferSelect;
function toAdminSetting(row: SettingRow, value: unknown): AdminSetting {
  return {
    name: row.name,
    title: row.title,
    description: row.description,
    type: row.type,
    widget: row.widget,
    value,
    order: row.position,
    updatedAt: row.updatedAt.toISOString(),
    editable: row.name !== 'STORE_VERSION',
  };
}

export async function listSettings(db: Executor): Promise<{ settings: AdminSetting[]; version: string }> {
  const rows = await db.select().from(settings).orderBy(asc(settings.position), asc(settings.name));
  const values = await readStoredSettings(db);
  return {
    settings: rows.map((r) => toAdminSetting(r, values[r.name])),
    version: await readContentVersion(db, 'settings'),
  };
}

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return value !== undefined;
  }
}

async function writeSetting(tx: Executor, name: string, value: unknown, now: Date): Promise<void> {
  await tx.execute(
    sql`update settings set value = ${JSON.stringify(value)}::jsonb, updated_at = ${now.toISOString()}::timestamptz where name = ${name}`,
  );
}

export async function updateSetting({ ctx, ip, staff }: Actor, name: string, value: unknown): Promise<AdminSetting> {
  if (name === 'STORE_VERSION') throw unprocessable(SETTINGS_MESSAGES.storeVersionOwnRoute, 'store-version');
  const now = ctx.clock.now();
  const saved = await ctx.db.transaction(async (tx) => {
    const row = (await tx.select().from(settings).where(eq(settings.name, name)).limit(1))[0];
    if (!row) throw notFound(SETTINGS_MESSAGES.settingNotFound, 'setting-not-found');
    if (!typeMatches(row.type, value)) throw unprocessable(settingTypeMessage(name, row.type), 'setting-type');
    const check = validateSettingValue(name, value);
    if (!check.ok) throw unprocessable(check.message, 'setting-invalid');
    const before = (await readStoredSettings(tx, [name]))[name];
    await writeSetting(tx, name, value, now);
    await audit(
      tx,
      staff,
      ip,
      { action: 'setting.update', entity: 'setting', entityId: name, before, after: value },
      now,
    );
    const updated = (await tx.select().from(settings).where(eq(settings.name, name)).limit(1))[0] ?? row;
    return toAdminSetting(updated, value);
  });
  await publishSettings(ctx);
  return saved;
}

export async function bumpStoreVersion({ ctx, ip, staff }: Actor): Promise<{ value: string }> {
  const now = ctx.clock.now();
  const value = await ctx.db.transaction(async (tx) => {
    const current = (await readStoredSettings(tx, ['STORE_VERSION'])).STORE_VERSION;
    const n = Number.parseInt(typeof current === 'string' || typeof current === 'number' ? String(current) : '1', 10);
    const next = String((Number.isFinite(n) ? n : 1) + 1);
    const exists = await tx
      .select({ name: settings.name })
      .from(settings)
      .where(eq(settings.name, 'STORE_VERSION'))
      .limit(1);
    if (exists.length > 0) await writeSetting(tx, 'STORE_VERSION', next, now);
    else
      await tx.insert(settings).values({
        name: 'STORE_VERSION',
        title: 'Версия хранилища клиента',
        type: 'string',
        widget: 'text',
        description:
          'Смена значения сбрасывает сохранённые у посетителей корзину, пользователя и адрес и перезагружает страницу.',
        value: next,
        updatedAt: now,
      });
    await audit(
      tx,
      staff,
      ip,
      {
        action: 'setting.store-version',
        entity: 'setting',
        entityId: 'STORE_VERSION',
        before: current ?? '1',
        after: next,
      },
      now,
    );
    return next;
  });
  await publishSettings(ctx);
  return { value };
}

// ---------------------------------------------------------------------------------------------
// Cities

type CityRow = typeof cities.$inferSelect;
async function citiesData(db: Executor): Promise<Record<string, unknown>> {
  const value = (await readStoredSettings(db, ['CITIES_DATA'])).CITIES_DATA;
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? { ...(value as Record<string, unknown>) }
    : {};
}
function toAdminCity(row: CityRow, data: Record<string, unknown>): AdminCity {
  const parsed = CityData.safeParse(data[row.iikoId]);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    iikoId: row.iikoId,
    cityIn: row.cityIn,
    timeZone: row.timeZone,
    order: row.position,
    data: parsed.success ? parsed.data : null,
  };
}
function checkTimeZone(tz: string | undefined): void {
  if (tz === undefined) return;
  try {
    new Intl.DateTimeFormat('ru-RU', { timeZone: tz });
  } catch {
    throw unprocessable(SETTINGS_MESSAGES.badTimeZone, 'bad-time-zone');
  }
}
async function saveCitiesData(tx: Executor, data: Record<string, unknown>, now: Date): Promise<void> {
  const check = validateSettingValue('CITIES_DATA', data);
  if (!check.ok) throw unprocessable(check.message, 'setting-invalid');
  const exists = await tx
    .select({ name: settings.name })
    .from(settings)
    .where(eq(settings.name, 'CITIES_DATA'))
    .limit(1);
  if (exists.length > 0) await writeSetting(tx, 'CITIES_DATA', data, now);
  else
    await tx.insert(settings).values({
      name: 'CITIES_DATA',
      title: 'Данные городов',
      type: 'json',
      widget: 'json',
      value: data,
      updatedAt: now,
    });
}

export async function listAdminCities(db: Executor): Promise<AdminCity[]> {
  const data = await citiesData(db);
  return (await db.select().from(cities).orderBy(asc(cities.position), asc(cities.id))).map((r) =>
    toAdminCity(r, data),
  );
}

export async function createCity({ ctx, ip, staff }: Actor, input: BodyOf<typeof adminCreateCity>): Promise<AdminCity> {
  checkTimeZone(input.timeZone);
  const now = ctx.clock.now();
  const city = await ctx.db.transaction(async (tx) => {
    const taken = await tx.execute(
      sql`select 1 from cities where id = ${input.id} or slug = ${input.slug} or iiko_id = ${input.iikoId} limit 1`,
    );
    if (taken.rows.length > 0) throw conflict(SETTINGS_MESSAGES.cityTaken, 'city-taken');
    const rows = await tx
      .insert(cities)
      .values({
        id: input.id,
        name: input.name,
        slug: input.slug,
        iikoId: input.iikoId,
        cityIn: input.cityIn,
        timeZone: input.timeZone,
        position: input.order,
      })
      .returning();
    const data = await citiesData(tx);
    if (input.data !== null) {
      data[input.iikoId] = input.data;
      await saveCitiesData(tx, data, now);
    }
    const row = rows[0];
    if (!row) throw new Error('city insert returned nothing');
    const after = toAdminCity(row, data);
    await audit(tx, staff, ip, { action: 'city.create', entity: 'city', entityId: input.id, after }, now);
    return after;
  });
  await publishSettings(ctx);
  return city;
}

export async function updateCity(
  { ctx, ip, staff }: Actor,
  id: string,
  patch: BodyOf<typeof adminUpdateCity>,
): Promise<AdminCity> {
  checkTimeZone(patch.timeZone);
  const now = ctx.clock.now();
  const city = await ctx.db.transaction(async (tx) => {
    const before = (await tx.select().from(cities).where(eq(cities.id, id)).limit(1))[0];
    if (!before) throw notFound(SETTINGS_MESSAGES.cityNotFound, 'city-not-found');
    const data = await citiesData(tx);
    const beforeCity = toAdminCity(before, data);
    if (patch.slug !== undefined || patch.iikoId !== undefined) {
      const taken = await tx.execute(
        sql`select 1 from cities where id <> ${id} and (slug = ${patch.slug ?? before.slug} or iiko_id = ${patch.iikoId ?? before.iikoId}) limit 1`,
      );
      if (taken.rows.length > 0) throw conflict(SETTINGS_MESSAGES.cityTaken, 'city-taken');
    }
    const rows = await tx
      .update(cities)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
        ...(patch.iikoId !== undefined ? { iikoId: patch.iikoId } : {}),
        ...(patch.cityIn !== undefined ? { cityIn: patch.cityIn } : {}),
        ...(patch.timeZone !== undefined ? { timeZone: patch.timeZone } : {}),
        ...(patch.order !== undefined ? { position: patch.order } : {}),
      })
      .where(eq(cities.id, id))
      .returning();
    const row = rows[0] ?? before;
    const oldData = data[before.iikoId];
    if (row.iikoId !== before.iikoId || patch.data !== undefined) {
      delete data[before.iikoId];
      const next = patch.data !== undefined ? patch.data : oldData;
      if (next !== null && next !== undefined) data[row.iikoId] = next;
      await saveCitiesData(tx, data, now);
    }
    const after = toAdminCity(row, data);
    await audit(tx, staff, ip, { action: 'city.update', entity: 'city', entityId: id, before: beforeCity, after }, now);
    return after;
  });
  await publishSettings(ctx);
  return city;
}

// ---------------------------------------------------------------------------------------------
// Restaurants

type RestaurantRow = typeof restaurants.$inferSelect;
function toAdminRestaurant(r: RestaurantRow): AdminRestaurant {
  return {
    deliveryTerminalId: r.deliveryTerminalId,
    cityId: r.cityId,
    name: r.name,
    address: r.address,
    phone: r.phone,
    location: { lat: r.lat, lon: r.lon },
    hours: r.hours,
    cookingMinutes: r.cookingMinutes,
    isOnlinePaymentDisabled: r.isOnlinePaymentDisabled,
    isActive: r.isActive,
    order: r.position,
  };
}

async function requireCity(tx: Executor, cityId: string): Promise<void> {
  const found = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId)).limit(1);
  if (found.length === 0) throw unprocessable(SETTINGS_MESSAGES.cityNotFound, 'city-not-found');
}

export async function listAdminRestaurants(db: Executor): Promise<AdminRestaurant[]> {
  return (
    await db
      .select()
      .from(restaurants)
      .orderBy(asc(restaurants.cityId), asc(restaurants.position), asc(restaurants.deliveryTerminalId))
  ).map(toAdminRestaurant);
}

export async function createRestaurant(
  { ctx, ip, staff }: Actor,
  input: BodyOf<typeof adminCreateRestaurant>,
): Promise<AdminRestaurant> {
  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    await requireCity(tx, input.cityId);
    const taken = await tx
      .select({ id: restaurants.deliveryTerminalId })
      .from(restaurants)
      .where(eq(restaurants.deliveryTerminalId, input.deliveryTerminalId))
      .limit(1);
    if (taken.length > 0) throw conflict(SETTINGS_MESSAGES.restaurantTaken, 'restaurant-taken');
    const rows = await tx
      .insert(restaurants)
      .values({
        deliveryTerminalId: input.deliveryTerminalId,
        cityId: input.cityId,
        name: input.name,
        address: input.address,
        phone: input.phone,
        lat: input.location.lat,
        lon: input.location.lon,
        hours: input.hours,
        cookingMinutes: input.cookingMinutes,
        isOnlinePaymentDisabled: input.isOnlinePaymentDisabled,
        isActive: input.isActive,
        position: input.order,
      })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('restaurant insert returned nothing');
    const after = toAdminRestaurant(row);
    await audit(
      tx,
      staff,
      ip,
      { action: 'restaurant.create', entity: 'restaurant', entityId: row.deliveryTerminalId, after },
      now,
    );
    return after;
  });
  await publishSettings(ctx);
  return created;
}

export async function updateRestaurant(
  { ctx, ip, staff }: Actor,
  id: string,
  patch: BodyOf<typeof adminUpdateRestaurant>,
): Promise<AdminRestaurant> {
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const before = (await tx.select().from(restaurants).where(eq(restaurants.deliveryTerminalId, id)).limit(1))[0];
    if (!before) throw notFound(SETTINGS_MESSAGES.restaurantNotFound, 'restaurant-not-found');
    if (patch.cityId !== undefined) await requireCity(tx, patch.cityId);
    const rows = await tx
      .update(restaurants)
      .set({
        ...(patch.cityId !== undefined ? { cityId: patch.cityId } : {}),
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.address !== undefined ? { address: patch.address } : {}),
        ...(patch.phone !== undefined ? { phone: patch.phone } : {}),
        ...(patch.location !== undefined ? { lat: patch.location.lat, lon: patch.location.lon } : {}),
        ...(patch.hours !== undefined ? { hours: patch.hours } : {}),
        ...(patch.cookingMinutes !== undefined ? { cookingMinutes: patch.cookingMinutes } : {}),
        ...(patch.isOnlinePaymentDisabled !== undefined
          ? { isOnlinePaymentDisabled: patch.isOnlinePaymentDisabled }
          : {}),
        ...(patch.isActive !== undefined ? { isActive: patch.isActive } : {}),
        ...(patch.order !== undefined ? { position: patch.order } : {}),
      })
      .where(eq(restaurants.deliveryTerminalId, id))
      .returning();
    const after = toAdminRestaurant(rows[0] ?? before);
    await audit(
      tx,
      staff,
      ip,
      { action: 'restaurant.update', entity: 'restaurant', entityId: id, before: toAdminRestaurant(before), after },
      now,
    );
    return after;
  });
  await publishSettings(ctx);
  return updated;
}

// ---------------------------------------------------------------------------------------------
// Delivery zones

type ZoneRow = typeof deliveryZones.$inferSelect;
function toAdminZone(z: ZoneRow): AdminZone {
  return {
    id: z.id,
    cityId: z.cityId,
    name: z.name,
    polygon: z.polygon,
    minSum: z.minSum,
    deliveryPrice: z.deliveryPrice,
    deliveryMinutes: z.deliveryMinutes,
    deliveryTerminalId: z.deliveryTerminalId,
    order: z.position,
  };
}

function checkRing(polygon: [number, number][] | undefined): void {
  if (polygon === undefined) return;
  const first = polygon[0];
  const last = polygon[polygon.length - 1];
  if (!first || !last || first[0] !== last[0] || first[1] !== last[1])
    throw unprocessable(SETTINGS_MESSAGES.ringNotClosed, 'ring-not-closed');
}

async function checkZoneRestaurant(tx: Executor, cityId: string, terminalId: string): Promise<void> {
  const row = (
    await tx
      .select({ cityId: restaurants.cityId })
      .from(restaurants)
      .where(eq(restaurants.deliveryTerminalId, terminalId))
      .limit(1)
  )[0];
  if (!row) throw unprocessable(SETTINGS_MESSAGES.restaurantNotFound, 'restaurant-not-found');
  if (row.cityId !== cityId) throw unprocessable(SETTINGS_MESSAGES.restaurantOfOtherCity, 'restaurant-other-city');
}

export async function listAdminZones(db: Executor, cityId: string | undefined): Promise<AdminZone[]> {
  return (
    await db
      .select()
      .from(deliveryZones)
      .where(cityId ? eq(deliveryZones.cityId, cityId) : undefined)
      .orderBy(asc(deliveryZones.cityId), asc(deliveryZones.position), asc(deliveryZones.id))
  ).map(toAdminZone);
}

export async function createZone(
  { ctx, ip, staff }: Actor,
  input: BodyOf<typeof adminCreateZone>,
  newId: string,
): Promise<AdminZone> {
  checkRing(input.polygon);
  const now = ctx.clock.now();
  const id = input.id ?? newId;
  const created = await ctx.db.transaction(async (tx) => {
    await requireCity(tx, input.cityId);
    await checkZoneRestaurant(tx, input.cityId, input.deliveryTerminalId);
    const taken = await tx
      .select({ id: deliveryZones.id })
      .from(deliveryZones)
      .where(eq(deliveryZones.id, id))
      .limit(1);
    if (taken.length > 0) throw conflict(SETTINGS_MESSAGES.zoneTaken, 'zone-taken');
    const rows = await tx
      .insert(deliveryZones)
      .values({
        id,
        cityId: input.cityId,
        name: input.name,
        polygon: input.polygon,
        minSum: input.minSum,
        deliveryPrice: input.deliveryPrice,
        deliveryMinutes: input.deliveryMinutes,
        deliveryTerminalId: input.deliveryTerminalId,
        position: input.order,
      })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('zone insert returned nothing');
    const after = toAdminZone(row);
    await audit(tx, staff, ip, { action: 'zone.create', entity: 'zone', entityId: id, after }, now);
    return after;
  });
  await publishSettings(ctx);
  return created;
}

export async function updateZone(
  { ctx, ip, staff }: Actor,
  id: string,
  patch: BodyOf<typeof adminUpdateZone>,
): Promise<AdminZone> {
  checkRing(patch.polygon);
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const before = (await tx.select().from(deliveryZones).where(eq(deliveryZones.id, id)).limit(1))[0];
    if (!before) throw notFound(SETTINGS_MESSAGES.zoneNotFound, 'zone-not-found');
    const cityId = patch.cityId ?? before.cityId;
    if (patch.cityId !== undefined) await requireCity(tx, cityId);
    if (patch.cityId !== undefined || patch.deliveryTerminalId !== undefined)
      await checkZoneRestaurant(tx, cityId, patch.deliveryTerminalId ?? before.deliveryTerminalId);
    const rows = await tx
      .update(deliveryZones)
      .set({
        ...(patch.cityId !== undefined ? { cityId: patch.cityId } : {}),
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.polygon !== undefined ? { polygon: patch.polygon } : {}),
        ...(patch.minSum !== undefined ? { minSum: patch.minSum } : {}),
        ...(patch.deliveryPrice !== undefined ? { deliveryPrice: patch.deliveryPrice } : {}),
        ...(patch.deliveryMinutes !== undefined ? { deliveryMinutes: patch.deliveryMinutes } : {}),
        ...(patch.deliveryTerminalId !== undefined ? { deliveryTerminalId: patch.deliveryTerminalId } : {}),
        ...(patch.order !== undefined ? { position: patch.order } : {}),
      })
      .where(eq(deliveryZones.id, id))
      .returning();
    const after = toAdminZone(rows[0] ?? before);
    await audit(
      tx,
      staff,
      ip,
      { action: 'zone.update', entity: 'zone', entityId: id, before: toAdminZone(before), after },
      now,
    );
    return after;
  });
  await publishSettings(ctx);
  return updated;
}

export async function deleteZone({ ctx, ip, staff }: Actor, id: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const before = (await tx.select().from(deliveryZones).where(eq(deliveryZones.id, id)).limit(1))[0];
    if (!before) throw notFound(SETTINGS_MESSAGES.zoneNotFound, 'zone-not-found');
    await tx.delete(deliveryZones).where(eq(deliveryZones.id, id));
    await audit(
      tx,
      staff,
      ip,
      { action: 'zone.delete', entity: 'zone', entityId: id, before: toAdminZone(before) },
      now,
    );
  });
  await publishSettings(ctx);
}

// ---------------------------------------------------------------------------------------------
// Pages

type PageRow = typeof pages.$inferSelect;
function toPage(p: PageRow): Page {
  return { slug: p.slug, cityId: p.cityId, title: p.title, body: p.body, updatedAt: p.updatedAt.toISOString() };
}

export async function listAdminPages(db: Executor, cityId: string | undefined): Promise<Page[]> {
  return (
    await db
      .select()
      .from(pages)
      .where(cityId ? eq(pages.cityId, cityId) : undefined)
      .orderBy(asc(pages.cityId), asc(pages.slug))
  ).map(toPage);
}

export async function savePage(
  { ctx, ip, staff }: Actor,
  cityId: string,
  slug: string,
  input: { title: string; body: string },
): Promise<Page> {
  const now = ctx.clock.now();
  const saved = await ctx.db.transaction(async (tx) => {
    const city = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId)).limit(1);
    if (city.length === 0) throw notFound(SETTINGS_MESSAGES.pageCity, 'city-not-found');
    const before = (
      await tx
        .select()
        .from(pages)
        .where(and(eq(pages.cityId, cityId), eq(pages.slug, slug)))
        .limit(1)
    )[0];
    const rows = await tx
      .insert(pages)
      .values({ slug, cityId, title: input.title, body: input.body, updatedAt: now })
      .onConflictDoUpdate({
        target: [pages.slug, pages.cityId],
        set: { title: input.title, body: input.body, updatedAt: now },
      })
      .returning();
    // pages have no version trigger: bump the settings version so open storefronts re-read
    await tx.execute(
      sql`update content_versions set version = version + 1, updated_at = now() where name = 'settings'`,
    );
    const row = rows[0];
    if (!row) throw new Error('page upsert returned nothing');
    const after = toPage(row);
    await audit(
      tx,
      staff,
      ip,
      {
        action: 'page.save',
        entity: 'page',
        entityId: `${cityId}/${slug}`,
        before: before ? toPage(before) : null,
        after,
      },
      now,
    );
    return after;
  });
  await publishSettings(ctx);
  return saved;
}
