// Sign-in helpers for the customer tests (auth, users, addresses, likes, ownership): go through
// the real OTP flow, reading the code from the test server's recorded SMS.
import type { User } from '../../src/api/entities.js';
import type { TestServer } from './helpers.js';

let ipCounter = 0;
/** A fresh client address per call, so the per-IP send limits of one test do not leak into the next. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let phoneCounter = 0;
/** A fresh valid phone '+79…' per call. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `+7999${String(1_000_000 + phoneCounter * 7919).slice(-7)}`;
}

/** The code of the last SMS sent to the phone. */
export function lastCode(server: TestServer, phone: string): string {
  const message = [...server.sms].reverse().find((m) => m.phone === phone);
  const code = message ? /Код для входа: (\d{6})$/.exec(message.text)?.[1] : undefined;
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

export async function requestCode(server: TestServer, phone: string, ip = nextIp()) {
  return server.app.inject({ method: 'POST', url: '/api/v1/auth/code', payload: { phone }, remoteAddress: ip });
}

export interface SignedIn {
  token: string;
  user: User;
  phone: string;
  auth: { authorization: string };
}

/** Full sign-in: request a code, read it from the SMS, exchange it for a token. */
export async function signIn(server: TestServer, phone = nextPhone(), name = 'Анна'): Promise<SignedIn> {
  const sent = await requestCode(server, phone);
  if (sent.statusCode !== 200) throw new Error(`code request failed: ${sent.statusCode} ${sent.body}`);
  const answer = await server.app.inject({
    method: 'POST',
    url: '/api/v1/auth/token',
    payload: {
      phone,
      code: lastCode(server, phone),
      name,
      personalData: true,
      PUSHNotifications: false,
      receiveAdvertisingInformation: false,
    },
  });
  if (answer.statusCode !== 200) throw new Error(`sign-in failed: ${answer.statusCode} ${answer.body}`);
  const body = answer.json<{ token: string; user: User }>();
  return { token: body.token, user: body.user, phone, auth: { authorization: `Bearer ${body.token}` } };
}

export type ApiCall = [
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
];

/** An /api/v1 call with the caller's headers (a customer's or staff member's `auth`), and a JSON body when given. */
export function callApi(server: TestServer, ...[method, url, headers, payload]: ApiCall) {
  return server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** POST /address/ (or `path`) for the signed-in customer: Ангарск, Ленина 1 unless `fields` say otherwise. */
export function saveAddress(
  server: TestServer,
  me: SignedIn,
  fields: Record<string, unknown> = {},
  path = '/address/',
) {
  return callApi(server, 'POST', path, me.auth, {
    userId: me.user.id,
    city: 'Ангарск',
    street: 'Ленина',
    home: '1',
    ...fields,
  });
}
