// Replay with half-and-half pizza (docs/HALF-PIZZA.md): its events are additive (no new schema
// version), so logs recorded before it still upcast and replay, with half-and-half off; a log with
// the new events goes through the codec and replays to the live state; the viewer names them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LogEntry } from '../../src/commands/bus';
import { decide } from '../../src/commands/decide';
import { recordingStore } from '../commands/helpers';
import { createLog, CURRENT_SCHEMA_VERSION, replay } from '../../src/log/log';
import { parseLog, parseLogText } from '../../src/log/logCodec';
import { evolveAll, type AppState } from '../../src/projections/store';
import { entryTitle } from '../../src/views/admin/replay/model';
import { MOD, PRODUCT } from '../fixtures/catalog';
import { halfCatalog, halfSettings, MARGHERITA } from '../fixtures/halfPizza';
import { NOW } from '../fixtures/settings';
import { readyState } from '../fixtures/state';

const fixtures = join(import.meta.dirname, '../fixtures/logs');
const addHalf = {
  type: 'AddHalfPizza',
  data: { sizeId: MOD.size30, firstId: PRODUCT.pizza, secondId: MARGHERITA },
} as const;

describe('replay and half-and-half pizza', () => {
  it('a v2 log recorded before it upcasts and replays; its settings read HALF_PIZZA as null (off)', () => {
    const log = parseLog(JSON.parse(readFileSync(join(fixtures, 'session.json'), 'utf8')));
    expect(log.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    const final = replay(log).final;
    expect(final.setting.settings?.HALF_PIZZA).toBeNull();
    expect(decide(addHalf, final, { now: NOW.mondayAfternoon, id: 'x' })).toMatchObject([
      { type: 'HalfPizzaRejected', data: { reason: 'half-pizza-off' } },
    ]);
  });

  it('a snapshot whose settings lack HALF_PIZZA altogether refuses it instead of throwing', () => {
    const ready = readyState({ catalog: halfCatalog });
    const settings: Record<string, unknown> = { ...ready.setting.settings };
    delete settings.HALF_PIZZA;
    const old = { ...ready, setting: { ...ready.setting, settings } } as AppState;
    expect(decide(addHalf, old, { now: NOW.mondayAfternoon, id: 'x' })).toMatchObject([
      { type: 'HalfPizzaRejected', data: { reason: 'half-pizza-off' } },
    ]);
  });

  it('a log with the new events goes through the codec, replays to the live state, and the viewer names them', () => {
    const initial = readyState({ settings: halfSettings(), catalog: halfCatalog });
    const entries: LogEntry[] = [];
    const store = recordingStore(initial, entries);
    store.dispatch(addHalf);
    store.dispatch({ ...addHalf, data: { ...addHalf.data, firstId: MARGHERITA, secondId: PRODUCT.pizza } });
    store.dispatch({ type: 'AddHalfPizza', data: { sizeId: MOD.size30, firstId: 'gone', secondId: PRODUCT.pizza } });
    const text = JSON.stringify(
      createLog({ appVersion: 'test', storeVersion: '1', entries, snapshot: { position: 0, state: initial } }),
    );
    const parsed = parseLogText(text);
    expect(replay(parsed).final).toEqual(store.getState());
    expect(
      evolveAll(
        initial,
        parsed.entries.flatMap((e) => e.events),
      ).cart.items[0]?.product.name,
    ).toBe('Половинки: Пепперони + Маргарита');
    expect(parsed.entries.map(entryTitle)).toEqual([
      'AddHalfPizza → HalfPizzaAdded, LineHighlighted, DeliveryLineAdded',
      // 2 × 650 ₽ reaches freeDeliveryFrom (1 000 ₽): the paid delivery line gives way to the free one
      'AddHalfPizza → HalfPizzaMerged, LineHighlighted, DeliveryLineRemoved, DeliveryLineAdded',
      'AddHalfPizza → HalfPizzaRejected',
    ]);
  });
});
