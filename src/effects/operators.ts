// Small RxJS helpers shared by the effects.
import {
  asyncScheduler,
  debounceTime,
  filter,
  from,
  interval,
  map,
  mergeMap,
  withLatestFrom,
  type Observable,
  type OperatorFunction,
  type SchedulerLike,
} from 'rxjs';
import type { AppEvent, AppEventType, EventOf } from '../events';
import type { EventEnvelope } from './deps';

/** The events of every envelope, one by one, in order. */
export function eventsOf(event$: Observable<EventEnvelope>): Observable<AppEvent> {
  return event$.pipe(mergeMap((envelope) => from(envelope.events)));
}

/** Keeps the events of the given types, narrowed. */
export function ofType<T extends AppEventType>(...types: readonly T[]): OperatorFunction<AppEvent, EventOf<T>> {
  const wanted: readonly string[] = types;
  return filter((event: AppEvent): event is EventOf<T> => wanted.includes(event.type));
}

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
