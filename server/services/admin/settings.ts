// Stored settings as staff edit them (cities, restaurants, zones and pages have their own
// modules beside this one). The settings version is bumped by the triggers of migration 0001 on
// settings, cities, restaurants and delivery_zones (pages bump it themselves); after each change
// settings:update is published with the new version.
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import {
  findSettingRow,
  listSettingRows,
  readStoredSettings,
  saveSetting,
  writeSetting,
  type SettingRow,
} from '../../repositories/settings.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { SETTINGS_MESSAGES, settingTypeMessage } from '../../../src/api/contract/admin/messages.js';
import type { AdminSetting } from '../../../src/api/contract/admin/settings.js';

export { SETTINGS_MESSAGES };
import { readContentVersion } from '../catalog.js';
import { validateSettingValue } from '../settings.js';
import type { Actor } from './actor.js';
import { audit } from './audit.js';

/** After a committed change: tell every storefront the settings changed. */
export async function publishSettings(ctx: AppContext): Promise<string> {
  const version = await ctx.db.run((db) => readContentVersion(db, 'settings'));
  await ctx.push.publish({ type: 'settings:update', version });
  return version;
}

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
  const rows = await listSettingRows(db);
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

export async function updateSetting({ ctx, ip, staff }: Actor, name: string, value: unknown): Promise<AdminSetting> {
  if (name === 'STORE_VERSION') throw unprocessable(SETTINGS_MESSAGES.storeVersionOwnRoute, 'store-version');
  const now = ctx.clock.now();
  const saved = await ctx.db.transaction(async (tx) => {
    const row = await findSettingRow(tx, name);
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
    const updated = (await findSettingRow(tx, name)) ?? row;
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
    await saveSetting(tx, 'STORE_VERSION', next, now, {
      title: 'Версия хранилища клиента',
      type: 'string',
      widget: 'text',
      description:
        'Смена значения сбрасывает сохранённые у посетителей корзину, пользователя и адрес и перезагружает страницу.',
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
