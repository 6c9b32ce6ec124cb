// One-time sign-in codes and their limits per phone and per IP.
// See docs/SERVER.md «Customer sign-in: codes, sessions, SMS».
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { OtpConfig } from '../config.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/database.js';
import {
  insertOtpCode,
  newestOtpCode,
  nthOtpSendOfIp,
  otpSendTimes,
  sweepOtpCodes,
  updateOtpCode,
} from '../repositories/auth.js';
import { lockKey } from '../repositories/locks.js';
import { HttpError, tooManyRequests, waitText } from '../http/errors.js';
import type { SignInBotCheck } from './captcha.js';
import {
  codeIpBudgetMessage,
  codeResendWaitMessage,
  SIGN_IN_MESSAGES,
  wrongCodeMessage,
} from '../../src/domain/messages.js';

export const CODE_LENGTH = 6;
export const CODE_TTL_SECONDS = 300;
export const RESEND_AFTER_SECONDS = 60;
export const SENDS_PER_HOUR = 5;
export const MAX_ATTEMPTS = 5;

export const SMS_FAILED_MESSAGE = SIGN_IN_MESSAGES.smsFailed;
export const CODE_EXPIRED_MESSAGE = SIGN_IN_MESSAGES.codeExpired;
export const CODE_MISSING_MESSAGE = SIGN_IN_MESSAGES.codeMissing;
export const CODE_EXHAUSTED_MESSAGE = SIGN_IN_MESSAGES.codeExhausted;
export const WRONG_CODE_MESSAGE = SIGN_IN_MESSAGES.wrongCode;

export const smsText = (code: string) => `Код для входа: ${code}`;

const HOUR_MS = 60 * 60 * 1000;
const IP_SHORT_WINDOW_MS = 10 * 60 * 1000;
const IP_DAY_WINDOW_MS = 24 * HOUR_MS;
// Rows must outlive the longest window counted over them: the IP's day budget. Rows past every
// window go a batch at a time, by whichever send gets the sweep lock without waiting.
const KEEP_ROWS_MS = IP_DAY_WINDOW_MS;
const SWEEP_BATCH = 1000;

