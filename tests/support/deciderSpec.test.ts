// The decider spec on a toy counter: the state is the fold of the given events, meta is fixed
// unless a `when` overrides it, and a wrong expectation fails.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from './deciderSpec';

type Command = { type: 'Add'; by: number } | { type: 'Reset' };
type Event = { type: 'Added'; by: number; at: string } | { type: 'WasReset' };
type Meta = { now: string };

const decide = (command: Command, total: number, meta: Meta): Event[] => {
  switch (command.type) {
    case 'Add':
      return [{ type: 'Added', by: command.by, at: meta.now }];
    case 'Reset':
      return total === 0 ? [] : [{ type: 'WasReset' }];
  }
};
const evolve = (total: number, events: readonly Event[]): number =>
  events.reduce((t, e) => (e.type === 'Added' ? t + e.by : 0), total);

const counter = deciderSpec(decide, evolve, 0, { now: 'T0' });

describe('deciderSpec', () => {
  it('folds the given events, passes the fixed meta and returns the state after', () => {
    const outcome = counter
      .given([{ type: 'Added', by: 2, at: 'T-1' }], [{ type: 'Added', by: 3, at: 'T-1' }])
      .when({ type: 'Add', by: 1 })
      .then([{ type: 'Added', by: 1, at: 'T0' }]);
    expect(outcome.before).toBe(5);
    expect(outcome.after).toBe(6);
    expect(outcome.history).toHaveLength(3);
  });

  it('a `when` may override meta; thenNothing passes only on no events', () => {
    counter
      .given([])
      .when({ type: 'Add', by: 1 }, { now: 'T9' })
      .then([{ type: 'Added', by: 1, at: 'T9' }]);
    counter.given().when({ type: 'Reset' }).thenNothing();
    expect(() =>
      counter
        .given([{ type: 'Added', by: 1, at: 'T0' }])
        .when({ type: 'Reset' })
        .thenNothing(),
    ).toThrow();
  });

  it('a wrong expectation fails', () => {
    expect(() =>
      counter
        .given()
        .when({ type: 'Add', by: 1 })
        .then([{ type: 'Added', by: 2, at: 'T0' }]),
    ).toThrow();
  });
});
