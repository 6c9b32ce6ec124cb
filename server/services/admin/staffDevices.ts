// Device cookies of staff sign-in: a browser that signed in to a login once carries a cookie
// proving it, so a guesser spending the login's budget from many addresses cannot keep it out.
//
// The cookie (one per login, so a shared terminal keeps one for each operator) holds the login,
// a random nonce and the time it was issued, with an HMAC-SHA256 of the three. The key is
// generated once and kept in `server_secrets` (migration 0013), so every process accepts every
// cookie; it is never sent anywhere or logged. httpOnly, SameSite=Strict, path /api/v1/admin,
// Secure when PUBLIC_URL is https. A failure made with a cookie counts against its nonce only.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { serverSecret } from '../../repositories/staff.js';
import { API_PREFIX } from '../../../src/api/openapi.js';

export const DEVICE_COOKIE_PREFIX = 'staff_device_';
export const DEVICE_COOKIE_PATH = `${API_PREFIX}/admin`;
export const DEVICE_COOKIE_MAX_AGE_DAYS = 180;
const SECRET_NAME = 'staff-device-cookie';
const DAY_MS = 24 * 60 * 60 * 1000;

const secrets = new WeakMap<Database, Promise<Buffer>>();

/** The HMAC key: read from the database, created there by whichever process needs it first. */
export function deviceSecret(db: Database): Promise<Buffer> {
  let secret = secrets.get(db);
  if (secret === undefined) {
    secret = db
      .run(async (tx) => {
        const value = await serverSecret(tx, SECRET_NAME, randomBytes(32).toString('hex'));
        if (value === undefined) throw new Error('server_secrets: the device cookie key is missing');
        return Buffer.from(value, 'hex');
      })
      .catch((error: unknown) => {
        secrets.delete(db); // a failed read is tried again by the next sign-in
        throw error;
      });
    secrets.set(db, secret);
  }
  return secret;
}

/** The cookie's name for a login (a login may contain dots, which cookie names should not carry). */
export function deviceCookieName(login: string): string {
  return DEVICE_COOKIE_PREFIX + createHash('sha256').update(login, 'utf8').digest('hex').slice(0, 16);
}

function mac(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('base64url');
}

function payloadOf(login: string, nonce: string, issuedAt: number): string {
  return `${Buffer.from(login, 'utf8').toString('base64url')}.${nonce}.${issuedAt}`;
}

/** The value of a Cookie header's cookie, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The nonce of the valid, unexpired device cookie for `login` in a Cookie header, or null. */
export function knownDevice(cookieHeader: string | undefined, secret: Buffer, login: string, now: Date): string | null {
  const value = cookieValue(cookieHeader, deviceCookieName(login));
  if (value === null) return null;
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  const [loginPart, nonce, issued, signature] = parts as [string, string, string, string];
  const issuedAt = Number(issued);
  if (!/^[A-Za-z0-9_-]{22}$/.test(nonce) || !Number.isSafeInteger(issuedAt)) return null;
  if (Buffer.from(loginPart, 'base64url').toString('utf8') !== login) return null;
  const expected = Buffer.from(mac(secret, payloadOf(login, nonce, issuedAt)), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const age = now.getTime() - issuedAt * 1000;
  if (age < -DAY_MS || age > DEVICE_COOKIE_MAX_AGE_DAYS * DAY_MS) return null;
  return nonce;
}

/** A new nonce for a browser that has no device cookie for the login yet. */
export function newDeviceNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** The Set-Cookie value for a device (issued again on each sign-in, so it lasts while in use). */
export function deviceSetCookie(ctx: AppContext, secret: Buffer, login: string, nonce: string, now: Date): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const payload = payloadOf(login, nonce, issuedAt);
  const secure = ctx.config.publicUrl.toLowerCase().startsWith('https:');
  return [
    `${deviceCookieName(login)}=${payload}.${mac(secret, payload)}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
