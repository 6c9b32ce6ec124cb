// Balance polling (PRODUCT.md §4 User, §9): every 120 s while signed in → ApplyBalance. Failures are
// only logged (PRODUCT.md §8), except a 401, which expires the session.
import { distinctUntilChanged, EMPTY, exhaustMap, map, switchMap } from 'rxjs';
import { selectIsSignedIn } from '../projections/store';
import type { Effect } from './deps';
import { quietCall } from './calls';
import { ticks, type PeriodicOptions } from './operators';

export const BALANCE_POLL_PERIOD_MS = 120_000;

export function balancePolling$(options: PeriodicOptions = {}): Effect {
  return (_event$, state$, deps) =>
    state$.pipe(
      map((state) => (selectIsSignedIn(state) ? (state.user.profile?.phone ?? null) : null)),
      distinctUntilChanged(),
      switchMap((phone) =>
        phone === null
          ? EMPTY
          : ticks(options, BALANCE_POLL_PERIOD_MS).pipe(
              exhaustMap(() =>
                quietCall(
                  deps,
                  'balance poll failed',
                  () => deps.api.getBalance(phone),
                  (balance) => ({ type: 'ApplyBalance', data: { balance } }),
                ),
              ),
            ),
      ),
    );
}
