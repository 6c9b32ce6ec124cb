import { describe, expect, it } from 'vitest';
import { replayFinal } from '../../src/log/log';
import { parseLog } from '../../src/log/logCodec';
import {
  CURRENT_SCHEMA_VERSION,
  LogFormatError,
  upcast,
  upcastV1toV2,
  upcastV2toV3,
  upcastV3toV4,
  upcasters,
  type Upcaster,
} from '../../src/log/upcasters';
import { initialState } from '../../src/projections/store';
import { USER } from '../fixtures/state';
import { ADD_TWO, toyCodec } from './toy';

const v1 = {
  schemaVersion: 1,
  appVersion: '0.0.9',
  storeVersion: 1,
  entries: [
    {
      position: 1,
      at: Date.UTC(2026, 10, 23, 9, 0, 0),
      command: { type: 'Add', payload: { n: 2 } },
      events: [{ type: 'Added', payload: { n: 2 } }],
    },
    {
      position: 2,
      at: Date.UTC(2026, 10, 23, 9, 0, 1, 500),
      events: [{ type: 'NameRecorded', payload: { name: 'Иван' } }],
    },
  ],
};

describe('upcaster v1 → v2', () => {
  it('turns epoch-ms `at` into ISO strings, `payload` into `data`, a numeric storeVersion into a string', () => {
    expect(upcastV1toV2(v1)).toEqual({
      schemaVersion: 2,
      appVersion: '0.0.9',
      storeVersion: '1',
      entries: [
        ADD_TWO,
        { position: 2, at: '2026-11-23T09:00:01.500Z', events: [{ type: 'NameRecorded', data: { name: 'Иван' } }] },
      ],
    });
  });

  it('does not mutate its input and keeps a message without payload free of data', () => {
    const input = { ...v1, entries: [{ position: 0, at: 0, events: [{ type: 'Pinged' }] }] };
    const before = JSON.stringify(input);
    expect(upcastV1toV2(input)).toMatchObject({
      entries: [{ at: '1970-01-01T00:00:00.000Z', events: [{ type: 'Pinged' }] }],
    });
    expect(JSON.stringify(input)).toBe(before);
    expect(JSON.stringify(upcastV1toV2(input))).not.toContain('data');
  });

  it('rejects a broken v1 log with the path of the problem', () => {
    expect(() => upcastV1toV2({ ...v1, entries: [{ position: 1, at: 'noon', events: [] }] })).toThrow(LogFormatError);
    expect(() => upcastV1toV2({ ...v1, entries: [{ position: 1, at: 'noon', events: [] }] })).toThrow(
      /Not a valid version 1 event log:\n {2}- entries\[0\]\.at/,
    );
  });

  it('is registered in the chain, and a v1 log parses as a current one', () => {
    expect(upcasters[1]).toBe(upcastV1toV2);
    const log = toyCodec.parseLog(v1);
    expect(log.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(log.entries[1]?.events).toEqual([{ type: 'NameRecorded', data: { name: 'Иван' } }]);
  });
});

describe('upcast chain', () => {
  it('returns a current log untouched', () => {
    const current = { schemaVersion: CURRENT_SCHEMA_VERSION, entries: [] };
    expect(upcast(current)).toBe(current);
  });

  it('runs every step in order up to the target', () => {
    const chain = {
      1: (raw: unknown) => ({ ...(raw as object), schemaVersion: 2, steps: ['1→2'] }),
      2: (raw: unknown) => ({
        ...(raw as object),
        schemaVersion: 3,
        steps: [...(Reflect.get(raw as object, 'steps') as string[]), '2→3'],
      }),
    };
    expect(upcast({ schemaVersion: 1 }, chain, 3)).toEqual({ schemaVersion: 3, steps: ['1→2', '2→3'] });
  });

  it('fails clearly on a missing step or a step that lands on the wrong version', () => {
    expect(() => upcast({ schemaVersion: 1 }, {}, 2)).toThrow(/No upcaster from log schemaVersion 1 to 2/);
    expect(() => upcast({ schemaVersion: 1 }, { 1: () => ({ schemaVersion: 5 }) }, 2)).toThrow(
      /produced version 5 instead of 2/,
    );
  });
});

/**
 * A log of an older schema from app 0.1.0: a snapshot of `state` at position 0, then an entry a
 * second from 09:00:00 for each list of events.
 */
const snapshotLog = (schemaVersion: number, state: Record<string, unknown>, eventsBySecond: unknown[][]) => ({
  schemaVersion,
  appVersion: '0.1.0',
  storeVersion: '1',
  snapshot: { position: 0, state },
  entries: eventsBySecond.map((events, i) => ({
    position: i + 1,
    at: new Date(Date.UTC(2026, 10, 23, 9, 0, i)).toISOString(),
    events,
  })),
});

/**
 * Runs a snapshot-filling upcaster on `input` and answers its output, checking on the way that the
 * input is left untouched and that the same log without a snapshot only gets `schemaVersion`.
 */
function upcastSnapshotLog(upcaster: Upcaster, input: Record<string, unknown>, schemaVersion: number): unknown {
  const before = JSON.stringify(input);
  const out = upcaster(input);
  expect(JSON.stringify(input)).toBe(before);
  const { snapshot: _s, ...bare } = input;
  expect(upcaster(bare)).toEqual({ ...bare, schemaVersion });
  return out;
}

describe('upcaster v2 → v3: the informational pages and the order history came into the core', () => {
  /** A snapshot written before v3: no `page` area, a user without `history`. */
  function v2SnapshotState(): Record<string, unknown> {
    const { page: _none, ...rest } = structuredClone(initialState);
    const { history: _noHistory, ...user } = rest.user;
    return { ...rest, user: { ...user, profile: { ...USER } } };
  }
  const v2 = () =>
    snapshotLog(2, v2SnapshotState(), [
      [
        {
          type: 'PageLoaded',
          data: {
            slug: 'about',
            cityId: 'city-angarsk',
            page: {
              slug: 'about',
              cityId: 'city-angarsk',
              title: 'О компании',
              body: 'Текст',
              updatedAt: '2026-11-01T00:00:00.000Z',
            },
          },
        },
      ],
      [{ type: 'OrderHistoryRequested', data: { phone: USER.phone } }],
    ]);

  it('gives a v2 snapshot an empty page area and an idle history, and leaves a log without a snapshot as it is', () => {
    expect(upcastSnapshotLog(upcastV2toV3, v2(), 3)).toMatchObject({
      schemaVersion: 3,
      snapshot: { state: { page: { entries: {} }, user: { history: { status: 'idle', orders: [] }, profile: USER } } },
    });
  });

  it('is registered in the chain: a v2 report opens and replays the pages and history it recorded', () => {
    expect(upcasters[2]).toBe(upcastV2toV3);
    const log = parseLog(v2());
    expect(log.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    const final = replayFinal(log);
    expect(final.page.entries['about/city-angarsk']).toMatchObject({ status: 'loaded', page: { title: 'О компании' } });
    expect(final.user.history.status).toBe('loading');
  });

  it('rejects a v2 snapshot whose state is not an object', () => {
    expect(() => upcastV2toV3({ ...v2(), snapshot: { position: 0, state: [] } })).toThrow(
      /snapshot\.state: expected an object/,
    );
  });
});

describe('upcaster v3 → v4: the ratings after delivery came into the user area', () => {
  /** A snapshot written before v4: a user without `ratings`. */
  function v3SnapshotState(): Record<string, unknown> {
    const state = structuredClone(initialState);
    const { ratings: _none, ...user } = state.user;
    return { ...state, user: { ...user, profile: { ...USER } } };
  }
  const v3 = () =>
    snapshotLog(3, v3SnapshotState(), [[{ type: 'RatingPromptDismissed', data: { orderId: 'order-1' } }]]);

  it('gives a v3 snapshot idle ratings, without touching its input; a log without a snapshot only changes version', () => {
    expect(upcastSnapshotLog(upcastV3toV4, v3(), 4)).toMatchObject({
      schemaVersion: 4,
      snapshot: {
        state: { user: { ratings: { status: 'idle', byOrder: {}, prompts: [], forms: {} }, profile: USER } },
      },
    });
  });

  it('is registered in the chain: a v3 report opens and replays', () => {
    expect(upcasters[3]).toBe(upcastV3toV4);
    const log = parseLog(v3());
    expect(log.schemaVersion).toBe(4);
    expect(replayFinal(log).user.ratings).toEqual({ status: 'idle', byOrder: {}, prompts: [], forms: {} });
  });

  it('rejects a v3 snapshot whose state is not an object', () => {
    expect(() => upcastV3toV4({ ...v3(), snapshot: { position: 0, state: 'x' } })).toThrow(
      /snapshot\.state: expected an object/,
    );
  });
});
