// Records a realistic shopping session through the real store and bus and writes it as a log
// fixture: boot (settings, cities, session, catalogue), sign-in, then AddItem / ChangeQuantity /
// ChangeDeliveryMethod / ApplyPromoResult / RemoveItem / ApplyCoupon as the views and effects would
// dispatch them. Regenerate with `npx tsx tools/record-fixture.ts` after a change to the deciders.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppCommand } from '../src/commands';
import { createStore, type LogEntry } from '../src/commands/bus';
import { decide } from '../src/commands/decide';
import { createLog, type Log } from '../src/log/log';
import type { AppState } from '../src/projections/store';
import {
  CITY_ID,
  GROUP_IDS,
  SIZE_MODS,
  TERMINAL_ID,
  city,
  generateCatalog,
  generateSettings,
  sellable,
  user,
} from './gen-catalog';

export const FIXTURE_PATH = join(
  fileURLToPath(new URL('.', import.meta.url)),
  '..',
  'tests',
  'fixtures',
  'logs',
  'session.json',
);

/** 12:00 in Irkutsk (Angarsk's time zone), inside the generated working hours. */
export const SESSION_START = Date.UTC(2026, 10, 23, 4, 0, 0);

/** A clock that moves 1.5 s per command and ids that count up: the recording is deterministic. */
export function fixedDeps(start = SESSION_START) {
  let tick = 0;
  let id = 0;
  return {
    now: () => new Date(start + 1500 * tick++).toISOString(),
    newId: () => `cmd-${++id}`,
  };
}

export type Recording = { log: Log; state: AppState };

export function recordSession(): Recording {
  const entries: LogEntry[] = [];
  const store = createStore({ decide, deps: fixedDeps(), onEntry: (e) => entries.push(e) });
  const dispatch = (command: AppCommand) => store.dispatch(command);
  const catalog = generateCatalog(24, 42);
  const products = sellable(catalog);
  const byGroup = (groupId: string) => {
    const found = products.find(
      (p) => p.parentGroup === groupId && p.maxPerPositionInOrder === 0 && p.additionalInfo.sale !== false,
    );
    if (!found) throw new Error(`the generated catalogue has no product in ${groupId}`);
    return found;
  };
  const roll = byGroup(GROUP_IDS.rolls);
  const pizza = byGroup(GROUP_IDS.pizza);
  const drink = byGroup(GROUP_IDS.drinks);
  const lineOf = (productId: string): string => {
    const line = store.getState().cart.items.find((l) => l.product.id === productId && !l.isGift && !l.isHidden);
    if (!line) throw new Error(`no cart line for ${productId}`);
    return line.id;
  };

  // boot, as the boot effects would
  const settings = generateSettings('1');
  dispatch({ type: 'ApplySettings', data: { settings } });
  dispatch({ type: 'ApplyCities', data: { cities: [city] } });
  dispatch({ type: 'StartSession', data: { cityCookie: CITY_ID, citySelectedCookie: 'true' } });
  dispatch({ type: 'ApplyCatalog', data: { catalog, version: '1' } });
  dispatch({ type: 'CompleteSignIn', data: { token: 'fixture-token', user } });

  // shopping
  dispatch({ type: 'AddItem', data: { productId: roll.id } });
  dispatch({ type: 'AddItem', data: { productId: roll.id, quantity: 2 } });
  dispatch({
    type: 'AddItem',
    data: { productId: pizza.id, mods: [{ id: SIZE_MODS[1], amount: 1, groupId: GROUP_IDS.sizes }] },
  });
  dispatch({ type: 'ClearHighlight', data: { lineId: lineOf(pizza.id) } });
  dispatch({ type: 'AddItem', data: { productId: drink.id } });
  dispatch({ type: 'StartPromoCalculation', data: {} });
  dispatch({
    type: 'ApplyPromoResult',
    data: {
      response: { freeProducts: [], discountTotal: 120, lostGift: [], loyaltyProgramErrors: [], allowedBonus: 90 },
    },
  });
  dispatch({ type: 'ChangeQuantity', data: { lineId: lineOf(pizza.id), quantity: 2 } });
  dispatch({ type: 'ChangeQuantity', data: { lineId: lineOf(drink.id), quantity: 0 } });
  dispatch({ type: 'ApplyCoupon', data: { coupon: 'SUSHI10' } });
  dispatch({ type: 'ChangeDeliveryMethod', data: { method: 'self' } });
  dispatch({ type: 'SelectRestaurant', data: { deliveryTerminalId: TERMINAL_ID } });
  dispatch({ type: 'StartPromoCalculation', data: {} });
  dispatch({
    type: 'ApplyPromoResult',
    data: {
      response: {
        freeProducts: [],
        discountTotal: 250,
        lostGift: [],
        loyaltyProgramErrors: ['Промокод действует только на доставку'],
        allowedBonus: 120,
      },
    },
  });
  dispatch({ type: 'ChangeDeliveryMethod', data: { method: 'delivery' } });
  dispatch({ type: 'RemoveItem', data: { lineId: lineOf(roll.id) } });
  dispatch({ type: 'ChangeQuantity', data: { lineId: lineOf(pizza.id), quantity: 1 } });

  return {
    log: createLog({ appVersion: '0.1.0', storeVersion: settings.STORE_VERSION, entries }),
    state: store.getState(),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { log } = recordSession();
  writeFileSync(FIXTURE_PATH, `${JSON.stringify(log, null, 2)}\n`);
  const events = log.entries.reduce((n, e) => n + e.events.length, 0);
  process.stdout.write(`wrote ${FIXTURE_PATH}: ${log.entries.length} entries, ${events} events\n`);
}
