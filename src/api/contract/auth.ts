// Sign-in by a one-time SMS code (DESIGN "The server"): the earlier storefront looked users up by
// phone alone; here a token is only given for a code sent to that phone.
import { z } from 'zod/mini';
import { defineRoute } from '../route.js';
import { User } from '../entities.js';
import { storable } from './text.js';

export const RequestCodeBody = z.object({
  /** Any spelling the mask produces ('+7 (999) 123-45-67', '8999…'); validated by PRODUCT.md §5. */
  phone: z.nullish(storable(z.string().check(z.maxLength(64)))),
  /** Bot-check response token; checked when a captcha provider is configured (off by default). */
  captchaToken: z.nullish(storable(z.string().check(z.maxLength(4096)))),
});

export { CAPTCHA_REQUIRED_CODE } from './authCodes.js';

export const RequestCodeAnswer = z.object({
  /** The phone the code went to, masked: '+7 (***) ***-**-67'. */
  sentTo: z.string(),
  /** When the next code may be requested. */
  resendAfterSeconds: z.int().check(z.nonnegative()),
  /** How long the code is valid. */
  expiresInSeconds: z.int().check(z.positive()),
});

export const requestSignInCode = defineRoute('none', 'POST /auth/code', {
  summary:
    'Sends a 6-digit sign-in code by SMS (per phone: 1 per 60 s, 5 per hour; per IP a budget, 30 per 10 min and 200 a day by default, past which a captcha token is asked for (422 code captcha-required) or, with no captcha configured, 429)',
  body: RequestCodeBody,
  response: RequestCodeAnswer,
});

export const SignInBody = z.object({
  phone: z.nullish(storable(z.string().check(z.maxLength(64)))),
  code: storable(z.string().check(z.maxLength(32))),
  /** Used when the account is created, or to rename on sign-in when not empty. */
  name: z.nullish(storable(z.string().check(z.maxLength(100)))),
  /** Consent to the processing of personal data: required to create an account. */
  personalData: z.optional(z.boolean()),
  PUSHNotifications: z.optional(z.boolean()),
  receiveAdvertisingInformation: z.optional(z.boolean()),
});

export const SignInAnswer = z.object({
  /** Bearer token for `Authorization: Bearer <token>`; shown once, stored only as a hash. */
  token: z.string(),
  user: User,
});

export const signInWithCode = defineRoute('none', 'POST /auth/token', {
  summary: 'Exchanges a sign-in code for a token; creates the account on the first sign-in',
  body: SignInBody,
  response: SignInAnswer,
});

export const signOut = defineRoute('user', 'POST /auth/logout', {
  summary: 'Revokes the token of the request',
  response: null,
});
