// auth commands: zod schemas and types. The deciders: the session's in auth.decide.ts, the
// sign-in flow's in signIn.decide.ts.
import { z } from 'zod/mini';
import { User } from '../api/entities';
import { messageUnion } from '../events/define';
import { SignInProfile } from '../events/auth';

export const AuthCommandSchema = messageUnion({
  RequestCode: { phone: z.string() },
  ConfirmCodeSent: { phone: z.string() },
  /** The code, with the name and consents of the code step (PRODUCT.md §5: sent with the sign-in). */
  SubmitCode: { code: z.string(), profile: z.optional(SignInProfile) },
  CompleteSignIn: { token: z.string().check(z.minLength(1)), user: User },
  ReportSignInFailure: { message: z.string() },
  /**
   * POST /auth/code asked for the bot check on a request sent without one (the address's budget of
   * codes is spent): ask again with the captcha, or show `message` when none can run here.
   */
  ReportCaptchaRequired: { phone: z.string(), message: z.string() },
  CancelSignIn: {},
  Logout: {},
  /** A 401 answer while signed in. */
  ExpireSession: {},
});
export type AuthCommand = z.infer<typeof AuthCommandSchema>;
/** Ending the session (a logout, a 401 from any request): decided in the first load (auth.decide.ts). */
export type SessionCommand = Extract<AuthCommand, { type: 'Logout' | 'ExpireSession' }>;
/** The sign-in flow: its decider (signIn.decide.ts) comes with the chunks that dispatch it. */
export type SignInCommand = Exclude<AuthCommand, SessionCommand>;
