// Settings and cities in the admin area: metadata-driven edits checked against the
// Settings schema, the site switch, the store version bump, cities data, restaurants' hours,
// delivery zones and pages; each change bumps the settings version and publishes settings:update.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminCity, AdminSetting, AdminZone } from '../../../src/api/contract/admin/settings.js';
import { callApi } from '../customers.js';
import type { Settings } from '../../../src/api/entities.js';
import { testServerPerFile, expectRefusal } from '../helpers.js';
import { staffPerFile } from './staffFixtures.js';

const server = testServerPerFile();
const admin = staffPerFile(server, 'admin');
const operator = staffPerFile(server, 'operator');

const settingsVersion = async () =>
  (await server.app.inject({ method: 'GET', url: '/api/v1/setting/version' })).json<{ version: string }>().version;
const storefrontSettings = async () =>
  (await server.app.inject({ method: 'GET', url: '/api/v1/setting' })).json<Settings>();
const put = (name: string, value: unknown) => callApi(server, 'PUT', `/admin/settings/${name}`, admin.auth, { value });

/** A new Angarsk zone served by the restaurant `deliveryTerminalId`. */
const zoneBody = (deliveryTerminalId: string) => ({
  cityId: 'city-angarsk',
  name: 'Новая',
  polygon: [
    [103.8, 52.5],
    [103.9, 52.5],
    [103.9, 52.6],
    [103.8, 52.5],
  ],
  minSum: 1000,
  deliveryPrice: 200,
  deliveryMinutes: 90,
  deliveryTerminalId,
});

describe('settings', () => {
  it('lists every setting with title, description, type and widget (operators may read)', async () => {
    const res = await callApi(server, 'GET', '/admin/settings', operator.auth);
    expect(res.statusCode).toBe(200);
    const site = res.json<{ settings: AdminSetting[] }>().settings.find((s) => s.name === 'IS_SITE_NOT_WORKING');
    expect(site).toMatchObject({ type: 'boolean', widget: 'switch', editable: true });
    expect(site?.title.length).toBeGreaterThan(0);
  });

  it('switches the site off with its text: the storefront settings show it, the version moves, settings:update is published', async () => {
    const v0 = await settingsVersion();
    server.pushed.length = 0;
    expect((await put('IS_SITE_NOT_WORKING', true)).statusCode).toBe(200);
    expect((await put('TEXT_SITE_NOT_WORKING', 'Сегодня санитарный день')).statusCode).toBe(200);
    const s = await storefrontSettings();
    expect(s.IS_SITE_NOT_WORKING).toBe(true);
    expect(s.TEXT_SITE_NOT_WORKING).toBe('Сегодня санитарный день');
    const v1 = await settingsVersion();
    expect(Number(v1)).toBeGreaterThan(Number(v0));
    expect(server.pushed).toContainEqual({ type: 'settings:update', version: v1 });
    await put('IS_SITE_NOT_WORKING', false);
  });

  it('refuses a value of the wrong type or outside the Settings schema with 422 in Russian', async () => {
    const wrongType = await put('IS_SITE_NOT_WORKING', 'да');
    expectRefusal(wrongType, 422, 'Значение настройки IS_SITE_NOT_WORKING должно быть: да/нет');
    const outside = await put('BONUS_SPEND_CAP', 2);
    expectRefusal(outside, 422, 'Недопустимое значение настройки BONUS_SPEND_CAP');
    const badJson = await put('CHECKOUT_DELIVERY_TEXT', { delivery: 'Курьер позвонит' });
    expect(badJson.statusCode).toBe(422);
    expect((await put('NO_SUCH_SETTING', 1)).statusCode).toBe(404);
  });

  it('edits bonus rules and the delivery text (CHECKOUT_DELIVERY_TEXT)', async () => {
    expect((await put('BONUS_ACCRUAL_PERCENT', 7)).statusCode).toBe(200);
    expect(
      (await put('CHECKOUT_DELIVERY_TEXT', { delivery: 'Курьер позвонит за 10 минут', self: 'Заберите заказ у кассы' }))
        .statusCode,
    ).toBe(200);
    const s = await storefrontSettings();
    expect(s.BONUS_ACCRUAL_PERCENT).toBe(7);
    expect(s.CHECKOUT_DELIVERY_TEXT.self).toBe('Заберите заказ у кассы');
  });

  it('edits stories, phones and the online payment switches; a story without its picture URL is refused', async () => {
    const story = {
      id: 'story-new',
      title: 'Новые роллы',
      imageUrl: '/img/uploads/stories/x.webp',
      link: '/catalog/rolls',
    };
    expect((await put('STORIES', [story])).statusCode).toBe(200);
    expect((await put('STORIES', [{ id: 'story-bad', title: 'Без картинки' }])).statusCode).toBe(422);
    expect(
      (await put('PHONES', { deliveryService: '+7 (3955) 00-00-00', restaurants: ['+7 (3955) 11-11-11'] })).statusCode,
    ).toBe(200);
    expect((await put('IS_ONLINE_PAYMENT_DISABLE', { delivery: true, self: false })).statusCode).toBe(200);
    const s = await storefrontSettings();
    expect(s.STORIES).toEqual([story]);
    expect(s.PHONES.deliveryService).toBe('+7 (3955) 00-00-00');
    expect(s.IS_ONLINE_PAYMENT_DISABLE).toEqual({ delivery: true, self: false });
  });

  it('STORE_VERSION moves only through the bump route (the store version defaults to 1)', async () => {
    expect((await put('STORE_VERSION', '5')).statusCode).toBe(422);
    const before = (await server.app.inject({ method: 'GET', url: '/api/v1/setting/STORE_VERSION' })).json<string>();
    const res = await callApi(server, 'POST', '/admin/settings/store-version/bump', admin.auth, { confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ value: string }>().value).toBe(String(Number(before) + 1));
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/setting/STORE_VERSION' })).json<string>()).toBe(
      String(Number(before) + 1),
    );
    const unconfirmed = await callApi(server, 'POST', '/admin/settings/store-version/bump', admin.auth, {});
    expect(unconfirmed.statusCode).toBe(400);
  });
});

