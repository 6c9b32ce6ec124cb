// LoggedOut by the user → POST /auth/logout with the token the state held until then (the server
// revokes it); failures only logged.
//
// In the first load, unlike the rest of the profile calls (./user, loaded later with the account
// effects, LAZY_AREAS.account in src/views/app/lazyAreas.ts): the token is read from the states
// seen before LoggedOut, and a lazily loaded effect only sees the state at its load time, when a
// logout that came first has already cleared the token. It would then revoke nothing.
import { catchError, defer, filter, ignoreElements, map, mergeMap, of, take, withLatestFrom } from 'rxjs';
import { describeError } from './apiErrors';
import type { Effect } from './deps';
import { eventsOf, ofType } from './operators';

export function tokenRevocation$(): Effect {
  return (event$, state$, deps) => {
    // The last token the state held: LoggedOut has already cleared it when the event arrives.
    const lastToken$ = state$.pipe(
      map((s) => s.auth.token),
      filter((token): token is string => token !== null),
    );
    return eventsOf(event$).pipe(
      ofType('LoggedOut'),
      filter((e) => e.data.reason === 'user'),
      withLatestFrom(lastToken$),
      mergeMap(([, token]) =>
        defer(() => deps.api.logout(token)).pipe(
          take(1),
          ignoreElements(),
          catchError((error: unknown) => {
            deps.logger.warn('token revocation failed', describeError(error));
            return of<never>();
          }),
        ),
      ),
    );
  };
}
