// The bot check of POST /auth/code and POST /order. Required when a verifier is
// configured (CAPTCHA_SECRET, or ctx.captcha in tests), the IS_WITHOUT_RECAPTCHA setting is off
// and the CAPTCHA_SITE_KEY setting is set (the widget cannot run without it). The client learns whether to run the widget, and its public site key (CAPTCHA_SITE_KEY),
// from the quote's `captcha` (and GET /setting); the secret never leaves the server.
import type { CaptchaInfo } from '../../src/api/contract/checkout.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/database.js';
import { CAPTCHA_REQUIRED_CODE } from '../../src/api/contract/auth.js';
import { type HttpError, unprocessable } from '../http/errors.js';
import { createHttpCaptcha, type CaptchaVerifier } from '../integrations/captcha.js';
import { logOf } from './geocoding.js';
import { CAPTCHA_SETTING_NAMES, recentCheckoutReference } from './checkoutReference.js';
import { readStoredSettings } from './settings.js';

export const CAPTCHA_MESSAGES = {
  required: 'Подтвердите, что вы не робот',
  failed: 'Проверка на робота не пройдена. Попробуйте ещё раз',
} as const;

const built = new WeakMap<AppContext, CaptchaVerifier | null>();

/** The configured verifier, or null when the server has no captcha secret. */
export function captchaVerifierOf(ctx: AppContext): CaptchaVerifier | null {
  if (ctx.captcha) return ctx.captcha;
  if (built.has(ctx)) return built.get(ctx) ?? null;
  const verifier = ctx.config.captcha.secret ? createHttpCaptcha(ctx.config.captcha) : null;
  built.set(ctx, verifier);
  return verifier;
}

/** What the client needs to know (with the executor given, so inside `run` too). */
export async function captchaInfo(ctx: AppContext, db: Executor): Promise<CaptchaInfo> {
  return captchaInfoFrom(ctx, await readStoredSettings(db, CAPTCHA_SETTING_NAMES));
}

/** What the client needs to know, from the stored CAPTCHA_SETTING_NAMES. */
function captchaInfoFrom(ctx: AppContext, values: Readonly<Record<string, unknown>>): CaptchaInfo {
  const verifier = captchaVerifierOf(ctx);
  const without = values.IS_WITHOUT_RECAPTCHA === true;
  const siteKey = typeof values.CAPTCHA_SITE_KEY === 'string' ? values.CAPTCHA_SITE_KEY : '';
  // Without a site key no client can run the widget: requiring a token then would lock everyone out.
  return {
    required: verifier !== null && !without && siteKey.trim() !== '',
    provider: verifier?.provider ?? null,
    siteKey,
  };
}

/**
 * Refuses (422) a request without a valid token when the check is required. A provider that
 * cannot answer lets the request through (logged): Yandex's recommendation; the routes keep
 * their own rate limits.
 */
export async function requireCaptcha(ctx: AppContext, token: string | null | undefined, ip: string): Promise<void> {
  const verifier = captchaVerifierOf(ctx);
  if (verifier === null) return; // no secret configured: no check, and no settings read on every order
  // The settings as of at most CONTENT_VERSION_MAX_AGE_MS ago, kept by their version: on every
  // order they were a statement (a round trip) of their own.
  const reference = await recentCheckoutReference(ctx.db, ctx.config.contentVersionMaxAgeMs);
  const info = captchaInfoFrom(ctx, reference.settings.captchaSettings);
  if (!info.required) return;
  const given = (token ?? '').trim();
  if (given === '') throw unprocessable(CAPTCHA_MESSAGES.required, CAPTCHA_REQUIRED_CODE);
  const verdict = await verifier.verify(given, ip);
  if (verdict === 'failed') throw unprocessable(CAPTCHA_MESSAGES.failed, 'captcha-failed');
  if (verdict === 'unavailable')
    logOf(ctx).warn({ captcha: verifier.provider }, 'captcha: the provider did not answer; the request is let through');
}

/**
 * The bot check of POST /auth/code. `verified`: a token checked out, so the send may go past the
 * address's budget of codes (the per-phone limits still apply). `whenOverBudget`: the refusal
 * that asks for the captcha once that budget is spent; null when none can be asked (no secret,
 * no site key, or a provider that cannot answer), and the send is then refused with 429.
 * With the check always required (IS_WITHOUT_RECAPTCHA off) it refuses as requireCaptcha does.
 */
export interface SignInBotCheck {
  verified: boolean;
  whenOverBudget: HttpError | null;
}

export async function signInBotCheck(
  ctx: AppContext,
  token: string | null | undefined,
  ip: string,
): Promise<SignInBotCheck> {
  const verifier = captchaVerifierOf(ctx);
  if (verifier === null) return { verified: false, whenOverBudget: null };
  const info = await ctx.db.run((db) => captchaInfo(ctx, db));
  // Stepping up needs only a widget the client can run: IS_WITHOUT_RECAPTCHA turns off the check
  // on every send, not the one that lets a shared address past its budget.
  if (info.siteKey.trim() === '') return { verified: false, whenOverBudget: null };
  const given = (token ?? '').trim();
  if (given === '') {
    if (info.required) throw unprocessable(CAPTCHA_MESSAGES.required, CAPTCHA_REQUIRED_CODE);
    return { verified: false, whenOverBudget: unprocessable(CAPTCHA_MESSAGES.required, CAPTCHA_REQUIRED_CODE) };
  }
  const verdict = await verifier.verify(given, ip);
  if (verdict === 'ok') return { verified: true, whenOverBudget: null };
  if (verdict === 'failed') {
    if (info.required) throw unprocessable(CAPTCHA_MESSAGES.failed, 'captcha-failed');
    return { verified: false, whenOverBudget: unprocessable(CAPTCHA_MESSAGES.failed, 'captcha-failed') };
  }
  logOf(ctx).warn(
    { captcha: verifier.provider },
    'captcha: the provider did not answer; the sign-in code is sent within the address budget',
  );
  // Asking again would meet the same silent provider: past the budget the send is refused instead.
  return { verified: false, whenOverBudget: null };
}
