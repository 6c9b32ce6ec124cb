// API failure mapping shared by every effect (PRODUCT.md §8):
// - 401 while signed in → ExpireSession (the decider logs out and shows
//   'Ваша сессия авторизации истекла. Пожалуйста, перелогиньтесь для продолжения работы.');
// - 422 and 403 → ReportApiRefusal { status, message } (the decider shows the server's message or
//   'Произошла ошибка при запросе').
// Anything else is the calling effect's business (its own failure command, or only a log line).
import { ApiFailure } from '../api/client';
import type { AppCommand } from '../commands';
import { TEXT_SIGN_IN_FAILED } from '../commands/auth.decide';
import { TEXT_SERVER_ERROR as CATALOG_SERVER_ERROR } from '../commands/catalog.decide';
import { selectIsSignedIn, type AppState } from '../projections/store';

/** PRODUCT.md §8 generic error toast: 'Произошла ошибка. Попробуйте позже.' */
export const TEXT_TRY_LATER: string = TEXT_SIGN_IN_FAILED;
/** PRODUCT.md §8 'Ошибка сервера. Попробуйте позже' (an unlike failed; also the fallback of like failures). */
export const TEXT_SERVER_ERROR: string = CATALOG_SERVER_ERROR;

/** The HTTP status of an ApiFailure (0 for a network failure), null for anything else. */
export function failureStatus(error: unknown): number | null {
  return error instanceof ApiFailure ? error.status : null;
}

/** The server's Russian message, or `fallback` (network failures, unexpected errors, no body). */
export function failureMessage(error: unknown, fallback: string = TEXT_TRY_LATER): string {
  const message = error instanceof ApiFailure ? error.serverMessage?.trim() : undefined;
  return message ? message : fallback;
}

/**
 * The commands PRODUCT.md §8 prescribes for `error` whatever the call was: ExpireSession for a 401
 * while signed in, ReportApiRefusal for 422/403; [] for everything else.
 * `signedIn` is whether the user was signed in when the request was made.
 */
export function apiFailureCommands(error: unknown, signedIn: boolean): AppCommand[] {
  if (!(error instanceof ApiFailure)) return [];
  if (error.status === 401) return signedIn ? [{ type: 'ExpireSession', data: {} }] : [];
  if (error.status === 422 || error.status === 403) {
    const message = error.serverMessage?.trim();
    return [{ type: 'ReportApiRefusal', data: { status: error.status, message: message ? message : null } }];
  }
  return [];
}

/** apiFailureCommands with "signed in" read from the state the request was made in. */
export function apiFailureCommandsIn(error: unknown, state: AppState): AppCommand[] {
  return apiFailureCommands(error, selectIsSignedIn(state));
}

/** PRODUCT.md §8's commands for the failure, else the toast 'Произошла ошибка. Попробуйте позже.'. */
export function failureCommandsOrToast(error: unknown, state: AppState): AppCommand[] {
  const mapped = apiFailureCommandsIn(error, state);
  return mapped.length > 0 ? mapped : [{ type: 'ShowToast', data: { text: TEXT_TRY_LATER, kind: 'error' } }];
}

/** Whether PRODUCT.md §8's generic mapping handles this failure (the caller then shows nothing itself). */
export function isMappedFailure(error: unknown, signedIn: boolean): boolean {
  return apiFailureCommands(error, signedIn).length > 0;
}

/** A readable one-line description of any error for the log. */
export function describeError(error: unknown): string {
  if (error instanceof ApiFailure)
    return `HTTP ${error.status}${error.serverMessage ? `: ${error.serverMessage}` : ''}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
