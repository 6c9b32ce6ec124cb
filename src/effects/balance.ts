// Balance polling (PRODUCT.md §4 User, §9): every 120 s while signed in → ApplyBalance. Failures are
// only logged (PRODUCT.md §8), except a 401, which expires the session.
import { distinctUntilChanged, EMPTY, exhaustMap, map, switchMap, type Observable } from 'rxjs';
import type { AppCommand } from '../commands';
import { selectIsSignedIn } from '../projections/store';
import type { Effect, EffectDeps } from './deps';
import { quietCall } from './calls';
import { ticks, type PeriodicOptions } from './timing';

export const BALANCE_POLL_PERIOD_MS = 120_000;

/** The customer's bonus balance → ApplyBalance; a failure is only logged (PRODUCT.md §8), except a 401. */
export function loadBalance(deps: EffectDeps, phone: string, failureText: string): Observable<AppCommand> {
  return quietCall(
    deps,
    failureText,
    () => deps.api.getBalance(phone),
    (balance) => ({ type: 'ApplyBalance', data: { balance } }),
  );
}

export function balancePolling$(options: PeriodicOptions = {}): Effect {
  return (_event$, state$, deps) =>
    state$.pipe(
      map((state) => (selectIsSignedIn(state) ? (state.user.profile?.phone ?? null) : null)),
      distinctUntilChanged(),
      switchMap((phone) =>
        phone === null
          ? EMPTY
          : ticks(options, BALANCE_POLL_PERIOD_MS).pipe(
              exhaustMap(() => loadBalance(deps, phone, 'balance poll failed')),
            ),
      ),
    );
}
