// Staff accounts for the admin tests: created straight in the database (argon2 hash), then
// signed in through POST /api/v1/admin/auth/login like the admin client does.
import { randomUUID } from 'node:crypto';
import { staff } from '../../../server/db/schema/admin.js';
import { hashPassword } from '../../../server/services/admin/staff.js';
import type { TestServer } from '../helpers.js';

export const STAFF_PASSWORD = 'correct horse battery';

let counter = 0;
let ipCounter = 0;
export function nextStaffIp(): string {
  ipCounter += 1;
  return `10.77.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function createStaffRow(server: TestServer, role: 'admin' | 'operator', login?: string): Promise<{ id: string; login: string }> {
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

export async function signInStaff(server: TestServer, role: 'admin' | 'operator'): Promise<SignedInStaff> {
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
