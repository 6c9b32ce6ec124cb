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
import { lockKey } from '../db/advisoryLock.js';
import { route } from '../http/route.js';
import { unauthorized, unprocessable } from '../http/errors.js';
import { CODE_TTL_SECONDS, RESEND_AFTER_SECONDS, checkCode, sendSignInCode, useCode } from '../services/otp.js';
import { bearerToken, createSession, requireUser, revokeSession } from '../services/sessions.js';
import { signInBotCheck } from '../services/captcha.js';
import { findUserByPhone, insertUser, patchUser, toUser } from '../services/users.js';
import type { User } from '../../src/api/entities.js';

export const CONSENT_REQUIRED_MESSAGE = 'Необходимо согласие на обработку персональных данных';

/** A phone of a request body, normalised, or 422 with the SPEC §5 message. */
export function requirePhone(input: string | null | undefined): string {
  const checked = validatePhone(input ?? '');
  if (!checked.ok) throw unprocessable(checked.message, 'invalid-phone');
  return checked.phone;
}

type SignInResult = { ok: true; token: string; user: User } | { ok: false; message: string; code: string };

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

  route(app, signInWithCode, async ({ body }) => {
    const phone = requirePhone(body.phone);
    const now = ctx.clock.now();
    // Committed even on a refusal, so that a wrong try is counted.
    const result = await ctx.db.transaction(async (tx): Promise<SignInResult> => {
      await lockKey(tx, `otp-phone:${phone}`);
      const check = await checkCode(tx, phone, body.code, now);
      if (!check.ok) return check;
      const name = body.name?.trim() ?? '';
      let row = await findUserByPhone(tx, phone);
      if (!row) {
        // Asked only after the code is right, so the answer tells nobody whether a phone is registered.
        if (body.personalData !== true)
          return { ok: false, message: CONSENT_REQUIRED_MESSAGE, code: 'consent-required' };
        row = await insertUser(
          tx,
          {
            phone,
            name,
            personalData: true,
            PUSHNotifications: body.PUSHNotifications ?? false,
            receiveAdvertisingInformation: body.receiveAdvertisingInformation ?? false,
          },
          now,
        );
      } else {
        // SPEC §5: after sign-in the profile is patched with what the form sent. Consent is only
        // ever given here; withdrawing it goes through PATCH /user/:phone.
        row = await patchUser(tx, row.id, {
          name: name === '' ? undefined : name,
          personalData: body.personalData === true ? true : undefined,
          PUSHNotifications: body.PUSHNotifications,
          receiveAdvertisingInformation: body.receiveAdvertisingInformation,
        });
      }
      await useCode(tx, check.codeId, now);
      const token = await createSession(tx, row.id, now);
      return { ok: true, token, user: toUser(row) };
    });
    if (!result.ok) throw unprocessable(result.message, result.code);
    return { token: result.token, user: result.user };
  });

  route(app, signOut, async ({ request }) => {
    await requireUser(ctx, request);
    const token = bearerToken(request);
    if (token === null) throw unauthorized();
    await ctx.db.run((db) => revokeSession(db, token, ctx.clock.now()));
  });
}
