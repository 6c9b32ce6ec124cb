// CSV exports of orders and customers: BOM, ';', quoting, the screens' filters, dates in the city's
// time zone, a withdrawn consent marked, keyset pages of the size asked for, audit, roles.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ordersExportPage, type OrdersPageReader } from '../../../server/repositories/exports.js';
import { ordersCsv } from '../../../server/services/admin/exports.js';
import { testServerPerFile } from '../helpers.js';
import { signedInUser } from '../ordersFixtures.js';
import { insertDashOrder } from './dashboardFixtures.js';
import { staffPerFile, type SignedInStaff } from './staffFixtures.js';

const server = testServerPerFile();
const manager = staffPerFile(server, 'manager');
const operator = staffPerFile(server, 'operator');
let ivan: { id: string; phone: string };
let olga: { id: string; phone: string };
const numbers: number[] = [];

/** RFC 4180 with ';': the records of a CSV text (quotes doubled inside quoted fields). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

beforeAll(async () => {
  ivan = await signedInUser(server.db);
  olga = await signedInUser(server.db);
  await server.db.run(async (db) => {
    await db.execute(sql`update users set name = ${'Иванов; "Ваня"'} where id = ${ivan.id}`);
    await db.execute(
      sql`update users set name = '=HYPERLINK("http://x")', personal_data = false where id = ${olga.id}`,
    );
    // Olga consented once and withdrew it (personal_data false now); Ivan's consent stands
    await db.execute(
      sql`insert into personal_data_consents (user_id, given_at, channel, legal_version) values (${olga.id}, now(), 'sign-in', 'v1')`,
    );
    await db.execute(sql`update users set personal_data = true where id = ${ivan.id}`);
  });
  // three orders at the same instant: the keyset must page through them by number
  for (const total of [1000, 1100, 1200]) {
    numbers.push(
      (
        await insertDashOrder(server, {
          userId: ivan.id,
          total,
          createdAt: '2026-11-20T01:30:00.123456Z',
          comment: 'Позвонить; код "12"\nвторой подъезд',
          coupon: 'SALE10',
          discount: 100,
          deliveryMethod: 'delivery',
          zoneId: 'zone-angarsk-center',
        })
      ).number,
    );
  }
  numbers.push(
    (
      await insertDashOrder(server, {
        userId: olga.id,
        total: 500,
        cityId: 'city-shelekhov',
        deliveryTerminalId: 'dt-shelekhov-1',
        paymentMethod: 'card',
        paymentStatus: 'paid',
        createdAt: '2026-11-19T10:00:00Z',
      })
    ).number,
  );
  numbers.push(
    (
      await insertDashOrder(server, {
        userId: olga.id,
        total: 700,
        status: 'Cancelled',
        cancelReason: 'Нет курьеров',
        createdAt: '2026-11-18T10:00:00Z',
      })
    ).number,
  );
});

async function download(path: string, who: SignedInStaff = manager) {
  return server.app.inject({ url: `/api/v1/admin/exports/${path}`, headers: who.auth });
}

describe('the orders CSV', () => {
  it('is UTF-8 with a BOM, ";"-separated, CRLF, with a header row, an attachment name, newest first', async () => {
    const res = await download('orders.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-11-20.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.subarray(3).toString('utf8');
    expect(text.startsWith('Номер;Дата;Город;Ресторан;Статус;Получение;Телефон;Имя;Адрес;Состав;')).toBe(true);
    const [head, ...rows] = parseCsv(text);
    expect(head).toHaveLength(22);
    const [n1 = 0, n2 = 0, n3 = 0, n4 = 0, n5 = 0] = numbers;
    expect(rows.map((r) => Number(r[0]))).toEqual([n3, n2, n1, n4, n5]);
  });

  it('quotes fields holding ";", quotes or line breaks; keeps text typed by customers from being a formula', async () => {
    const text = (await download('orders.csv')).rawPayload.subarray(3).toString('utf8');
    expect(text).toContain(';"Иванов; ""Ваня""";');
    expect(text).toContain(';"Позвонить; код ""12""\nвторой подъезд";');
    const rows = parseCsv(text);
    const first = rows[1] ?? [];
    expect(first).toEqual([
      String(numbers[2]),
      '20.11.2026 09:30', // Angarsk: Asia/Irkutsk
      'Ангарск',
      expect.any(String),
      'Новый',
      'доставка',
      ivan.phone,
      'Иванов; "Ваня"',
      'Ангарск, улица Карла Маркса, 10, кв. 5',
      'Сет Мини × 1',
      '1300',
      '100',
      '0',
      '0',
      '0',
      '1200',
      'SALE10',
      'Наличными',
      'при получении',
      'как можно скорее',
      'Позвонить; код "12"\nвторой подъезд',
      '',
    ]);
    const olgaRow = rows.find((r) => r[0] === String(numbers[3])) ?? [];
    expect(olgaRow[7]).toBe(`'=HYPERLINK("http://x")`);
    const cancelled = rows.find((r) => r[0] === String(numbers[4])) ?? [];
    expect([cancelled[4], cancelled[21]]).toEqual(['Отменён', 'Нет курьеров']);
  });

  it('takes the orders list’s filters: city, status, phone, dates in the city’s time zone', async () => {
    const numbersOf = async (query: string) =>
      parseCsv((await download(`orders.csv?${query}`)).rawPayload.subarray(3).toString('utf8'))
        .slice(1)
        .map((r) => Number(r[0]));
    expect(await numbersOf('cityId=city-shelekhov')).toEqual([numbers[3]]);
    expect(await numbersOf('status=Cancelled')).toEqual([numbers[4]]);
    expect(await numbersOf(`phone=${ivan.phone.slice(-6)}`)).toEqual([numbers[2], numbers[1], numbers[0]]);
    expect(await numbersOf('cityId=city-angarsk&from=2026-11-20&to=2026-11-20')).toEqual([
      numbers[2],
      numbers[1],
      numbers[0],
    ]);
  });

  it('a bad filter answers 422 with the Russian message before any file', async () => {
    const phone = await download('orders.csv?phone=12');
    expect([phone.statusCode, phone.json<{ message: string }>().message]).toEqual([
      422,
      'Укажите номер телефона или не меньше 4 его цифр',
    ]);
    const status = await download('orders.csv?status=Lost');
    expect([status.statusCode, status.json<{ message: string }>().message]).toEqual([
      422,
      'Неизвестный статус заказа: Lost',
    ]);
  });

  it('reads the orders in keyset pages of the size asked for, each row once', async () => {
    const asked: { limit: number; after: string | null }[] = [];
    const spy: OrdersPageReader = (db, condition, after, limit) => {
      asked.push({ limit, after: after === null ? null : `${after.at}#${after.number}` });
      return ordersExportPage(db, condition, after, limit);
    };
    const stream = await ordersCsv(server.db, {}, { pageSize: 2, readPage: spy });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    const rows = parseCsv(Buffer.concat(chunks).subarray(3).toString('utf8')).slice(1);
    expect(rows.map((r) => Number(r[0]))).toEqual([numbers[2], numbers[1], numbers[0], numbers[3], numbers[4]]);
    expect(asked.map((a) => a.limit)).toEqual([2, 2, 2]);
    expect(asked.map((a) => a.after)).toEqual([
      null,
      `2026-11-20T01:30:00.123456Z#${numbers[1]}`,
      `2026-11-19T10:00:00.000000Z#${numbers[3]}`,
    ]);
  });

  it('is written to the audit log with the filters', async () => {
    await download('orders.csv?cityId=city-shelekhov');
    const rows = await server.db.run((db) =>
      db.execute<{ staff_login: string; entity_id: string; after: { filters: Record<string, unknown> } }>(
        sql`select staff_login, entity_id, after from audit_log where action = 'export.orders' order by id desc limit 1`,
      ),
    );
    expect(rows.rows[0]).toEqual({
      staff_login: manager.login,
      entity_id: 'orders',
      after: { filters: { cityId: 'city-shelekhov' } },
    });
  });

  it('an operator may not export: 403', async () => {
    const res = await download('orders.csv', operator);
    expect(res.statusCode).toBe(403);
    const customers = await download('customers.csv', operator);
    expect(customers.statusCode).toBe(403);
  });
});

describe('the customers CSV', () => {
  it('lists customers with orders, totals, balance and consent; a withdrawn consent is marked «отозвано»', async () => {
    const res = await download('customers.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [head, ...rows] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(head).toEqual([
      'Телефон',
      'Имя',
      'Зарегистрирован',
      'Заказов',
      'Сумма заказов, ₽',
      'Последний заказ',
      'Бонусы',
      'Согласие на обработку персональных данных',
      'Рекламная рассылка',
    ]);
    const ivanRow = rows.find((r) => r[0] === ivan.phone) ?? [];
    expect([ivanRow[1], ivanRow[3], ivanRow[4], ivanRow[5], ivanRow[7]]).toEqual([
      'Иванов; "Ваня"',
      '3',
      '3300',
      '20.11.2026 09:30',
      'дано',
    ]);
    const olgaRow = rows.find((r) => r[0] === olga.phone) ?? [];
    expect([olgaRow[1], olgaRow[3], olgaRow[4], olgaRow[7]]).toEqual([
      `'=HYPERLINK("http://x")`,
      '1',
      '500',
      'отозвано',
    ]);
  });

  it('filters by phone like the customers screen; 422 for fewer than 4 digits; audited', async () => {
    const res = await download(`customers.csv?phone=${encodeURIComponent(olga.phone)}`);
    const rows = parseCsv(res.rawPayload.subarray(3).toString('utf8')).slice(1);
    expect(rows.map((r) => r[0])).toEqual([olga.phone]);
    const bad = await download('customers.csv?phone=12');
    expect(bad.statusCode).toBe(422);
    const audited = await server.db.run((db) =>
      db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'export.customers'`),
    );
    expect(audited.rows[0]?.n).toBe(2); // the two exports above, not the refused one
  });
});
