// Profile calls:
// - ProfileEditRequested → PATCH /user/{phone} → ApplyProfile;
// - AccountDeletionRequested → DELETE /user/{phone} → Logout.
// The token revocation at logout is ./tokenRevocation, in the first load (it needs the states
// before LoggedOut, which this effect, loaded later, may not have seen).
// Edit and delete failures: SPEC §8's 401/422/403 commands, else 'Произошла ошибка. Попробуйте позже.'.
import { catchError, concatMap, defer, exhaustMap, from, map, merge, take, withLatestFrom } from 'rxjs';
import type { AppCommand } from '../commands';
import { selectIsSignedIn, type AppState } from '../projections/store';
import { apiFailureCommands, describeError, TEXT_TRY_LATER } from './apiErrors';
import type { Effect } from './deps';
import { eventsOf, ofType } from './operators';
// This module dispatches user commands: their decider comes with it (commands/onDemand).
import '../commands/user.provide';

function failureCommands(error: unknown, state: AppState): AppCommand[] {
  const mapped = apiFailureCommands(error, selectIsSignedIn(state));
  return mapped.length > 0 ? mapped : [{ type: 'ShowToast', data: { text: TEXT_TRY_LATER, kind: 'error' } }];
}

export function profile$(): Effect {
  return (event$, state$, deps) => {
    const events$ = eventsOf(event$);
    const edit$ = events$.pipe(
      ofType('ProfileEditRequested'),
      withLatestFrom(state$),
      concatMap(([e, state]) =>
        defer(() => deps.api.patchUser(e.data.phone, e.data.changes)).pipe(
          take(1),
          map((user): AppCommand => ({ type: 'ApplyProfile', data: { user } })),
          catchError((error: unknown) => {
            deps.logger.warn('profile edit failed', describeError(error));
            return from(failureCommands(error, state));
          }),
        ),
      ),
    );
    const deletion$ = events$.pipe(
      ofType('AccountDeletionRequested'),
      withLatestFrom(state$),
      exhaustMap(([e, state]) =>
        defer(() => deps.api.deleteUser(e.data.phone)).pipe(
          take(1),
          map((): AppCommand => ({ type: 'Logout', data: {} })),
          catchError((error: unknown) => {
            deps.logger.warn('account deletion failed', describeError(error));
            return from(failureCommands(error, state));
          }),
        ),
      ),
    );
    return merge(edit$, deletion$);
  };
}
