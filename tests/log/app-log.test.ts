// The log wired to the app: AppEvent/AppCommand schemas and the combined store.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Address, User } from '../../src/api/entities';
import { savedAddress } from '../fixtures/address';
import type { AppCommand } from '../../src/commands';
import type { AppEvent } from '../../src/events';
import { createLog, diffStates, replay, replayFinal, stateAt, type Log, type LogEntry } from '../../src/log/log';
import { exportLog, parseLog } from '../../src/log/logCodec';
import { evolveAll, initialState } from '../../src/projections/store';
import { generateEventLog } from '../../tools/gen-log';
import { user as generatedUser } from '../../tools/gen-catalog';

const numRuns = Number(process.env.FC_RUNS ?? 1000);
const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('the app log', () => {
  const log = parseLog(roundTrip(generateEventLog({ eventCount: 3_000, seed: 11 })));

  it('replays a generated session: one state per entry, replayFinal equals the last one', () => {
    const { states, final } = replay(log);
    expect(states).toHaveLength(log.entries.length);
    expect(replayFinal(log)).toEqual(final);
    expect(final.user.profile?.phone).toBe(generatedUser.phone);
    expect(final.auth.token).toBe('bench-token');
    expect(final.cart.items.length).toBeGreaterThan(0);
    expect(final.catalog).not.toEqual(initialState.catalog);
  });

  it('stateAt matches the states of replay, and a snapshot resumes where it was taken', () => {
    const { states } = replay(log);
    const k = 40;
    const entry = log.entries[k];
    const state = states[k];
    if (!entry || !state) throw new Error('log too short');
    expect(stateAt(log, entry.position)).toEqual(state);
    const resumed: Log = { ...log, snapshot: { position: entry.position, state }, entries: log.entries.slice(k + 1) };
    expect(replayFinal(parseLog(roundTrip(resumed)))).toEqual(replay(log).final);
  });

  it('diffStates of consecutive states shows what an ItemAdded changed', () => {
    const { states } = replay(log);
    const i = log.entries.findIndex((e, n) => n > 5 && e.events[0]?.type === 'ItemAdded');
    const before = states[i - 1];
    const after = states[i];
    const changes = diffStates(before, after);
    expect(changes.some((c) => c.kind === 'added' && /^cart\.items\[id=line-\d+\]$/.test(c.path))).toBe(true);
    expect(changes.every((c) => !c.path.startsWith('catalog'))).toBe(true);
  });

  it('createLog wraps bus entries in the current format', () => {
    const entries: LogEntry[] = [
      {
        position: 1,
        at: '2026-11-23T09:00:00.000Z',
        command: { type: 'RemoveCoupon', data: {} },
        events: [{ type: 'CouponRemoved', data: {} }],
      },
    ];
    expect(parseLog(roundTrip(createLog({ appVersion: '0.1.0', storeVersion: '1', entries })))).toEqual({
      schemaVersion: 4,
      appVersion: '0.1.0',
      storeVersion: '1',
      entries,
    });
  });

  it('rejects an unknown event type and a snapshot without the store areas', () => {
    const bad = roundTrip(log) as { entries: { events: { type: string }[] }[] };
    const first = bad.entries[0]?.events[0];
    if (first) first.type = 'ItemTeleported';
    expect(() => parseLog(bad)).toThrow(/entries\[0\]\.events\[0\]\.type/);
    expect(() => parseLog({ ...(roundTrip(log) as object), snapshot: { position: 0, state: { cart: {} } } })).toThrow(
      /snapshot\.state: the snapshot state must be an object with the areas/,
    );
  });
});

// ---- export ----

const tenDigitRuns = (phone: string): string[] => {
  const d = phone.replace(/\D/g, '');
  return Array.from({ length: d.length - 9 }, (_, i) => d.slice(i, i + 10));
};
const digitsDeep = (value: unknown): string[] => {
  const out: string[] = [];
  JSON.parse(JSON.stringify(value), (_k, v: unknown) => {
    if (typeof v === 'string') out.push(v.replace(/\D/g, ''));
    return v;
  });
  return out;
};

