// Timing helpers of the effects: a burst of changes answered once, and a periodic tick. Apart from
// operators.ts, which the core carries, so that they load with the effects that use them.
import {
  asyncScheduler,
  debounceTime,
  interval,
  map,
  withLatestFrom,
  type Observable,
  type OperatorFunction,
  type SchedulerLike,
} from 'rxjs';

/**
 * Once the source has been quiet for `debounceMs`, the state at that moment: a burst of changes
 * is answered once, from the state they left. Tests pass a virtual `scheduler`.
 */
export function stateWhenQuiet<S>(
  state$: Observable<S>,
  debounceMs: number,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<unknown, S> {
  return (source$) =>
    source$.pipe(
      debounceTime(debounceMs, scheduler),
      withLatestFrom(state$),
      map(([, state]) => state),
    );
}

/** How often a periodic effect runs (each has its own default) and, in tests, a virtual scheduler. */
export type PeriodicOptions = { periodMs?: number; scheduler?: SchedulerLike };

/** A tick every `options.periodMs`, or `defaultMs`, the first one a period from now. */
export function ticks(options: PeriodicOptions, defaultMs: number): Observable<number> {
  return interval(options.periodMs ?? defaultMs, options.scheduler ?? asyncScheduler);
}
