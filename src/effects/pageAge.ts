// Page age (PRODUCT.md §9): every 60 s CheckPageAge; the decider answers PageExpired once the page has
// been open for more than 24 h, and this effect then reloads the page (once).
import { ignoreElements, map, merge, share, take, takeUntil, tap } from 'rxjs';
import type { AppCommand } from '../commands';
import type { Effect } from './deps';
import { eventsOf, ofType } from './operators';
import { ticks, type PeriodicOptions } from './timing';

export const PAGE_AGE_CHECK_PERIOD_MS = 60_000;

export function pageAge$(options: PeriodicOptions = {}): Effect {
  return (event$, _state$, deps) => {
    const expired$ = eventsOf(event$).pipe(ofType('PageExpired'), take(1), share());
    const checks$ = ticks(options, PAGE_AGE_CHECK_PERIOD_MS).pipe(
      map((): AppCommand => ({ type: 'CheckPageAge', data: {} })),
      takeUntil(expired$),
    );
    const reload$ = expired$.pipe(
      tap(() => deps.location.reload()),
      ignoreElements(),
    );
    return merge(reload$, checks$);
  };
}
