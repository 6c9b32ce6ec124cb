// The bus: meta stamping, the entry list, re-entrancy-safe queueing, subscribe/select, observables.
import { describe, expect, it } from 'vitest';
import { createStore, type LogEntry } from '../../src/commands/bus';
import { decide } from '../../src/commands/decide';
import { evolveAll, initialState } from '../../src/projections/store';
import { PRODUCT } from '../fixtures/catalog';
import { NOW } from '../fixtures/settings';
import { readyState } from '../fixtures/state';

function fakeDeps() {
  let n = 0;
  return { now: () => NOW.mondayAfternoon, newId: () => `id${++n}` };
}

describe('createStore', () => {
  it('stamps meta {now, id}, appends { position, at, command, events } and evolves', () => {
    const seen: LogEntry[] = [];
    const store = createStore({ decide, initial: readyState(), deps: fakeDeps(), onEntry: (e) => seen.push(e) });
    store.dispatch({ type: 'AddItem', data: { productId: PRODUCT.phila } });
    const entries = store.entries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ position: 1, at: NOW.mondayAfternoon, command: { type: 'AddItem' } });
    expect(entries[0]?.events.map((e) => e.type)).toEqual(['ItemAdded', 'LineHighlighted', 'DeliveryLineAdded']);
    expect(store.getState().cart.items[0]?.id).toBe('id1');
    expect(seen).toEqual(entries);
  });

  it('records commands that produce no events too', () => {
    const store = createStore({ decide, deps: fakeDeps() });
    store.dispatch({ type: 'ClearCatalogQuery', data: {} });
    expect(store.entries()).toEqual([
      { position: 1, at: NOW.mondayAfternoon, command: { type: 'ClearCatalogQuery', data: {} }, events: [] },
    ]);
  });

  it('queues a command dispatched while another is processed (no nesting)', () => {
    const store = createStore({ decide, initial: readyState(), deps: fakeDeps() });
    const order: string[] = [];
    store.events$.subscribe(({ entry }) => {
      order.push(`event ${entry.position}`);
      const added = entry.events.find((e) => e.type === 'LineHighlighted');
      if (added?.type === 'LineHighlighted') {
        store.dispatch({ type: 'ClearHighlight', data: { lineId: added.data.lineId } });
        order.push('dispatched');
      }
    });
    store.dispatch({ type: 'AddItem', data: { productId: PRODUCT.phila } });
    expect(order).toEqual(['event 1', 'dispatched', 'event 2']);
    expect(store.entries().map((e) => e.position)).toEqual([1, 2]);
    expect(store.getState().view.lastAddedLineId).toBeNull();
  });

  it('subscribe notifies on change; select is memoised per state object', () => {
    const store = createStore({ decide, initial: readyState(), deps: fakeDeps() });
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    let computed = 0;
    const lines = store.select((s) => {
      computed++;
      return s.cart.items.filter((l) => !l.isHidden);
    });
    const a = lines();
    expect(lines()).toBe(a);
    expect(computed).toBe(1);
    store.dispatch({ type: 'AddItem', data: { productId: PRODUCT.phila } });
    expect(calls).toBe(1);
    expect(lines()).toHaveLength(1);
    store.dispatch({ type: 'ClearCatalogQuery', data: {} }); // no events: no notification
    expect(calls).toBe(1);
    unsubscribe();
    store.dispatch({ type: 'AddItem', data: { productId: PRODUCT.cola } });
    expect(calls).toBe(1);
  });

  it('state$ starts with the current state; replaying the entries gives the live state', () => {
    const store = createStore({ decide, initial: readyState(), deps: fakeDeps() });
    const states: unknown[] = [];
    store.state$.subscribe((s) => states.push(s));
    store.dispatch({ type: 'AddItem', data: { productId: PRODUCT.phila } });
    store.dispatch({ type: 'ChangeDeliveryMethod', data: { method: 'self' } });
    expect(states).toHaveLength(3);
    const replayed = evolveAll(
      readyState(),
      store.entries().flatMap((e) => e.events),
    );
    expect(replayed).toEqual(store.getState());
  });

  it('a throwing decide is rethrown but leaves the store usable', () => {
    let n = 0;
    const store = createStore({
      decide,
      initial: initialState,
      deps: {
        now: () => {
          n++;
          if (n === 1) throw new Error('clock broke');
          return NOW.mondayAfternoon;
        },
        newId: () => `id${n}`,
      },
    });
    expect(() => store.dispatch({ type: 'InitCart', data: {} })).toThrow('clock broke');
    store.dispatch({ type: 'InitCart', data: {} });
    expect(store.entries()).toHaveLength(1);
  });
});
