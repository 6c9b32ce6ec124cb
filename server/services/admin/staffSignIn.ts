// Staff sign-in with lockout, and signing out.
//
// The lockout (staffLockout.ts) holds back the guessing address, never the account: a correct
// password from an address without failures, or from a browser with a device cookie for the
// login (staffDevices.ts), signs in. A locked attempt answers 429 with Retry-After without
// checking the password; an unknown device past the login's budget is asked for the captcha
// (422 'Подтвердите, что вы не робот') when one is configured.
import type { AppContext } from '../../context.js';
import { endStaffSession, findStaffByLogin, updateStaffRow } from '../../repositories/staff.js';
import { tooManyRequests, unauthorized, unprocessable } from '../../http/errors.js';
import { ADMIN_MESSAGES, lockoutMessage } from '../../../src/api/contract/admin/common.js';
import type { StaffMember } from '../../../src/api/contract/admin/auth.js';
import { CAPTCHA_MESSAGES, captchaInfo, captchaVerifierOf, requireCaptcha } from '../captcha.js';
import { audit, writeAudit } from './audit.js';
import { toStaffMember, type SignInClient } from './staff.js';
import { deviceSecret, deviceSetCookie, knownDevice, newDeviceNonce } from './staffDevices.js';
import {
  auditLocks,
  enterAttempt,
  failuresSincePreviousSuccess,
  forget,
  succeed,
  type Attempt,
} from './staffLockout.js';
import { dummyPasswordHash, verifyPassword } from './staffPasswords.js';
import { createStaffSession, type StaffPrincipal } from './staffSessions.js';

export interface SignInResult {
  answer: { token: string; staff: StaffMember; failedAttempts: number };
  /** Set-Cookie of the device cookie for this login (issued on every sign-in). */
  deviceCookie: string;
}

export async function signIn(
  ctx: AppContext,
  client: SignInClient,
  rawLogin: string,
  password: string,
  captchaToken: string | null = null,
): Promise<SignInResult> {
  const login = rawLogin.trim().toLowerCase();
  const ip = client.ip;
  const now = ctx.clock.now();
  const secret = await deviceSecret(ctx.db);
  const device = knownDevice(client.cookieHeader, secret, login, now);
  const attempt: Attempt = { login, ip, device, now };

  // The captcha matters only to an unknown device once the login's budget is spent; a token sent
  // then is checked before the attempt is counted (a wrong one answers 422, like elsewhere).
  const captchaOn =
    device === null && captchaVerifierOf(ctx) !== null && (await ctx.db.run((db) => captchaInfo(ctx, db))).required;
  const token = captchaToken?.trim() ?? '';
  let captchaPassed = false;
  if (captchaOn && token !== '') {
    await requireCaptcha(ctx, token, ip);
    captchaPassed = true;
  }

  const gate = await ctx.db.transaction((tx) => enterAttempt(tx, attempt, captchaPassed));
  if (gate.kind === 'locked') throw tooManyRequests(lockoutMessage(gate.seconds), gate.seconds);
  if (gate.kind === 'step-up') {
    if (captchaOn) throw unprocessable(CAPTCHA_MESSAGES.required, 'captcha-required');
    throw tooManyRequests(lockoutMessage(gate.seconds), gate.seconds);
  }

  const row = await ctx.db.run((db) => findStaffByLogin(db, login));
  const ok = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!row || !ok) {
    await ctx.db.transaction((tx) => auditLocks(tx, attempt));
    throw unauthorized(ADMIN_MESSAGES.badCredentials, 'bad-credentials');
  }
  if (!row.isActive) {
    await ctx.db.run((db) => forget(db, gate.attemptId));
    throw unauthorized(ADMIN_MESSAGES.inactive, 'staff-inactive');
  }

  const userAgent = client.userAgent;
  const answer = await ctx.db.transaction(async (tx) => {
    await succeed(tx, gate.attemptId);
    const failedAttempts = await failuresSincePreviousSuccess(tx, login, gate.attemptId);
    const updated = await updateStaffRow(tx, row.id, { lastLoginAt: now });
    const { token: sessionToken, sessionId } = await createStaffSession(tx, row.id, now, { ip, userAgent });
    await writeAudit(
      tx,
      { staffId: row.id, login: row.login },
      ip,
      {
        action: 'staff.login',
        entity: 'staff',
        entityId: row.id,
        after: { sessionId, knownDevice: device !== null, failedAttempts },
      },
      now,
    );
    return { token: sessionToken, staff: toStaffMember(updated ?? row), failedAttempts };
  });
  return { answer, deviceCookie: deviceSetCookie(ctx, secret, login, device ?? newDeviceNonce(), now) };
}

export async function signOut(ctx: AppContext, ip: string, principal: StaffPrincipal): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await endStaffSession(tx, principal.sessionId, now);
    await audit(
      tx,
      principal,
      ip,
      {
        action: 'staff.logout',
        entity: 'staff',
        entityId: principal.staffId,
        after: { sessionId: principal.sessionId },
      },
      now,
    );
  });
}
