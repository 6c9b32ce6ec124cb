// The order history page is live like /complete: while it is shown, the customer's WebSocket is
// open and every push about one of their orders (a status move, an operator's edit) or a
// (re)connect re-reads the history, so lines, totals and statuses change in place.
import { EMPTY, filter, first, map, mergeMap, type Observable, withLatestFrom } from 'rxjs';
import type { AppCommand } from '../../commands';
import type { AppState } from '../../projections/store';
import type { Effect } from '../deps';
import { followCustomerSocket } from './customerSocket';
import type { CheckoutEffectOptions } from './shared';

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
  // One socket while the page is shown: its own re-reads ask for the history again.
  return followCustomerSocket(options, {
    shown$: (events$, state$) =>
      events$.pipe(
        filter((e) => e.type === 'OrderHistoryRequested'),
        withLatestFrom(state$),
      ),
    ended$: (events$) => events$.pipe(filter((e) => e.type === 'OrderHistoryTrackingStopped')),
    commands: (pushes$, _shown, state$) =>
      pushes$.pipe(
        // The socket hears only this customer's orders; a new one (taken by phone) shows up too.
        mergeMap((push) =>
          push.type === 'hello' || push.type === 'order:status_update' ? reloadWhenIdle$(state$) : EMPTY,
        ),
      ),
  });
}
