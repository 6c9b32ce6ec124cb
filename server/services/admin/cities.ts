// Cities as staff edit them, with their CITIES_DATA entry (kept in the settings row of that name,
// by the city's iikoId).
import type { Executor } from '../../db/database.js';
import {
  cityKeyTaken,
  findCity,
  insertCity,
  listCities,
  updateCityRow,
  type CityRow,
} from '../../repositories/catalog.js';
import { readStoredSettings, saveSetting } from '../../repositories/settings.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type { AdminCity, adminCreateCity, adminUpdateCity } from '../../../src/api/contract/admin/settings.js';
import { CityData } from '../../../src/api/entities.js';
import { validateSettingValue } from '../settings.js';
import type { Actor, BodyOf } from './actor.js';
import { staffEdit } from './staffEdit.js';
import { publishSettings, SETTINGS_MESSAGES } from './settings.js';

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
  await saveSetting(tx, 'CITIES_DATA', data, now, { title: 'Данные городов', type: 'json', widget: 'json' });
}

export async function listAdminCities(db: Executor): Promise<AdminCity[]> {
  const data = await citiesData(db);
  return (await listCities(db)).map((r) => toAdminCity(r, data));
}

export async function createCity(actor: Actor, input: BodyOf<typeof adminCreateCity>): Promise<AdminCity> {
  checkTimeZone(input.timeZone);
  return staffEdit(
    actor,
    async (tx, record, now) => {
      if (await cityKeyTaken(tx, input, null)) throw conflict(SETTINGS_MESSAGES.cityTaken, 'city-taken');
      const { order, data: cityData, ...columns } = input;
      const row = await insertCity(tx, { ...columns, position: order });
      const data = await citiesData(tx);
      if (cityData !== null) {
        data[input.iikoId] = cityData;
        await saveCitiesData(tx, data, now);
      }
      const after = toAdminCity(row, data);
      await record({ action: 'city.create', entity: 'city', entityId: input.id, after });
      return after;
    },
    () => publishSettings(actor.ctx),
  );
}

export async function updateCity(actor: Actor, id: string, patch: BodyOf<typeof adminUpdateCity>): Promise<AdminCity> {
  checkTimeZone(patch.timeZone);
  return staffEdit(
    actor,
    async (tx, record, now) => {
      const before = await findCity(tx, id);
      if (!before) throw notFound(SETTINGS_MESSAGES.cityNotFound, 'city-not-found');
      const data = await citiesData(tx);
      const beforeCity = toAdminCity(before, data);
      const keys = { slug: patch.slug ?? before.slug, iikoId: patch.iikoId ?? before.iikoId };
      if ((patch.slug !== undefined || patch.iikoId !== undefined) && (await cityKeyTaken(tx, keys, id)))
        throw conflict(SETTINGS_MESSAGES.cityTaken, 'city-taken');
      const { order, data: cityData, ...columns } = patch;
      const row = (await updateCityRow(tx, id, { ...columns, position: order })) ?? before;
      const oldData = data[before.iikoId];
      if (row.iikoId !== before.iikoId || cityData !== undefined) {
        delete data[before.iikoId];
        const next = cityData !== undefined ? cityData : oldData;
        if (next !== null && next !== undefined) data[row.iikoId] = next;
        await saveCitiesData(tx, data, now);
      }
      const after = toAdminCity(row, data);
      await record({ action: 'city.update', entity: 'city', entityId: id, before: beforeCity, after });
      return after;
    },
    () => publishSettings(actor.ctx),
  );
}
