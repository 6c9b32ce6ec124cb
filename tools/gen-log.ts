// A deterministic, schema-valid event log of a long shopping session for the replay benchmark:
// settings, city, the generated catalogue and a sign-in, then AddItem / ChangeQuantity / RemoveItem /
// ApplyPromoResult-style entries against the catalogue until `eventCount` events are written. The
// cart is kept to at most `maxLines` lines, as a real one is. Usage as a script:
// `tsx tools/gen-log.ts [EVENTS] [SEED] > big-log.json`.
import { pathToFileURL } from 'node:url';
import type { CartItem, Catalog } from '../src/api/entities';
import type { AppCommand } from '../src/commands';
import type { AppEvent } from '../src/events';
import { CURRENT_SCHEMA_VERSION } from '../src/log/upcasters';
import { CITY_ID, SIZE_MODS, city, generateCatalog, generateSettings, random, sellable, user } from './gen-catalog';

export type GeneratedEntry = { position: number; at: string; command?: AppCommand; events: AppEvent[] };
export type GeneratedLog = {
  schemaVersion: typeof CURRENT_SCHEMA_VERSION;
  appVersion: string;
  storeVersion: string;
  entries: GeneratedEntry[];
};

const START = Date.UTC(2026, 10, 23, 4, 0, 0); // 12:00 in Irkutsk

export function generateEventLog(
  options: { eventCount?: number; seed?: number; catalog?: Catalog; maxLines?: number } = {},
): GeneratedLog {
  const eventCount = options.eventCount ?? 100_000;
  const r = random(options.seed ?? 7);
  const catalog = options.catalog ?? generateCatalog(1000, 42);
  const maxLines = options.maxLines ?? 30;
  const products = sellable(catalog);
  const entries: GeneratedEntry[] = [];
  let position = 0;
  let events = 0;
  const push = (command: AppCommand | undefined, evs: AppEvent[]) => {
    position += 1;
    events += evs.length;
    entries.push({
      position,
      at: new Date(START + position * 1000).toISOString(),
      ...(command ? { command } : {}),
      events: evs,
    });
  };

  const settings = generateSettings('1');
  push({ type: 'ApplySettings', data: { settings } }, [{ type: 'SettingsLoaded', data: { settings } }]);
  push({ type: 'ApplyCities', data: { cities: [city] } }, [{ type: 'CitiesLoaded', data: { cities: [city] } }]);
  push({ type: 'StartSession', data: { cityCookie: CITY_ID, citySelectedCookie: 'true' } }, [
    { type: 'SessionStarted', data: { cityId: CITY_ID, openedAt: new Date(START).toISOString() } },
  ]);
  push({ type: 'ApplyCatalog', data: { catalog, version: '1' } }, [
    { type: 'CatalogLoaded', data: { catalog, version: '1' } },
  ]);
  push({ type: 'CompleteSignIn', data: { token: 'bench-token', user } }, [
    { type: 'SignedIn', data: { token: 'bench-token', user } },
  ]);

  const lines: CartItem[] = [];
  let nextLine = 1;
  while (events < eventCount) {
    const roll = r.float();
    const left = eventCount - events;
    if ((lines.length === 0 || roll < 0.35) && lines.length < maxLines && left >= 2) {
      const product = r.pick(products);
      const quantity = r.int(1, 3);
      const size: string = r.float() < 0.5 ? SIZE_MODS[0] : SIZE_MODS[1];
      const mods =
        product.groupModifiers.length > 0
          ? [{ id: size, amount: 1, groupId: product.groupModifiers[0]?.id ?? '' }]
          : [];
      const line: CartItem = {
        id: `line-${nextLine++}`,
        product,
        quantity,
        mods: mods.map((m) => ({
          ...m,
          name: m.id === SIZE_MODS[0] ? '30 см' : '40 см',
          price: m.id === SIZE_MODS[0] ? 0 : 150,
          code: m.id,
          groupName: 'Размер пиццы',
        })),
        isGift: false,
        isHidden: false,
        isServiceFee: false,
        fromPromocode: false,
      };
      lines.push(line);
      push(
        {
          type: 'AddItem',
          data: {
            productId: product.id,
            mods: mods.map(({ id, amount, groupId }) => ({ id, amount, groupId })),
            quantity,
          },
        },
        [
          { type: 'ItemAdded', data: { line } },
          { type: 'LineHighlighted', data: { lineId: line.id } },
        ],
      );
    } else if (lines.length > 0 && (roll < 0.65 || lines.length >= maxLines)) {
      const line = r.pick(lines);
      if (lines.length >= maxLines || roll < 0.45) {
        lines.splice(lines.indexOf(line), 1);
        push({ type: 'RemoveItem', data: { lineId: line.id } }, [{ type: 'ItemRemoved', data: { lineId: line.id } }]);
      } else {
        line.quantity = r.int(1, 9);
        push({ type: 'ChangeQuantity', data: { lineId: line.id, quantity: line.quantity } }, [
          { type: 'ItemQuantityChanged', data: { lineId: line.id, quantity: line.quantity } },
        ]);
      }
    } else {
      const response = {
        freeProducts: [],
        discountTotal: r.int(0, 20) * 10,
        lostGift: [],
        loyaltyProgramErrors: r.float() < 0.1 ? ['Промокод не найден'] : [],
        allowedBonus: r.int(0, 10) * 10,
      };
      push({ type: 'ApplyPromoResult', data: { response } }, [
        { type: 'PromoResultApplied', data: { ...response, freeDelivery: r.float() < 0.3 } },
      ]);
    }
  }
  return { schemaVersion: CURRENT_SCHEMA_VERSION, appVersion: '0.1.0', storeVersion: '1', entries };
}

export function countEvents(log: { entries: readonly { events: readonly unknown[] }[] }): number {
  return log.entries.reduce((n, e) => n + e.events.length, 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const eventCount = Number(process.argv[2] ?? 100_000);
  const seed = Number(process.argv[3] ?? 7);
  process.stdout.write(`${JSON.stringify(generateEventLog({ eventCount, seed }))}\n`);
}
