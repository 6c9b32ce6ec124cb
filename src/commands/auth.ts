// auth commands: schemas and types (decider below).
import { z } from 'zod';
import { User } from '../api/entities';
import { bare, message } from '../events/define';

export const RequestCode = message('RequestCode', { phone: z.string() });
export const ConfirmCodeSent = message('ConfirmCodeSent', { phone: z.string() });
export const SubmitCode = message('SubmitCode', { code: z.string() });
export const CompleteSignIn = message('CompleteSignIn', { token: z.string().min(1), user: User });
export const ReportSignInFailure = message('ReportSignInFailure', { message: z.string() });
export const CancelSignIn = bare('CancelSignIn');
export const Logout = bare('Logout');
/** A 401 answer while signed in. */
export const ExpireSession = bare('ExpireSession');
export const AuthCommandSchema = z.discriminatedUnion('type', [
  RequestCode,
  ConfirmCodeSent,
  SubmitCode,
  CompleteSignIn,
  ReportSignInFailure,
  CancelSignIn,
  Logout,
  ExpireSession,
]);
export type AuthCommand = z.infer<typeof AuthCommandSchema>;
