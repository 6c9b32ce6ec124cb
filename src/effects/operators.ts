// Small RxJS helpers shared by the effects.
import { filter, mergeMap, from, withLatestFrom, type Observable, type OperatorFunction } from 'rxjs';
import type { AppEvent, AppEventType, EventOf } from '../events';
import type { AppState } from '../projections/store';
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
 * The events of the given types, narrowed, each with the state it came in: the state a request's
 * call is made in (its failure commands read the session from it).
 */
export function eventsInState<T extends AppEventType>(
  event$: Observable<EventEnvelope>,
  state$: Observable<AppState>,
  ...types: readonly T[]
): Observable<[EventOf<T>, AppState]> {
  return eventsOf(event$).pipe(ofType(...types), withLatestFrom(state$));
}
