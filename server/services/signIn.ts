// POST /auth/token: a right code signs the customer in (creating the account on first sign-in,
// with consent), and sign-out. The code's checks and limits are services/otp.ts.
import type { z } from 'zod/mini';
import type { SignInBody } from '../../src/api/contract/auth.js';
import type { User } from '../../src/api/entities.js';
import type { AppContext } from '../context.js';
import { lockKey } from '../repositories/locks.js';
import { unprocessable } from '../http/errors.js';
import { SIGN_IN_MESSAGES } from '../../src/domain/messages.js';
import { recordConsent } from './consents.js';
import { checkCode, useCode } from './otp.js';
import { createSession, revokeSession } from './sessions.js';
import { findUserByPhone, insertUser, patchUser, toUser } from './users.js';

export const CONSENT_REQUIRED_MESSAGE = SIGN_IN_MESSAGES.consentRequired;

type SignInResult = { ok: true; token: string; user: User } | { ok: false; message: string; code: string };

/** `phone` normalised; 422 with the code's refusal (wrong, expired, too many tries) or for missing consent. */
export async function signInWithPhoneCode(
  ctx: AppContext,
  phone: string,
  body: z.output<typeof SignInBody>,
): Promise<{ token: string; user: User }> {
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
      if (body.personalData !== true) return { ok: false, message: CONSENT_REQUIRED_MESSAGE, code: 'consent-required' };
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
      // PRODUCT.md §5: after sign-in the profile is patched with what the form sent. Consent is only
      // ever given here; withdrawing it goes through PATCH /user/:phone.
      row = await patchUser(tx, row.id, {
        name: name === '' ? undefined : name,
        personalData: body.personalData === true ? true : undefined,
        PUSHNotifications: body.PUSHNotifications,
        receiveAdvertisingInformation: body.receiveAdvertisingInformation,
      });
    }
    // Consent ticked at sign-in is stored with the /legal text it was given to (asked again on a new text).
    if (body.personalData === true) await recordConsent(tx, row.id, 'sign-in', now);
    await useCode(tx, check.codeId, now);
    const token = await createSession(tx, row.id, now);
    return { ok: true, token, user: toUser(row) };
  });
  if (!result.ok) throw unprocessable(result.message, result.code);
  return { token: result.token, user: result.user };
}

/** Revokes the session of `token`. */
export async function endSession(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.run((db) => revokeSession(db, token, ctx.clock.now()));
}
