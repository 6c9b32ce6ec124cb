// Balance polling (PRODUCT.md §4 User, §9): every 120 s while signed in → ApplyBalance. Failures are
// only logged (PRODUCT.md §8), except a 401, which expires the session.
import {
  asyncScheduler,
  catchError,
  defer,
  distinctUntilChanged,
  EMPTY,
  exhaustMap,
  from,
  interval,
  map,
  switchMap,
  take,
  type SchedulerLike,
} from 'rxjs';
import type { AppCommand } from '../commands';
import { selectIsSignedIn } from '../projections/store';
import { apiFailureCommands, describeError, failureStatus } from './apiErrors';
import type { Effect } from './deps';

export type BalancePollingOptions = { periodMs?: number; scheduler?: SchedulerLike };
export const BALANCE_POLL_PERIOD_MS = 120_000;

export function balancePolling$(options: BalancePollingOptions = {}): Effect {
  const periodMs = options.periodMs ?? BALANCE_POLL_PERIOD_MS;
  const scheduler = options.scheduler ?? asyncScheduler;
  return (_event$, state$, deps) =>
    state$.pipe(
      map((state) => (selectIsSignedIn(state) ? (state.user.profile?.phone ?? null) : null)),
      distinctUntilChanged(),
      switchMap((phone) =>
        phone === null
          ? EMPTY
          : interval(periodMs, scheduler).pipe(
              exhaustMap(() =>
                defer(() => deps.api.getBalance(phone)).pipe(
                  take(1),
                  map((balance): AppCommand => ({ type: 'ApplyBalance', data: { balance } })),
                  catchError((error: unknown) => {
                    deps.logger.warn('balance poll failed', describeError(error));
                    // Only logged; a 401 still means the session is gone.
                    return from(failureStatus(error) === 401 ? apiFailureCommands(error, true) : []);
                  }),
                ),
              ),
            ),
      ),
    );
}
