// Admin contract: staff sign-in, sessions and staff accounts.
// See docs/ADMIN.md «Sign-in and sessions» and «Lockout».
import { z } from 'zod/mini';
import { Id, IsoDateTime } from '../../entities.js';
import { AdminIdParams, defineAdminRoute, StaffRole, listOf } from './common.js';

export const StaffLogin = z.string().check(z.trim(), z.toLowerCase(), z.regex(/^[a-z0-9._-]{3,64}$/));
/** At least 10 characters. */
export const StaffPassword = z.string().check(z.minLength(10), z.maxLength(200));

export const StaffMember = z.object({
  id: z.string(),
  login: z.string(),
  name: z.string(),
  role: StaffRole,
  isActive: z.boolean(),
  createdAt: IsoDateTime,
  lastLoginAt: z.nullable(IsoDateTime),
});
export type StaffMember = z.infer<typeof StaffMember>;

export const StaffSessionInfo = z.object({
  id: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: IsoDateTime,
  lastSeenAt: IsoDateTime,
  revokedAt: z.nullable(IsoDateTime),
  /** The session of the request that asked. */
  isCurrent: z.boolean(),
});

export const adminLogin = defineAdminRoute('public', 'POST /admin/auth/login', {
  summary:
    'Staff sign-in with login and password; answers a staff token (shown once), sets the device cookie, and says how many failed attempts were made on the login since its last sign-in. 401 for a wrong pair, 429 while the address or device is locked out, 422 captcha-required when an unknown device must pass the captcha',
  body: z.object({
    login: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
    password: z.string().check(z.minLength(1), z.maxLength(200)),
    /** The captcha's token, sent after a 422 'captcha-required'. */
    captchaToken: z.optional(z.string().check(z.maxLength(4096))),
  }),
  response: z.object({
    token: z.string(),
    staff: StaffMember,
    /** Failed sign-in attempts on this login since its previous successful sign-in (or its creation). */
    failedAttempts: z.int().check(z.nonnegative()),
  }),
});

export const adminLogout = defineAdminRoute('staff', 'POST /admin/auth/logout', {
  summary: 'Ends the current staff session (the token stops working at once, in every process)',
  response: null,
});

export const adminMe = defineAdminRoute('staff', 'GET /admin/auth/me', {
  summary: 'The signed-in staff member (the client checks its token with it)',
  response: StaffMember,
});

export const adminChangeOwnPassword = defineAdminRoute('staff', 'POST /admin/auth/password', {
  summary: 'Changes one’s own password; every other session of the member is revoked',
  body: z.object({ currentPassword: z.string().check(z.minLength(1), z.maxLength(200)), newPassword: StaffPassword }),
  response: null,
});

export const adminListStaff = defineAdminRoute('admin', 'GET /admin/staff', {
  summary: 'Every staff account',
  response: listOf('staff', StaffMember),
});

export const adminCreateStaff = defineAdminRoute('admin', 'POST /admin/staff', {
  summary: 'Creates a staff account (409 when the login is taken)',
  body: z.object({
    login: StaffLogin,
    name: z._default(z.string().check(z.trim(), z.maxLength(100)), ''),
    role: StaffRole,
    password: StaffPassword,
  }),
  response: StaffMember,
});

export const adminUpdateStaff = defineAdminRoute('admin', 'PATCH /admin/staff/:id', {
  summary:
    'Changes name, role, active flag or password; disabling or a new password revokes the member’s sessions. The last active admin cannot be disabled or demoted (409)',
  params: AdminIdParams,
  body: z.object({
    name: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    role: z.optional(StaffRole),
    isActive: z.optional(z.boolean()),
    password: z.optional(StaffPassword),
  }),
  response: StaffMember,
});

export const adminListStaffSessions = defineAdminRoute('admin', 'GET /admin/staff/:id/sessions', {
  summary: 'Sessions of a staff member, newest first (the last 50)',
  params: AdminIdParams,
  response: listOf('sessions', StaffSessionInfo),
});

export const adminRevokeStaffSessions = defineAdminRoute('admin', 'POST /admin/staff/:id/sessions/revoke', {
  summary: 'Revokes sessions of a staff member: one (sessionId) or all of them',
  params: AdminIdParams,
  body: z.object({ sessionId: z._default(z.nullable(Id), null) }),
  response: z.object({ revoked: z.int().check(z.nonnegative()) }),
});
