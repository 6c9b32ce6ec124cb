// Sign-in by a one-time SMS code (POST /auth/code, POST /auth/token) and sign-out.
// The captcha token is required on every send when a captcha secret is configured and
// IS_WITHOUT_RECAPTCHA is off, and otherwise asked for once the client's address has used up its
// budget of codes (server/services/captcha.ts `signInBotCheck`, services/otp.ts); the per-phone
// limits hold either way. Per-IP budgets use request.ip: behind a load balancer or reverse proxy
// set TRUST_PROXY to its addresses (README), otherwise every customer shares the balancer's
// address and its budget.
import type { FastifyInstance } from 'fastify';
import { requestSignInCode, signInWithCode, signOut } from '../../src/api/contract/auth.js';
import { maskPhoneForLog, validatePhone } from '../../src/domain/phone.js';
import { route } from '../http/route.js';
import { unauthorized, unprocessable } from '../http/errors.js';
import { CODE_TTL_SECONDS, RESEND_AFTER_SECONDS, sendSignInCode } from '../services/otp.js';
import { bearerToken, requireUser } from '../http/requestAuth.js';
import { signInBotCheck } from '../services/captcha.js';
import { endSession, signInWithPhoneCode } from '../services/signIn.js';

/** A phone of a request body, normalised, or 422 with the PRODUCT.md §5 message. */
export function requirePhone(input: string | null | undefined): string {
  const checked = validatePhone(input ?? '');
  if (!checked.ok) throw unprocessable(checked.message, 'invalid-phone');
  return checked.phone;
}

export async function registerAuth(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, requestSignInCode, async ({ body, request }) => {
    const phone = requirePhone(body.phone);
    const bot = await signInBotCheck(ctx, body.captchaToken, request.ip);
    await sendSignInCode(ctx, phone, request.ip, bot);
    return {
      sentTo: maskPhoneForLog(phone),
      resendAfterSeconds: RESEND_AFTER_SECONDS,
      expiresInSeconds: CODE_TTL_SECONDS,
    };
  });

  route(app, signInWithCode, ({ body }) => signInWithPhoneCode(ctx, requirePhone(body.phone), body));

  route(app, signOut, async ({ request }) => {
    await requireUser(ctx, request);
    const token = bearerToken(request);
    if (token === null) throw unauthorized();
    await endSession(ctx, token);
  });
}
