// Given events / when command / then events over the root decider, with a fixed `now` and fixed
// ids; `run` is for scenarios that only look at the state a run of commands leaves.
import type { CartItem, CartMod } from '../../src/api/entities';
import type { AppCommand } from '../../src/commands';
import { createStore, type LogEntry, type Store } from '../../src/commands/bus';
import { decide } from '../../src/commands/decide';
import type { Meta } from '../../src/commands/types';
import type { AppEvent } from '../../src/events';
import { evolveAll, initialState, type AppState } from '../../src/projections/store';
import { cartItem, type CartLineFlags } from '../fixtures/cart';
import { productById } from '../fixtures/catalog';
import { NOW } from '../fixtures/settings';
import { readyEvents, readyState, type ReadyOptions } from '../fixtures/state';
import { deciderSpec } from '../support/deciderSpec';

export const META: Meta = { now: NOW.mondayAfternoon, id: 'cmd' };

/** The root decider over the real projections: `app.given(ready(), …).when(command).then([...])`. */
export const app = deciderSpec(decide, evolveAll, initialState, META);

/** The history of a ready storefront (settings, cities, catalogue, a city, signed in unless told). */
export const ready = (o: ReadyOptions = {}): AppEvent[] => readyEvents(o);

/**
 * The events `commands` decide one after another on `given` (ids cmd1, cmd2, … or idPrefix1, …),
 * appended to `given`: the history a later `when` starts from.
 */
export function history(
  given: readonly AppEvent[],
  commands: readonly AppCommand[],
  o: { now?: string; idPrefix?: string } = {},
): AppEvent[] {
  const events = [...given];
  let state = evolveAll(initialState, given);
  commands.forEach((c, i) => {
    const decided = decide(c, state, { now: o.now ?? META.now, id: `${o.idPrefix ?? 'cmd'}${i + 1}` });
    events.push(...decided);
    state = evolveAll(state, decided);
  });
  return events;
}

/** Runs commands one after another (ids cmd1, cmd2, ... or idPrefix1, ...) and returns the final state. */
export function run(
  commands: readonly AppCommand[],
  o: { ready?: ReadyOptions; now?: string; state?: AppState; idPrefix?: string } = {},
): AppState {
  let state = o.state ?? readyState(o.ready);
  commands.forEach((c, i) => {
    state = evolveAll(state, decide(c, state, { now: o.now ?? META.now, id: `${o.idPrefix ?? 'cmd'}${i + 1}` }));
  });
  return state;
}

/** A cart line of the fixture catalogue's product `productId`. */
export function line(id: string, productId: string, quantity = 1, over: CartLineFlags = {}): CartItem {
  return cartItem(id, productById(productId), quantity, over);
}

export const deliveryLine = (id: string, productId: string): CartItem => line(id, productId, 1, { isHidden: true });
export const giftLine = (id: string, productId: string, fromPromocode = true): CartItem =>
  line(id, productId, 1, { isGift: true, isHidden: true, fromPromocode });

export function mod(over: CartMod): CartMod {
  return over;
}

/** A store over the root decider on Monday afternoon with ids id1, id2, …; its log entries go to `entries`. */
export function recordingStore(initial: AppState, entries: LogEntry[]): Store {
  let n = 0;
  return createStore({
    decide,
    initial,
    deps: { now: () => NOW.mondayAfternoon, newId: () => `id${++n}` },
    onEntry: (e) => entries.push(e),
  });
}
