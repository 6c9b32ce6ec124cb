import { describe, expect, it } from 'vitest';
import { diffStates, replayFinalWith, replayWith, stateAtWith } from '../../src/log/log';
import { toyFolder, toyInitial, toyLog } from './toy';

describe('replay (generic core)', () => {
  it('folds from the initial state, one state per entry', () => {
    const { states, final } = replayWith(toyFolder, toyLog());
    expect(states).toEqual([
      { count: 2, names: [] },
      { count: 2, names: [] },
      { count: 5, names: ['Иван'] },
    ]);
    expect(final).toBe(states[2]);
    expect(states[1]).toBe(states[0]);
    expect(toyInitial).toEqual({ count: 0, names: [] });
  });

  it('folds from the snapshot when there is one', () => {
    const log = toyLog({ snapshot: { position: 0, state: { count: 100, names: ['Анна'] } } });
    expect(replayWith(toyFolder, log).final).toEqual({ count: 105, names: ['Анна', 'Иван'] });
    expect(replayFinalWith(toyFolder, log)).toEqual({ count: 105, names: ['Анна', 'Иван'] });
  });

  it('replayFinal equals the last state of replay, and an empty log replays to its start', () => {
    expect(replayFinalWith(toyFolder, toyLog())).toEqual(replayWith(toyFolder, toyLog()).final);
    expect(replayFinalWith(toyFolder, toyLog({ entries: [] }))).toBe(toyInitial);
    expect(replayWith(toyFolder, toyLog({ entries: [] }))).toEqual({ states: [], final: toyInitial });
  });

  it('stateAt gives the state after the entry at a position', () => {
    const log = toyLog();
    expect(stateAtWith(toyFolder, log, 1)).toEqual({ count: 2, names: [] });
    expect(stateAtWith(toyFolder, log, 3)).toEqual({ count: 5, names: ['Иван'] });
    expect(stateAtWith(toyFolder, log, 0)).toBe(toyInitial);
    expect(() => stateAtWith(toyFolder, log, 7)).toThrow(/no position 7 \(it holds positions 1…3\)/);
    const snap = { position: 0, state: { count: 9, names: [] } };
    expect(stateAtWith(toyFolder, toyLog({ snapshot: snap }), 0)).toBe(snap.state);
  });
});

describe('diffStates', () => {
  it('lists changed, added and removed leaves with paths', () => {
    const a = { cart: { items: [{ id: 'a', quantity: 1 }], coupon: null }, user: { name: 'Иван' }, 'odd-key': 1 };
    const b = {
      cart: {
        items: [
          { id: 'a', quantity: 2 },
          { id: 'b', quantity: 1 },
        ],
        coupon: 'SUSHI',
      },
      'odd-key': 1,
      view: { open: true },
    };
    expect(diffStates(a, b)).toEqual([
      { path: 'cart.items[id=a].quantity', kind: 'changed', before: 1, after: 2 },
      { path: 'cart.items[id=b]', kind: 'added', before: undefined, after: { id: 'b', quantity: 1 } },
      { path: 'cart.coupon', kind: 'changed', before: null, after: 'SUSHI' },
      { path: 'user', kind: 'removed', before: { name: 'Иван' }, after: undefined },
      { path: 'view', kind: 'added', before: undefined, after: { open: true } },
    ]);
  });

  it('matches arrays of records by id: removing the first line does not shift the others', () => {
    const l = (id: string, quantity: number) => ({ id, quantity });
    expect(diffStates({ items: [l('a', 1), l('b', 2), l('c', 3)] }, { items: [l('b', 2), l('c', 4)] })).toEqual([
      { path: 'items[id=a]', kind: 'removed', before: l('a', 1), after: undefined },
      { path: 'items[id=c].quantity', kind: 'changed', before: 3, after: 4 },
    ]);
    expect(diffStates([l('a', 1), l('b', 1)], [l('b', 1), l('a', 1)])).toEqual([
      { path: '', kind: 'changed', before: ['a', 'b'], after: ['b', 'a'] },
    ]);
    // duplicate or missing ids fall back to positions
    expect(diffStates([l('a', 1), l('a', 2)], [l('a', 1), l('a', 3)])).toEqual([
      { path: '[1].quantity', kind: 'changed', before: 2, after: 3 },
    ]);
  });

  it('is empty for equal values, reports shape changes at the node, quotes odd keys', () => {
    expect(diffStates({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
    expect(diffStates({ a: [1] }, { a: { 0: 1 } })).toEqual([
      { path: 'a', kind: 'changed', before: [1], after: { 0: 1 } },
    ]);
    expect(diffStates({ 'x-y': 1 }, { 'x-y': 2 })).toEqual([{ path: '["x-y"]', kind: 'changed', before: 1, after: 2 }]);
    expect(diffStates([1, 2], [1])).toEqual([{ path: '[1]', kind: 'removed', before: 2, after: undefined }]);
    expect(diffStates(1, 2)).toEqual([{ path: '', kind: 'changed', before: 1, after: 2 }]);
  });
});