describe('cities, restaurants, zones, pages', () => {
  it('changes a city’s freeDeliveryFrom and isPromocodeHide (CITIES_DATA)', async () => {
    const list = await callApi(server, 'GET', '/admin/cities', admin.auth);
    const angarsk = list.json<{ cities: AdminCity[] }>().cities.find((c) => c.id === 'city-angarsk');
    expect(angarsk?.data).not.toBeNull();
    if (!angarsk?.data) return;
    const res = await callApi(server, 'PATCH', '/admin/cities/city-angarsk', admin.auth, {
      name: 'Ангарск',
      data: { ...angarsk.data, freeDeliveryFrom: 2500, isPromocodeHide: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storefrontSettings()).CITIES_DATA[angarsk.iikoId]).toMatchObject({
      freeDeliveryFrom: 2500,
      isPromocodeHide: true,
    });
  });

  it('adds a city and refuses a taken slug (409) and an unknown time zone (422)', async () => {
    const city = {
      id: 'city-usolye',
      name: 'Усолье-Сибирское',
      slug: 'usolye',
      iikoId: 'iiko-usolye',
      cityIn: 'в Усолье-Сибирском',
      timeZone: 'Asia/Irkutsk',
    };
    const addCity = (body: typeof city) => callApi(server, 'POST', '/admin/cities', admin.auth, body);
    expect((await addCity(city)).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/city/' })).body).toContain('Усолье-Сибирское');
    const taken = await addCity({ ...city, id: 'city-other', iikoId: 'iiko-other' });
    expect(taken.statusCode).toBe(409);
    const tz = await addCity({ ...city, id: 'c2', slug: 'c2', iikoId: 'i2', timeZone: 'Mars/Olympus' });
    expectRefusal(tz, 422, 'Неизвестный часовой пояс');
  });

  it('working hours per city follow the restaurants’ hours (seven days, overnight)', async () => {
    const week = Array.from({ length: 7 }, () => ({ open: '10:00', close: '02:00', isNextDay: true }));
    for (const id of ['dt-shelekhov-1', 'dt-shelekhov-2']) {
      const res = await callApi(server, 'PATCH', `/admin/restaurants/${id}`, admin.auth, { hours: week });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await storefrontSettings()).WORK_TIME['city-shelekhov']?.[3]).toEqual({
      open: '10:00',
      close: '02:00',
      isNextDay: true,
    });
    const six = await callApi(server, 'PATCH', '/admin/restaurants/dt-shelekhov-1', admin.auth, {
      hours: week.slice(0, 6),
    });
    expect(six.statusCode).toBe(400);
  });

  it('edits a delivery zone’s minimum sum and polygon; an open ring is refused', async () => {
    const zones = (await callApi(server, 'GET', '/admin/zones?cityId=city-angarsk', operator.auth)).json<{
      zones: AdminZone[];
    }>().zones;
    const zone = zones[0];
    expect(zone).toBeDefined();
    if (!zone) return;
    const res = await callApi(server, 'PATCH', `/admin/zones/${zone.id}`, admin.auth, { minSum: 900 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storefrontSettings()).CITY_ZONES['city-angarsk']?.find((z) => z.id === zone.id)?.minSum).toBe(900);
    const open = await callApi(server, 'PATCH', `/admin/zones/${zone.id}`, admin.auth, {
      polygon: [
        [103.8, 52.5],
        [103.9, 52.5],
        [103.9, 52.6],
        [103.8, 52.6],
      ],
    });
    expectRefusal(open, 422, 'Многоугольник зоны должен быть замкнут: последняя точка равна первой');
    const created = await callApi(server, 'POST', '/admin/zones', admin.auth, zoneBody('dt-irkutsk-1'));
    expectRefusal(created, 422, 'Ресторан зоны должен быть в том же городе');
  });

  it('an empty change of a city, restaurant or zone answers the object as it is (nothing to write is no error)', async () => {
    for (const url of [
      '/api/v1/admin/cities/city-angarsk',
      '/api/v1/admin/restaurants/dt-irkutsk-1',
      `/api/v1/admin/zones/${(await callApi(server, 'GET', '/admin/zones', admin.auth)).json<{ zones: AdminZone[] }>().zones[0]?.id ?? 'none'}`,
    ]) {
      const res = await server.app.inject({ method: 'PATCH', url, headers: admin.auth, payload: {} });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });

  it('a zone’s change and deletion are audited with before and after and publish settings:update; a missing one is a 404', async () => {
    const created = await callApi(server, 'POST', '/admin/zones', admin.auth, zoneBody('dt-angarsk-1'));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<AdminZone>().id;
    server.pushed.length = 0;
    expect((await callApi(server, 'PATCH', `/admin/zones/${id}`, admin.auth, { minSum: 1100 })).statusCode).toBe(200);
    expect((await callApi(server, 'DELETE', `/admin/zones/${id}`, admin.auth)).statusCode).toBe(204);
    expect(server.pushed.filter((p) => p.type === 'settings:update')).toHaveLength(2);
    const audit = await callApi(server, 'GET', `/admin/audit?entity=zone&entityId=${id}`, admin.auth);
    const entries = audit.json<{ entries: { action: string; before: unknown; after: unknown }[] }>().entries;
    expect(entries.find((e) => e.action === 'zone.update')).toMatchObject({
      before: { minSum: 1000 },
      after: { minSum: 1100 },
    });
    expect(entries.find((e) => e.action === 'zone.delete')).toMatchObject({ before: { minSum: 1100 }, after: null });
    expectRefusal(
      await callApi(server, 'PATCH', `/admin/zones/${id}`, admin.auth, { minSum: 1 }),
      404,
      'Зона доставки не найдена',
    );
    expectRefusal(await callApi(server, 'DELETE', `/admin/zones/${id}`, admin.auth), 404, 'Зона доставки не найдена');
    expectRefusal(
      await callApi(server, 'PATCH', '/admin/restaurants/no-such', admin.auth, {}),
      404,
      'Ресторан не найден',
    );
  });

  it('writes a page’s text for a city', async () => {
    const res = await callApi(server, 'PUT', '/admin/pages/city-angarsk/about', admin.auth, {
      title: 'О нас',
      body: 'Мы готовим с 2010 года.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = await server.app.inject({ method: 'GET', url: '/api/v1/page/about/city-angarsk' });
    expect(page.json<{ body: string }>().body).toBe('Мы готовим с 2010 года.');
  });
});

describe('audit and SMS outbox', () => {
  it('every settings change is in the audit log with who, before and after', async () => {
    const res = await callApi(server, 'GET', '/admin/audit?entity=setting&entityId=BONUS_ACCRUAL_PERCENT', admin.auth);
    expect(res.statusCode).toBe(200);
    const entries = res.json<{ entries: { action: string; staffLogin: string; after: unknown }[]; total: number }>();
    expect(entries.entries[0]).toMatchObject({ action: 'setting.update', staffLogin: admin.login, after: 7 });
    const byStaff = await callApi(server, 'GET', `/admin/audit?staffId=${admin.id}&limit=200`, admin.auth);
    expect(byStaff.json<{ total: number }>().total).toBeGreaterThan(5);
  });

  it('the SMS outbox lists what the embedded provider kept, newest first', async () => {
    await server.db.run((db) =>
      db.execute(
        sql`insert into sms_outbox (phone, text, created_at) values ('+79990001122', 'Код для входа: 123456', now())`,
      ),
    );
    const res = await callApi(server, 'GET', '/admin/sms-outbox?phone=0001122', admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      embedded: true,
      total: 1,
      messages: [{ phone: '+79990001122', text: 'Код для входа: 123456' }],
    });
  });
});
