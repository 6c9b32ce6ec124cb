// A browser stops getting order pushes (docs/PUSH.md) when the customer's consent to push
// notifications is off (profile saved or loaded, sign-in) or they sign out: it unsubscribes, so
// the next push to its endpoint is answered 410 and the server forgets it. The server already
// deleted the customer's subscriptions when the consent was turned off.
import { EMPTY, filter, from, ignoreElements, mergeMap, catchError } from 'rxjs';
import type { AppEvent } from '../events';
import { describeError } from './apiErrors';
import type { Effect } from './deps';
import { eventsOf } from './operators';

function withdraws(event: AppEvent): boolean {
  switch (event.type) {
    case 'LoggedOut':
      return true;
    case 'ProfileLoaded':
    case 'SignedIn':
      return !event.data.user.PUSHNotifications;
    default:
      return false;
  }
}

export const pushConsent$: Effect = (event$, _state$, deps) => {
  const device = deps.pushDevice;
  if (device === undefined) return EMPTY;
  return eventsOf(event$).pipe(
    filter(withdraws),
    mergeMap(() =>
      from(device.unsubscribe()).pipe(
        catchError((error: unknown) => {
          deps.logger.warn('push unsubscribe failed', describeError(error));
          return EMPTY;
        }),
      ),
    ),
    ignoreElements(),
  );
};
