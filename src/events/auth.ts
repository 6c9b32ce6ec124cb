// Auth events: sign-in by phone and SMS code, token, logout (PRODUCT.md §4 User, §5, §6, §8).
import { z } from 'zod/mini';
import { CaptchaInfo } from '../api/contract/checkout';
import { IsoDateTime, User } from '../api/entities';
import { messageUnion } from './define';

export const PhoneRejectionMessage = z.enum(['Введите номер телефона', 'Неверный формат телефона']);
export const AuthRequiredReason = z.enum(['add-item', 'like', 'address', 'profile', 'bonus', 'guard']);
export type AuthRequiredReason = z.infer<typeof AuthRequiredReason>;
export const LogoutReason = z.enum(['user', 'session-expired', 'account-deleted']);

/**
 * What the code step asks besides the code (PRODUCT.md §5 login): the account is created with these on
 * the first sign-in, and the profile patched with them on later ones.
 */
export const SignInProfile = z.object({
  name: z.optional(z.string()),
  personalData: z.optional(z.boolean()),
  PUSHNotifications: z.optional(z.boolean()),
  receiveAdvertisingInformation: z.optional(z.boolean()),
});
export type SignInProfile = z.infer<typeof SignInProfile>;

export const AuthEventSchema = messageUnion({
  /**
   * Phone normalised to '+7XXXXXXXXXX'; the effect asks the server to send the SMS code, first
   * running the bot check when `captcha` is given (absent: none needed).
   */
  CodeRequested: { phone: z.string(), captcha: z.optional(CaptchaInfo) },
  PhoneRejected: { phone: z.string(), message: PhoneRejectionMessage },
  CodeSent: { phone: z.string(), at: IsoDateTime },
  /** The effect verifies the code with the server and answers CompleteSignIn / ReportSignInFailure. */
  CodeSubmitted: {
    phone: z.string(),
    code: z.string(),
    profile: z.optional(SignInProfile),
  },
  CodeRejected: { reason: z.enum(['no-code-requested', 'invalid-format']) },
  SignedIn: { token: z.string().check(z.minLength(1)), user: User },
  SignInFailed: { message: z.string() },
  SignInCancelled: {},
  /** Resets user, address, cart and auth; the router effect goes home. */
  LoggedOut: { reason: LogoutReason },
  /** A 401 while signed in (followed by LoggedOut{reason:'session-expired'} and a toast). */
  SessionExpired: {},
  /** Something needs a signed-in user: the auth modal opens. */
  AuthRequired: { reason: AuthRequiredReason },
});
export type AuthEvent = z.infer<typeof AuthEventSchema>;