function personalSession(phone: string, name: string, token: string, comment: string): Log {
  const user: User = { ...generatedUser, phone, name };
  const address: Address = savedAddress({ id: 'a-1', userId: user.id, apartment: '5', comment });
  const steps: [AppCommand | undefined, AppEvent[]][] = [
    [{ type: 'RequestCode', data: { phone } }, [{ type: 'CodeRequested', data: { phone } }]],
    [
      { type: 'ConfirmCodeSent', data: { phone } },
      [{ type: 'CodeSent', data: { phone, at: '2026-11-23T09:00:01.000Z' } }],
    ],
    [{ type: 'SubmitCode', data: { code: '1234' } }, [{ type: 'CodeSubmitted', data: { phone, code: '1234' } }]],
    [{ type: 'CompleteSignIn', data: { token, user } }, [{ type: 'SignedIn', data: { token, user } }]],
    [
      { type: 'EditProfile', data: { changes: { name } } },
      [{ type: 'ProfileEditRequested', data: { phone, changes: { name } } }],
    ],
    [{ type: 'ApplyProfile', data: { user } }, [{ type: 'ProfileLoaded', data: { user } }]],
    [{ type: 'RecordAddressCreated', data: { address } }, [{ type: 'AddressCreated', data: { address } }]],
    [undefined, [{ type: 'PhoneRejected', data: { phone, message: 'Неверный формат телефона' } }]],
  ];
  const entries: LogEntry[] = steps.map(([command, events], i) => ({
    position: i + 1,
    at: `2026-11-23T09:00:0${i}.000Z`,
    ...(command ? { command } : {}),
    events,
  }));
  const half = entries.slice(0, 4);
  const snapshotState = evolveAll(
    initialState,
    half.flatMap((e) => e.events),
  );
  return createLog({
    appVersion: '0.1.0',
    storeVersion: '1',
    snapshot: { position: 4, state: snapshotState },
    entries: entries.slice(4),
  });
}

describe('exportLog (DESIGN point 6: "Export redacts the token and masks personal data")', () => {
  it('hides the token in the snapshot, events and commands; masks phones and the user name; stays replayable', () => {
    const log = personalSession('+79991234567', 'Иван', 'tok-SECRET', 'Позвоните: 8 (999) 123-45-67');
    const out = exportLog(log);
    const text = JSON.stringify(out);
    expect(text).not.toContain('tok-SECRET');
    expect(text).not.toContain('Иван');
    expect(out.snapshot?.state.auth.token).toBe('[redacted]');
    expect(out.snapshot?.state.user.profile).toMatchObject({ phone: '+7 (***) ***-**-67', name: 'И***' });
    expect(out.entries[0]?.command).toEqual({ type: 'EditProfile', data: { changes: { name: 'И***' } } });
    const final = replayFinal(parseLog(roundTrip(out)));
    expect(final.user.profile).toMatchObject({ phone: '+7 (***) ***-**-67', name: 'И***' });
    expect(final.address.list[0]?.comment).toBe('Позвоните: +7 (***) ***-**-67');
    expect(final.auth.token).toBe('[redacted]');
    // the input is not touched
    expect(log.snapshot?.state.auth.token).toBe('tok-SECRET');
  });

  it('property: no exported log holds a 10-digit run of the phone of its input', () => {
    const phoneArb = fc
      .string({ unit: fc.constantFrom(...'0123456789'), minLength: 9, maxLength: 9 })
      .map((rest) => `+79${rest}`);
    const nameArb = fc.constantFrom('Иван', 'Мария', 'Ёжик', 'Al');
    fc.assert(
      fc.property(
        phoneArb,
        nameArb,
        fc.string({ maxLength: 12 }),
        fc.constantFrom('', 'тел. ', 'звонить 8'),
        (phone, name, token, prefix) => {
          const n = phone.slice(2);
          const comment = `${prefix}${n.slice(0, 3)} ${n.slice(3, 6)}-${n.slice(6, 8)}-${n.slice(8)}`;
          const out = exportLog(personalSession(phone, name, token === '' ? 't' : token, comment));
          const runs = tenDigitRuns(phone);
          const text = JSON.stringify(out);
          expect(runs.some((r) => text.includes(r))).toBe(false);
          expect(digitsDeep(out).some((s) => runs.some((r) => s.includes(r)))).toBe(false);
        },
      ),
      { numRuns },
    );
  });
});
