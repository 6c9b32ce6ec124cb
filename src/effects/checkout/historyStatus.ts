// The order history page is live like /complete: while it is shown, the customer's WebSocket is
// open and every push about one of their orders (a status move, an operator's edit) or a
// (re)connect re-reads the history, so lines, totals and statuses change in place.
import {
  asyncScheduler,
  EMPTY,
  exhaustMap,
  filter,
  first,
  ignoreElements,
  map,
  mergeMap,
  type Observable,
  retry,
  takeUntil,
  timer,
  withLatestFrom,
} from 'rxjs';
import type { AppCommand } from '../../commands';
import { selectIsSignedIn, type AppState } from '../../projections/store';
import type { Effect } from '../deps';
import { eventsOf } from '../operators';
import { parsePush, socket$ } from './status';
import { RECONNECT_MS, WS_PATH, type CheckoutEffectOptions } from './shared';

const reload: AppCommand = { type: 'LoadOrderHistory', data: {} };

/**
 * LoadOrderHistory once the history is not on its first load: a command then would be dropped
 * (asked for already), and that answer may predate what the push announced.
 */
const reloadWhenIdle$ = (state$: Observable<AppState>): Observable<AppCommand> =>
  state$.pipe(
    first((s) => s.user.history.status !== 'loading'),
    map(() => reload),
  );

/** From the history's request until the page is left (or sign-out): re-read it on each push. */
export function followOrderHistory$(options: CheckoutEffectOptions = {}): Effect {
  const scheduler = options.scheduler ?? asyncScheduler;
  const reconnectMs = options.reconnectMs ?? RECONNECT_MS;
  const open = options.openSocket;
  return (event$, state$) => {
    const events$ = eventsOf(event$);
    if (open === undefined) return events$.pipe(ignoreElements());
    return events$.pipe(
      filter((e) => e.type === 'OrderHistoryRequested'),
      withLatestFrom(state$),
      filter(([, state]) => selectIsSignedIn(state)),
      // One socket while the page is shown: its own re-reads ask for the history again.
      exhaustMap(([, state]) => {
        const path = `${WS_PATH}?token=${encodeURIComponent(state.auth.token ?? '')}`;
        const ended$ = events$.pipe(filter((e) => e.type === 'OrderHistoryTrackingStopped' || e.type === 'LoggedOut'));
        return socket$(open, path).pipe(
          retry({ delay: () => timer(reconnectMs, scheduler) }),
          mergeMap((data): Observable<AppCommand> => {
            const message = parsePush(data);
            // The socket hears only this customer's orders; a new one (taken by phone) shows up too.
            if (message?.type === 'hello' || message?.type === 'order:status_update') return reloadWhenIdle$(state$);
            return EMPTY;
          }),
          takeUntil(ended$),
        );
      }),
    );
  };
}
