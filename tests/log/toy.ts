// A toy domain (a counter with a list of names) for testing the generic log core without the app.
import { produce } from 'immer';
import { z } from 'zod/mini';
import type { Folder, LogOf } from '../../src/log/log';
import { createLogCodec } from '../../src/log/logCodec';
import { CURRENT_SCHEMA_VERSION } from '../../src/log/logFormat';

export const ToyEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Added'), data: z.object({ n: z.number() }) }),
  z.object({ type: z.literal('NameRecorded'), data: z.object({ name: z.string() }) }),
]);
export type ToyEvent = z.infer<typeof ToyEvent>;
export const ToyCommand = z.object({ type: z.string(), data: z.record(z.string(), z.unknown()) });
export type ToyCommand = z.infer<typeof ToyCommand>;
export const ToyState = z.object({ count: z.number(), names: z.array(z.string()) });
export type ToyState = z.infer<typeof ToyState>;

export const toyInitial: ToyState = { count: 0, names: [] };

function apply(draft: ToyState, event: ToyEvent): void {
  switch (event.type) {
    case 'Added':
      draft.count += event.data.n;
      return;
    case 'NameRecorded':
      draft.names.push(event.data.name);
      return;
    default: {
      const never: never = event;
      throw new Error(`unknown event ${JSON.stringify(never)}`);
    }
  }
}

export const toyFolder: Folder<ToyState, ToyEvent> = {
  initialState: toyInitial,
  evolveAll: (state, events) =>
    produce(state, (draft) => {
      for (const e of events) apply(draft, e);
    }),
};

export const toyCodec = createLogCodec({ state: ToyState, event: ToyEvent, command: ToyCommand });
export type ToyLog = LogOf<ToyState, ToyEvent, ToyCommand>;

/** The toy log's first entry: Add 2 at 09:00, which adds 2. */
export const ADD_TWO: ToyLog['entries'][number] = {
  position: 1,
  at: '2026-11-23T09:00:00.000Z',
  command: { type: 'Add', data: { n: 2 } },
  events: [{ type: 'Added', data: { n: 2 } }],
};

export function toyLog(partial: Partial<ToyLog> = {}): ToyLog {
  return {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    appVersion: '0.1.0',
    storeVersion: '1',
    entries: [
      ADD_TWO,
      { position: 2, at: '2026-11-23T09:00:01.000Z', command: { type: 'Add', data: { n: 0 } }, events: [] },
      {
        position: 3,
        at: '2026-11-23T09:00:02.000Z',
        events: [
          { type: 'Added', data: { n: 3 } },
          { type: 'NameRecorded', data: { name: 'Иван' } },
        ],
      },
    ],
    ...partial,
  };
}
