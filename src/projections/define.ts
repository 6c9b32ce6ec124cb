// Case reducers: one handler per event type an area cares about (like Redux Toolkit's createReducer).
import type { Draft } from 'immer';
import type { AppEvent, AppEventType, EventOf } from '../events';

/** Handlers mutate an immer draft of the area; events without a handler leave it alone. */
export type CaseReducers<S> = { [K in AppEventType]?: (draft: Draft<S>, event: EventOf<K>) => void };

/** Runs the handler of `event.type`, if any, on `draft`. */
export function applyCase<S>(reducers: CaseReducers<S>, draft: Draft<S>, event: AppEvent): void {
  const reducer = reducers[event.type] as ((d: Draft<S>, e: AppEvent) => void) | undefined;
  if (reducer !== undefined) reducer(draft, event);
}
