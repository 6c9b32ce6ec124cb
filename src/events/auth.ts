// Auth events: sign-in by phone and SMS code, token, logout (PRODUCT.md §4 User, §5, §6, §8).
import { z } from 'zod/mini';
import { CaptchaInfo } from '../api/contract/checkout';
import { IsoDateTime, User } from '../api/entities';
import { bare, message } from './define';

export const PhoneRejectionMessage = z.enum(['Введите номер телефона', 'Неверный формат телефона']);
export const AuthRequiredReason = z.enum(['add-item', 'like', 'address', 'profile', 'bonus', 'guard']);
export type AuthRequiredReason = z.infer<typeof AuthRequiredReason>;
export const LogoutReason = z.enum(['user', 'session-expired', 'account-deleted']);

/**
 * Phone normalised to '+7XXXXXXXXXX'; the effect asks the server to send the SMS code, first
 * running the bot check when `captcha` is given (absent: none needed).
 */
export const CodeRequested = message('CodeRequested', { phone: z.string(), captcha: z.optional(CaptchaInfo) });
export const PhoneRejected = message('PhoneRejected', { phone: z.string(), message: PhoneRejectionMessage });
export const CodeSent = message('CodeSent', { phone: z.string(), at: IsoDateTime });
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
/** The effect verifies the code with the server and answers CompleteSignIn / ReportSignInFailure. */
export const CodeSubmitted = message('CodeSubmitted', {
  phone: z.string(),
  code: z.string(),
  profile: z.optional(SignInProfile),
});
export const CodeRejected = message('CodeRejected', { reason: z.enum(['no-code-requested', 'invalid-format']) });
export const SignedIn = message('SignedIn', { token: z.string().check(z.minLength(1)), user: User });
export const SignInFailed = message('SignInFailed', { message: z.string() });
export const SignInCancelled = bare('SignInCancelled');
/** Resets user, address, cart and auth; the router effect goes home. */
export const LoggedOut = message('LoggedOut', { reason: LogoutReason });
/** A 401 while signed in (followed by LoggedOut{reason:'session-expired'} and a toast). */
export const SessionExpired = bare('SessionExpired');
/** Something needs a signed-in user: the auth modal opens. */
export const AuthRequired = message('AuthRequired', { reason: AuthRequiredReason });

export const AuthEventSchema = z.discriminatedUnion('type', [
  CodeRequested,
  PhoneRejected,
  CodeSent,
  CodeSubmitted,
  CodeRejected,
  SignedIn,
  SignInFailed,
  SignInCancelled,
  LoggedOut,
  SessionExpired,
  AuthRequired,
]);
export type AuthEvent = z.infer<typeof AuthEventSchema>;
