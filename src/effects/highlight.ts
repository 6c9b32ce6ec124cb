// Last-added highlight (PRODUCT.md §4 rule 6, §9): ClearHighlight 1 s after LineHighlighted; a newer
// highlight restarts the second.
import { asyncScheduler, map, switchMap, timer, type SchedulerLike } from 'rxjs';
import type { AppCommand } from '../commands';
import type { Effect } from './deps';
import { eventsOf, ofType } from './operators';

export type HighlightOptions = { durationMs?: number; scheduler?: SchedulerLike };
export const HIGHLIGHT_MS = 1_000;

export function highlight$(options: HighlightOptions = {}): Effect {
  const durationMs = options.durationMs ?? HIGHLIGHT_MS;
  const scheduler = options.scheduler ?? asyncScheduler;
  return (event$) =>
    eventsOf(event$).pipe(
      ofType('LineHighlighted'),
      switchMap((e) =>
        timer(durationMs, scheduler).pipe(
          map((): AppCommand => ({ type: 'ClearHighlight', data: { lineId: e.data.lineId } })),
        ),
      ),
    );
}
