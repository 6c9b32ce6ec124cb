import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { settings as settingsTable } from '../../server/db/schema/catalog.js';
import { Settings } from '../../src/api/entities.js';
import { CITY, TERMINAL } from '../../server/seed/index.js';
import { cityWorkTime, validateSettingValue } from '../../server/services/settings.js';
import { isOpenAt } from '../../src/domain/workingHours.js';
import { testServerPerFile } from './helpers.js';

const server = testServerPerFile();

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const exec = (query: ReturnType<typeof sql>) => server.db.run((db) => db.execute(query));
async function settingsVersion(): Promise<string> {
  const res = await get('/setting/version');
  expect(res.statusCode).toBe(200);
  return (res.json() as { version: string }).version;
}

describe('GET /api/v1/setting', () => {
  it('answers every setting of PRODUCT.md §3 as the shared Settings schema, nothing more', async () => {
    const res = await get('/setting');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const settings = Settings.parse(body);
    expect(Object.keys(body).sort()).toEqual(Object.keys(Settings.shape).sort());
    expect(settings).toMatchObject({
      IS_SITE_NOT_WORKING: false,
      STORE_VERSION: '1',
      MOBILE_APP_VERSION: '1',
      CAPTCHA_SITE_KEY: '',
      IS_WITHOUT_RECAPTCHA: true,
      // No CAPTCHA_SECRET on this server: it verifies no token, so the client runs no widget.
      CAPTCHA_PROVIDER: null,
      MAPS_KEY: '',
      BONUS_SPEND_CAP: 0.3,
      BONUS_ACCRUAL_PERCENT: 5,
      IS_ONLINE_PAYMENT_DISABLE: { delivery: false, self: false },
      ANGARSK_ID: CITY.angarsk,
      SHELEKHOV_ID: CITY.shelekhov,
    });
    expect(settings.TEXT_SITE_NOT_WORKING).toBe(
      'По техническим причинам прием заказов временно невозможен приносим свои извинения',
    );
    expect(settings.STORIES.length).toBeGreaterThanOrEqual(4);
    expect(settings.SLIDES.length).toBeGreaterThanOrEqual(3);
    expect(settings.SETTINGS_VERSION).toBe(await settingsVersion());
    expect(Object.keys(settings.WORK_TIME).sort()).toEqual(Object.values(CITY).sort());
    expect(settings.PHONES.restaurants.length).toBe(Object.values(settings.DELIVERY_TERMINALS).flat().length);
  });

  it('assembles restaurants, zones and working hours from their tables', async () => {
    const settings = Settings.parse((await get('/setting')).json());
    const irkutsk = settings.DELIVERY_TERMINALS[CITY.irkutsk] ?? [];
    expect(irkutsk.map((r) => r.deliveryTerminalId)).toEqual([TERMINAL.irkutsk1, TERMINAL.irkutsk2, TERMINAL.irkutsk3]);
    expect(irkutsk.find((r) => r.deliveryTerminalId === TERMINAL.irkutsk2)?.isOnlinePaymentDisabled).toBe(true);
    // Irkutsk: one restaurant opens at 11:00 and closes at 03:00 on Friday; the city window is the widest.
    expect(settings.WORK_TIME[CITY.irkutsk]?.[5]).toEqual({ open: '10:00', close: '03:00', isNextDay: true });
    expect(settings.WORK_TIME[CITY.irkutsk]?.[1]).toEqual({ open: '10:00', close: '23:30', isNextDay: false });
    for (const zones of Object.values(settings.CITY_ZONES)) {
      for (const zone of zones) {
        expect(zone.polygon[0]).toEqual(zone.polygon[zone.polygon.length - 1]);
        expect(zone.minSum).toBeGreaterThan(0);
        expect(zone.deliveryMinutes).toBeGreaterThanOrEqual(60);
      }
    }
  });

  it('answers 304 on If-None-Match of its ETag', async () => {
    const first = await get('/setting');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect((await get('/setting', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('bumps the settings version when a setting, a restaurant or a zone changes (direct SQL)', async () => {
    const v1 = await settingsVersion();
    await exec(sql`update settings set value = 'true'::jsonb where name = 'IS_SITE_NOT_WORKING'`);
    const v2 = await settingsVersion();
    expect(v2).not.toBe(v1);
    const settings = Settings.parse((await get('/setting')).json());
    expect(settings.IS_SITE_NOT_WORKING).toBe(true);
    expect(settings.SETTINGS_VERSION).toBe(v2);

    await exec(
      sql`update restaurants set phone = '+7 (3955) 61-99-99' where delivery_terminal_id = ${TERMINAL.angarsk1}`,
    );
    const v3 = await settingsVersion();
    expect(v3).not.toBe(v2);
    const after = Settings.parse((await get('/setting')).json());
    expect(after.DELIVERY_TERMINALS[CITY.angarsk]?.[0]?.phone).toBe('+7 (3955) 61-99-99');

    await exec(sql`update delivery_zones set min_sum = 750 where id = 'zone-angarsk-center'`);
    expect(await settingsVersion()).not.toBe(v3);
    const zones = Settings.parse((await get('/setting')).json()).CITY_ZONES[CITY.angarsk] ?? [];
    expect(zones.find((z) => z.id === 'zone-angarsk-center')?.minSum).toBe(750);
    await exec(sql`update settings set value = 'false'::jsonb where name = 'IS_SITE_NOT_WORKING'`);
  });
});

describe('GET /api/v1/setting/:name', () => {
  it('answers SETTINGS_VERSION, STORE_VERSION and MOBILE_APP_VERSION as a single bare JSON value (PRODUCT.md §7)', async () => {
    for (const name of ['STORE_VERSION', 'MOBILE_APP_VERSION', 'SETTINGS_VERSION']) {
      const res = await get(`/setting/${name}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(typeof res.json()).toBe('string');
    }
    expect((await get('/setting/STORE_VERSION')).body).toBe('"1"');
    expect((await get('/setting/MOBILE_APP_VERSION')).json()).toBe('1');
    expect((await get('/setting/SETTINGS_VERSION')).json()).toBe(await settingsVersion());
  });

  it('follows a changed store version, and defaults it to 1 when the row is gone', async () => {
    await exec(sql`update settings set value = '"2"'::jsonb where name = 'STORE_VERSION'`);
    expect((await get('/setting/STORE_VERSION')).json()).toBe('2');
    await exec(sql`delete from settings where name = 'STORE_VERSION'`);
    expect((await get('/setting/STORE_VERSION')).json()).toBe('1');
    expect(Settings.parse((await get('/setting')).json()).STORE_VERSION).toBe('1');
  });

  it('answers 404 with a Russian message for any other name', async () => {
    const res = await get('/setting/MAPS_KEY_SECRET');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Настройка MAPS_KEY_SECRET не найдена' });
  });
});

/** A local time in Irkutsk (+08:00) on the weekday of 1–7 November 2026 (the 1st is a Sunday). */
const instantAt = (weekday: number, time: string) => `2026-11-0${1 + weekday}T${time}:00+08:00`;

describe('cityWorkTime', () => {
  it('treats a day with equal open and close as closed (PRODUCT.md §5) and keeps overnight windows', () => {
    const closed = { open: '00:00', close: '00:00', isNextDay: false };
    const week = (day: { open: string; close: string; isNextDay: boolean }) => [day, day, day, day, day, day, day];
    expect(cityWorkTime([week(closed)])[0]).toEqual(closed);
    expect(cityWorkTime([week(closed), week({ open: '12:00', close: '01:00', isNextDay: true })])[3]).toEqual({
      open: '12:00',
      close: '01:00',
      isNextDay: true,
    });
    expect(cityWorkTime([])[0]).toEqual(closed);
  });

  it('keeps a city open when its restaurants together cover the whole day, which equal open and close would close', () => {
    const week = (day: { open: string; close: string; isNextDay: boolean }) => [day, day, day, day, day, day, day];
    const day = week({ open: '10:00', close: '22:00', isNextDay: false });
    const night = week({ open: '22:00', close: '10:00', isNextDay: true });
    const merged = cityWorkTime([day, night]);
    for (const weekday of [0, 3, 6]) {
      expect(isOpenAt(merged, instantAt(weekday, '09:59'), 'Asia/Irkutsk')).toBe(true);
      expect(isOpenAt(merged, instantAt(weekday, '10:00'), 'Asia/Irkutsk')).toBe(true);
      expect(isOpenAt(merged, instantAt(weekday, '23:30'), 'Asia/Irkutsk')).toBe(true);
    }
  });

  it('does not count a restaurant day with equal open and close as open, even marked «до следующего дня»', () => {
    const week = (day: { open: string; close: string; isNextDay: boolean }) => [day, day, day, day, day, day, day];
    const odd = week({ open: '10:00', close: '10:00', isNextDay: true });
    const evening = week({ open: '18:00', close: '23:00', isNextDay: false });
    expect(cityWorkTime([odd, evening])[2]).toEqual({ open: '18:00', close: '23:00', isNextDay: false });
  });
});

describe('settings table through Drizzle', () => {
  it('reads string values as strings and writes them back as JSON (no double parsing)', async () => {
    await server.db.run((db) =>
      db.update(settingsTable).set({ value: '7' }).where(eq(settingsTable.name, 'MOBILE_APP_VERSION')),
    );
    const rows = await server.db.run((db) =>
      db.select().from(settingsTable).where(eq(settingsTable.name, 'MOBILE_APP_VERSION')),
    );
    expect(rows[0]?.value).toBe('7');
    expect((await get('/setting/MOBILE_APP_VERSION')).json()).toBe('7');
    const cap = await server.db.run((db) =>
      db.select().from(settingsTable).where(eq(settingsTable.name, 'IS_ONLINE_PAYMENT_DISABLE')),
    );
    expect(cap[0]?.value).toEqual({ delivery: false, self: false });
  });
});

describe('validateSettingValue', () => {
  it('accepts values of the shared schema and refuses others and assembled names', () => {
    expect(validateSettingValue('IS_SITE_NOT_WORKING', true)).toEqual({ ok: true });
    expect(validateSettingValue('BONUS_SPEND_CAP', 1.5)).toEqual({
      ok: false,
      message: 'Недопустимое значение настройки BONUS_SPEND_CAP',
    });
    expect(validateSettingValue('STORE_VERSION', 2)).toMatchObject({ ok: false });
    expect(validateSettingValue('WORK_TIME', {})).toMatchObject({ ok: false });
  });
});
