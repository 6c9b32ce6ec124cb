// Given events / when command / then events, for any decider whose state is a fold of its events
// (in the spirit of Emmett's DeciderSpecification). The state a command sees is built only from
// the given events through the real evolve, so a test states its history, never a hand-made state.
import { expect } from 'vitest';

/** What one `when` decided: the events, the state before and after them, and the whole history. */
export type Outcome<S, E> = { events: E[]; before: S; after: S; history: E[] };

export interface Then<S, E> {
  /** The command decides exactly these events, in this order. */
  then(expected: readonly E[]): Outcome<S, E>;
  /** The command decides no event (an idempotent repeat or a no-op). */
  thenNothing(): Outcome<S, E>;
  /** The outcome unchecked, for a test that looks at part of the events or at the state after them. */
  outcome(): Outcome<S, E>;
}

export interface Given<C, E, S, M> {
  when(command: C, meta?: Partial<M>): Then<S, E>;
}

export interface DeciderSpec<C, E, S, M> {
  /** The history before the command: the arrays are appended in order. */
  given(...events: readonly (readonly E[])[]): Given<C, E, S, M>;
}

export function deciderSpec<C, E, S, M>(
  decide: (command: C, state: S, meta: M) => E[],
  evolve: (state: S, events: readonly E[]) => S,
  initialState: S,
  meta: M,
): DeciderSpec<C, E, S, M> {
  return {
    given(...batches) {
      const given = batches.flat();
      return {
        when(command, metaOver = {}) {
          const decideOnce = (): Outcome<S, E> => {
            const before = evolve(initialState, given);
            const events = decide(command, before, { ...meta, ...metaOver });
            return { events, before, after: evolve(before, events), history: [...given, ...events] };
          };
          return {
            then(expected) {
              const outcome = decideOnce();
              expect(outcome.events).toEqual(expected);
              return outcome;
            },
            thenNothing() {
              const outcome = decideOnce();
              expect(outcome.events).toEqual([]);
              return outcome;
            },
            outcome: decideOnce,
          };
        },
      };
    },
  };
}