function hashCode(salt: string, phone: string, code: string): string {
  return createHash('sha256').update(`${salt}:${phone}:${code}`, 'utf8').digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/** Seconds until one more send is allowed for this phone, or 0. */
async function phoneWait(tx: Executor, phone: string, now: Date): Promise<number> {
  const nowMs = now.getTime();
  const [last] = await otpSendTimes(tx, phone, new Date(nowMs - RESEND_AFTER_SECONDS * 1000), 1, false);
  let wait = 0;
  if (last) wait = Math.max(wait, Math.ceil((last.getTime() + RESEND_AFTER_SECONDS * 1000 - nowMs) / 1000));
  const inHour = await otpSendTimes(tx, phone, new Date(nowMs - HOUR_MS), SENDS_PER_HOUR, true);
  if (inHour.length >= SENDS_PER_HOUR) {
    const oldestCounted = inHour[SENDS_PER_HOUR - 1];
    if (oldestCounted) wait = Math.max(wait, Math.ceil((oldestCounted.getTime() + HOUR_MS - nowMs) / 1000));
  }
  return Math.max(0, wait);
}

/**
 * Seconds until the IP's budget has room again, or 0. Failed sends count too (a timed-out
 * gateway may have delivered them). Each window reads at most `limit` entries of
 * otp_codes_ip_idx: the limit-th newest send in the window, if there is one, spends the budget
 * until it leaves the window, however many sends the address made.
 */
async function ipBudgetWait(tx: Executor, ip: string, now: Date, budget: OtpConfig): Promise<number> {
  const nowMs = now.getTime();
  let wait = 0;
  for (const [limit, windowMs] of [
    [budget.ipCodesPer10Min, IP_SHORT_WINDOW_MS],
    [budget.ipCodesPerDay, IP_DAY_WINDOW_MS],
  ] as const) {
    const limiting = await nthOtpSendOfIp(tx, ip, new Date(nowMs - windowMs), limit);
    if (limiting) wait = Math.max(wait, Math.ceil((limiting.getTime() + windowMs - nowMs) / 1000));
  }
  return wait;
}

/** The refusal of a send over the IP's budget when no captcha can be asked. */
export function ipBudgetMessage(seconds: number): string {
  return codeIpBudgetMessage(waitText(seconds));
}

const NO_BOT_CHECK: SignInBotCheck = { verified: false, whenOverBudget: null };

/**
 * Makes a code for a normalised phone and sends it. Throws 429 (with Retry-After) when a phone
 * limit is reached, or the IP's budget and `bot` offers no captcha; `bot.whenOverBudget` (422
 * asking for the captcha) when the budget is spent and one can be asked; 502 SMS_FAILED_MESSAGE
 * when the SMS could not be handed over.
 */
export async function sendSignInCode(
  ctx: AppContext,
  phone: string,
  ip: string,
  bot: SignInBotCheck = NO_BOT_CHECK,
): Promise<void> {
  const now = ctx.clock.now();
  const code = newCode();
  const salt = randomBytes(16).toString('hex');
  const id = randomUUID();
  const refusal = await ctx.db.transaction(async (tx): Promise<{ by: 'phone' | 'ip'; seconds: number } | null> => {
    await lockKey(tx, `otp-phone:${phone}`);
    await lockKey(tx, `otp-ip:${ip}`);
    const forPhone = await phoneWait(tx, phone, now);
    if (forPhone > 0) return { by: 'phone', seconds: forPhone };
    if (!bot.verified) {
      const forIp = await ipBudgetWait(tx, ip, now, ctx.config.otp);
      if (forIp > 0) return { by: 'ip', seconds: forIp };
    }
    await sweepOtpCodes(tx, new Date(now.getTime() - KEEP_ROWS_MS), SWEEP_BATCH);
    await insertOtpCode(tx, {
      id,
      phone,
      ip,
      salt,
      codeHash: hashCode(salt, phone, code),
      status: 'pending',
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
    });
    return null;
  });
  if (refusal?.by === 'phone') throw tooManyRequests(codeResendWaitMessage(waitText(refusal.seconds)), refusal.seconds);
  if (refusal?.by === 'ip') {
    if (bot.whenOverBudget !== null) throw bot.whenOverBudget;
    throw tooManyRequests(ipBudgetMessage(refusal.seconds), refusal.seconds);
  }
  try {
    await ctx.sms.send(phone, smsText(code));
  } catch {
    await ctx.db.run((db) => updateOtpCode(db, id, { status: 'failed' }));
    throw new HttpError(502, SMS_FAILED_MESSAGE, 'sms-failed');
  }
  await ctx.db.run((db) => updateOtpCode(db, id, { status: 'sent' }));
}

export type CodeCheck =
  | { ok: true; codeId: string }
  | { ok: false; message: string; code: 'code-missing' | 'code-expired' | 'code-exhausted' | 'code-wrong' };

/**
 * Checks a code against the newest live code of the phone, inside the caller's transaction
 * (lock the phone first with `lockKey(tx, 'otp-phone:' + phone)`). A wrong try is counted
 * here; the caller must commit even when the answer is a refusal, and mark the code used
 * (`useCode`) when it signs the customer in.
 */
export async function checkCode(tx: Executor, phone: string, code: string, now: Date): Promise<CodeCheck> {
  const row = await newestOtpCode(tx, phone);
  if (!row || row.usedAt !== null) return { ok: false, message: CODE_MISSING_MESSAGE, code: 'code-missing' };
  if (row.expiresAt.getTime() <= now.getTime())
    return { ok: false, message: CODE_EXPIRED_MESSAGE, code: 'code-expired' };
  if (row.attempts >= MAX_ATTEMPTS) return { ok: false, message: CODE_EXHAUSTED_MESSAGE, code: 'code-exhausted' };
  const given = code.trim();
  if (/^\d{6}$/.test(given) && sameHash(hashCode(row.salt, phone, given), row.codeHash))
    return { ok: true, codeId: row.id };
  const attempts = row.attempts + 1;
  await updateOtpCode(tx, row.id, { attempts });
  const left = MAX_ATTEMPTS - attempts;
  return left > 0
    ? { ok: false, message: wrongCodeMessage(left), code: 'code-wrong' }
    : { ok: false, message: wrongCodeMessage(0), code: 'code-exhausted' };
}

export async function useCode(tx: Executor, codeId: string, now: Date): Promise<void> {
  await updateOtpCode(tx, codeId, { usedAt: now });
}
