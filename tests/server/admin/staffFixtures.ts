// Staff accounts for the admin tests: created straight in the database (argon2 hash), then
// signed in through POST /api/v1/admin/auth/login like the admin client does.
import { randomUUID } from 'node:crypto';
import { addressDraft } from '../../fixtures/address';
import { sql } from 'drizzle-orm';
import { staff, type StaffRoleValue } from '../../../server/db/schema/admin.js';
import { hashPassword } from '../../../server/services/admin/staff.js';
import { afterAll, beforeAll, expect } from 'vitest';
import { perFile } from '../../support/perFile.js';
import { callApi, type ApiCall } from '../customers.js';
import { createTestServer, type TestServer } from '../helpers.js';

export const STAFF_PASSWORD = 'correct horse battery';

let counter = 0;
let ipCounter = 0;
export function nextStaffIp(): string {
  ipCounter += 1;
  return `10.77.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function createStaffRow(
  server: Pick<TestServer, 'db'>,
  role: StaffRoleValue,
  login?: string,
): Promise<{ id: string; login: string }> {
  counter += 1;
  const name = login ?? `${role}${counter}-${process.pid}`;
  const id = randomUUID();
  const passwordHash = await hashPassword(STAFF_PASSWORD);
  await server.db.run((db) => db.insert(staff).values({ id, login: name, name: `Тест ${role}`, role, passwordHash }));
  return { id, login: name };
}

export interface SignedInStaff {
  id: string;
  login: string;
  token: string;
  auth: { authorization: string };
}

export async function signInStaff(
  server: Pick<TestServer, 'app' | 'db'>,
  role: StaffRoleValue,
): Promise<SignedInStaff> {
  const row = await createStaffRow(server, role);
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/login',
    payload: { login: row.login, password: STAFF_PASSWORD },
    remoteAddress: nextStaffIp(),
  });
  if (res.statusCode !== 200) throw new Error(`staff sign-in failed: ${res.statusCode} ${res.body}`);
  const token = res.json<{ token: string }>().token;
  return { ...row, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * A staff member of this role signed in on the file's server before its tests; declared after the
 * server, so its sign-in runs once the server has started.
 */
export function staffPerFile(server: Pick<TestServer, 'app' | 'db'>, role: StaffRoleValue): SignedInStaff {
  return perFile(
    () => signInStaff(server, role),
    async () => undefined,
  );
}

type StaffCall = [method: ApiCall[0], url: string, payload?: unknown];
type CallAnswer = Promise<{ status: number; body: Record<string, unknown> }>;

/** An /api/v1 call as this staff member, answered with its status and JSON body. */
export async function callAs(
  server: TestServer,
  who: { auth: Record<string, string> },
  ...[method, url, payload]: StaffCall
): CallAnswer {
  const res = await callApi(server, method, url, who.auth, payload);
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

/** `callAs` on one server, for the suites that call as several staff members: `const call = callsOn(server)`. */
export function callsOn(server: TestServer): (who: { auth: Record<string, string> }, ...call: StaffCall) => CallAnswer {
  return (who, ...call) => callAs(server, who, ...call);
}

/** POST /admin/orders/:id/status as `who`, expected accepted. */
export async function moveOrderAs(
  server: { app: Pick<TestServer['app'], 'inject'> },
  who: { auth: Record<string, string> },
  orderId: string,
  status: string,
): Promise<void> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/status`,
    headers: who.auth,
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
}

export interface TestOrder {
  userId: string;
  cityId?: string;
  deliveryTerminalId?: string;
  deliveryMethod?: 'delivery' | 'self';
  status?: string;
  paymentMethod?: 'cash' | 'courier-card' | 'card' | 'sbp';
  paymentStatus?: 'none' | 'pending' | 'paid' | 'failed' | 'refunded';
  total?: number;
  bonusSpent?: number;
  createdAt?: string;
}

/** An order row written straight to the database (the checkout itself is tested elsewhere). */
export async function insertOrder(
  server: Pick<TestServer, 'db'>,
  o: TestOrder,
): Promise<{ id: string; number: number }> {
  const method = o.deliveryMethod ?? 'self';
  const address =
    method === 'delivery' ? JSON.stringify(addressDraft({ street: 'улица Карла Маркса', home: '10' })) : null;
  const total = o.total ?? 990;
  const items = JSON.stringify([
    {
      productId: 'set-philadelphia',
      name: 'Сет Филадельфия',
      amount: 1,
      price: total,
      sum: total,
      mods: [],
      isGift: false,
    },
  ]);
  const result = await server.db.run((db) =>
    db.execute<{ id: string; number: string | number }>(sql`
      insert into orders (user_id, city_id, status, delivery_method, address, delivery_terminal_id, items, goods_total, total,
                          bonus_spent, payment_method, payment_status, created_at, updated_at)
      values (${o.userId}, ${o.cityId ?? 'city-angarsk'}, ${o.status ?? 'Unconfirmed'}, ${method}, ${address}::jsonb,
              ${o.deliveryTerminalId ?? 'dt-angarsk-2'}, ${items}::jsonb, ${total + (o.bonusSpent ?? 0)}, ${total}, ${o.bonusSpent ?? 0},
              ${o.paymentMethod ?? 'cash'}, ${o.paymentStatus ?? 'none'}, ${o.createdAt ?? '2026-11-20T04:00:00Z'}, ${o.createdAt ?? '2026-11-20T04:00:00Z'})
      returning id, number`),
  );
  const row = result.rows[0];
  if (!row) throw new Error('order not inserted');
  return { id: row.id, number: Number(row.number) };
}

/** A test server with a signed-in admin, handed to `ready` before the file's tests; closed after them. */
export function useStaffServer(ready: (server: TestServer, admin: SignedInStaff) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await createTestServer();
    ready(server, await signInStaff(server, 'admin'));
  });
  afterAll(async () => {
    await server?.close();
  });
}
