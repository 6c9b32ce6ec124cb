// The recorded ring: the last 5,000 entries plus a snapshot of the state before them,
// written to storage at most once per throttle, surviving a reload, never holding the token.
// Earlier sessions are kept unparsed: dropped whole when the ring is over capacity.
import { describe, expect, it } from 'vitest';
import { redactValue, replay, replayFinal, REDACTED } from '../../src/log/log';
import { parseLog } from '../../src/log/logCodec';
import {
  createRecorder,
  loadRing,
  RING_CAPACITY,
  RING_KEY,
  SESSION_KEY,
  type Timers,
} from '../../src/effects/recording';
import { memoryStorage } from '../../src/effects/persistence';
import { initialState, type AppState } from '../../src/projections/store';
import { generateCatalog } from '../../tools/gen-catalog';
import { generateEventLog } from '../../tools/gen-log';
import type { Address } from '../../src/api/entities';
import { readyState, TOKEN, USER } from '../fixtures/state';

const catalog = generateCatalog(40, 3);
const session = generateEventLog({ eventCount: 400, seed: 5, catalog });
const roundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Timers run by hand: `fire()` runs what is due. */
function manualTimers(): Timers & { pending(): number; fire(): void } {
  let queue: { fn: () => void; handle: number }[] = [];
  let next = 0;
  return {
    setTimeout(fn) {
      next += 1;
      queue.push({ fn, handle: next });
      return next;
    },
    clearTimeout(handle) {
      queue = queue.filter((t) => t.handle !== handle);
    },
    pending: () => queue.length,
    fire() {
      const due = queue;
      queue = [];
      for (const t of due) t.fn();
    },
  };
}

function recorderOver(storage = memoryStorage(), options: { capacity?: number; initial?: AppState } = {}) {
  const timers = manualTimers();
  const recorder = createRecorder({
    storage,
    initial: options.initial ?? initialState,
    appVersion: '0.1.0',
    storeVersion: () => '1',
    timers,
    ...(options.capacity === undefined ? {} : { capacity: options.capacity }),
  });
  return { recorder, timers, storage };
}

describe('the recording ring', () => {
  it(`keeps at most ${RING_CAPACITY} entries ("the last 5,000 entries")`, () => {
    expect(RING_CAPACITY).toBe(5000);
  });

  it('replays to the same final state as the whole session when the oldest entries were folded into the snapshot', () => {
    const { recorder } = recorderOver(memoryStorage(), { capacity: 50 });
    for (const entry of session.entries) recorder.record(entry);
    const log = recorder.log();
    expect(log.entries).toHaveLength(50);
    expect(recorder.size()).toBe(50);
    const firstKept = session.entries[session.entries.length - 50];
    expect(log.entries[0]?.position).toBe(firstKept?.position);
    expect(log.snapshot?.position).toBe((firstKept?.position ?? 0) - 1);
    const whole = replay(parseLog(roundTrip(session))).final;
    const ring = replayFinal(parseLog(roundTrip(log)));
    // The token is hidden in the ring; everything else matches.
    expect(ring).toEqual({ ...whole, auth: { ...whole.auth, token: REDACTED } });
  });

  it('never records the token: not in SignedIn, not in the starting snapshot, not in storage', () => {
    const initial: AppState = { ...initialState, auth: { ...initialState.auth, token: 'secret-token-abc' } };
    const { recorder, timers, storage } = recorderOver(memoryStorage(), { initial });
    for (const entry of session.entries) recorder.record(entry);
    timers.fire();
    const stored = storage.getItem(RING_KEY) ?? '';
    expect(stored).not.toContain('secret-token-abc');
    expect(stored).not.toContain('bench-token');
    expect(JSON.stringify(session)).toContain('bench-token');
    expect(recorder.log().snapshot?.state.auth.token).toBe(REDACTED);
  });

  it('writes at most once per throttle interval, and flush writes at once', () => {
    const writes: string[] = [];
    const base = memoryStorage();
    const storage = { ...base, setItem: (k: string, v: string) => (writes.push(k), base.setItem(k, v)) };
    const { recorder, timers } = recorderOver(storage);
    for (const entry of session.entries.slice(0, 30)) recorder.record(entry);
    expect(writes).toHaveLength(0);
    expect(timers.pending()).toBe(1);
    timers.fire();
    expect(writes).toEqual([RING_KEY]);
    recorder.record(session.entries[30] ?? session.entries[0]!);
    expect(recorder.flush()).toBe(true);
    expect(timers.pending()).toBe(0);
    expect(writes).toHaveLength(2);
  });

  it('survives a reload: the previous page load is kept as an earlier session and still replays', () => {
    const storage = memoryStorage();
    const first = recorderOver(storage).recorder;
    for (const entry of session.entries.slice(0, 60)) first.record(entry);
    first.flush();
    const expected = replayFinal(first.log());

    const second = recorderOver(storage).recorder;
    second.record({
      position: 1,
      at: '2026-11-23T05:00:00.000Z',
      command: { type: 'RemoveCoupon', data: {} },
      events: [{ type: 'CouponRemoved', data: {} }],
    });
    const [earlier] = second.earlier();
    expect(second.earlier()).toHaveLength(1);
    expect(earlier?.entries).toHaveLength(60);
    expect(replayFinal(parseLog(earlier))).toEqual(expected);
    expect(second.log().entries.map((e) => e.position)).toEqual([1]);
    expect(loadRing(storage)).toHaveLength(1);
    second.flush();
    expect(loadRing(storage)).toHaveLength(2);
  });

  it("two tabs share the ring: each writes its own session beside the other's, and neither overwrites the other", () => {
    const storage = memoryStorage();
    const entry = (position: number) => ({
      position,
      at: '2026-11-23T05:00:00.000Z',
      command: { type: 'RemoveCoupon' as const, data: {} },
      events: [{ type: 'CouponRemoved' as const, data: {} }],
    });
    const a = recorderOver(storage).recorder;
    const b = recorderOver(storage).recorder;
    a.record(entry(1));
    a.flush();
    b.record(entry(1));
    b.record(entry(2));
    b.flush();
    a.record(entry(2));
    a.record(entry(3));
    a.flush();
    // the stored ring holds both tabs' current sessions, each with its own entries
    const stored = loadRing(storage);
    expect(stored.map((session) => session.entries.length).sort()).toEqual([2, 3]);
    expect(new Set(stored.map((session) => session[SESSION_KEY])).size).toBe(2);
    // each tab sees the other's session as an earlier one, and its own as the current log
    expect(a.earlier().map((session) => session.entries.length)).toEqual([2]);
    expect(b.earlier().map((session) => session.entries.length)).toEqual([3]);
    expect(parseLog(a.earlier()[0]).entries.map((e) => e.position)).toEqual([1, 2]);
    // a reload of tab a: its previous page load and tab b's session are both earlier sessions
    const reloaded = recorderOver(storage).recorder;
    reloaded.record(entry(1));
    reloaded.flush();
    expect(
      loadRing(storage)
        .map((session) => session.entries.length)
        .sort(),
    ).toEqual([1, 2, 3]);
  });

  it('counts the capacity over all sessions: earlier sessions are kept whole while they fit', () => {
    const storage = memoryStorage();
    const first = recorderOver(storage, { capacity: 40 }).recorder;
    for (const entry of session.entries.slice(0, 30)) first.record(entry);
    first.flush();
    const second = recorderOver(storage, { capacity: 40 }).recorder;
    for (const entry of session.entries.slice(0, 10)) second.record(entry);
    expect(second.earlier().map((s) => s.entries.length)).toEqual([30]);
    expect(second.log().entries).toHaveLength(10);
    expect(second.size()).toBe(40);
  });

  /** A storage holding earlier sessions of the first `counts` entries each, recorded with `capacity`. */
  function storedSessions(counts: number[], capacity: number) {
    const storage = memoryStorage();
    for (const count of counts) {
      const earlier = recorderOver(storage, { capacity }).recorder;
      for (const entry of session.entries.slice(0, count)) earlier.record(entry);
      earlier.flush();
    }
    return storage;
  }

  it('over capacity, the oldest earlier session goes whole (it is not parsed, so it is not cut), then the current one is folded', () => {
    const storage = storedSessions([30, 5], 40);
    const third = recorderOver(storage, { capacity: 40 }).recorder;
    for (const entry of session.entries.slice(0, 5)) third.record(entry);
    expect(third.earlier().map((s) => s.entries.length)).toEqual([30, 5]);
    expect(third.size()).toBe(40);
    // The 41st entry: the 30-entry session goes, the newer 5-entry one stays as it was stored.
    third.record(session.entries[5]!);
    expect(third.earlier().map((s) => s.entries.length)).toEqual([5]);
    expect(third.size()).toBe(11);
    third.flush();
    expect(loadRing(storage).map((s) => s.entries.length)).toEqual([5, 6]);
    // The current session alone over capacity: every earlier session goes, its oldest entries are folded.
    for (const entry of session.entries.slice(6, 50)) third.record(entry);
    expect(third.earlier()).toEqual([]);
    expect(third.size()).toBe(40);
    expect(third.log().entries[0]?.position).toBe(session.entries[10]?.position);
    const whole = replayFinal(
      parseLog(roundTrip({ ...third.log(), snapshot: undefined, entries: session.entries.slice(0, 50) })),
    );
    expect(replayFinal(third.log())).toEqual({ ...whole, auth: { ...whole.auth, token: REDACTED } });
  });

  it('a stored ring already over capacity (a smaller capacity, another app version) loses its oldest sessions at start', () => {
    const storage = storedSessions([30, 20], 100);
    const small = recorderOver(storage, { capacity: 40 }).recorder;
    expect(small.earlier().map((s) => s.entries.length)).toEqual([20]);
    expect(small.size()).toBe(20);
  });

  it('does not parse earlier sessions at start: one no app version can read is kept as stored, not thrown on', () => {
    const storage = memoryStorage();
    const first = recorderOver(storage).recorder;
    for (const entry of session.entries.slice(0, 12)) first.record(entry);
    first.flush();
    const readable = loadRing(storage)[0];
    const unreadable = {
      schemaVersion: 99,
      appVersion: '9.9.9',
      storeVersion: '1',
      entries: [{ position: 1, at: 'later', events: [{ type: 'FromTheFuture', data: {} }] }],
    };
    storage.setItem(
      RING_KEY,
      JSON.stringify({ format: 1, sessions: [unreadable, readable, 'not a session', { entries: 'nope' }] }),
    );
    const second = recorderOver(storage).recorder;
    expect(second.earlier()).toEqual([unreadable, readable]);
    expect(second.size()).toBe(13);
    second.record(session.entries[0]!);
    second.flush();
    expect(loadRing(storage).slice(0, 2)).toEqual([unreadable, readable]);
  });

  it('shrinks the ring when the storage refuses a write (full quota), keeping the newest entries', () => {
    const base = memoryStorage();
    const storage = {
      ...base,
      setItem: (k: string, v: string) => {
        if (v.length > 60_000) throw new DOMException('quota', 'QuotaExceededError');
        base.setItem(k, v);
      },
    };
    const { recorder } = recorderOver(storage);
    for (const entry of session.entries) recorder.record(entry);
    expect(recorder.flush()).toBe(true);
    const [saved] = loadRing(base);
    const log = parseLog(saved);
    expect(log.entries.at(-1)?.position).toBe(session.entries.at(-1)?.position);
    expect(log.entries.length).toBeLessThan(session.entries.length);
  });

  it('a corrupt stored ring gives a fresh start', () => {
    const storage = memoryStorage({ [RING_KEY]: '{not json' });
    expect(loadRing(storage)).toEqual([]);
    storage.setItem(RING_KEY, JSON.stringify({ format: 1, sessions: [{ schemaVersion: 99 }] }));
    expect(loadRing(storage)).toEqual([]);
    const { recorder } = recorderOver(storage);
    expect(recorder.earlier()).toEqual([]);
  });

  it('clear forgets every entry and the stored ring', () => {
    const { recorder, storage } = recorderOver();
    for (const entry of session.entries.slice(0, 10)) recorder.record(entry);
    recorder.flush();
    recorder.clear(initialState);
    expect(recorder.size()).toBe(0);
    expect(storage.getItem(RING_KEY)).toBeNull();
    expect(recorder.log().snapshot?.position).toBe(10);
  });
});

describe('a sign-out forgets the customer (152-ФЗ: a shared device, or a report sent from it, must not carry them)', () => {
  const at = '2026-11-23T05:00:00.000Z';
  const address: Address = {
    id: 'addr-1',
    userId: USER.id,
    city: 'Ангарск',
    street: 'улица Карла Маркса',
    home: '12',
    apartment: '34',
    entrance: '2',
    floor: '5',
    intercom: '34К',
    comment: 'Позвонить за 10 минут',
    location: { lat: 52.541234, lon: 103.888765 },
  };
  const personal = [USER.phone.slice(2), 'Иван', 'Карла Маркса', 'Позвонить', '52.5412'];
  const leaks = (text: string | null) => personal.filter((p) => (text ?? '').includes(p));
  const signedIn = (position: number) => ({
    position,
    at,
    command: { type: 'CompleteSignIn' as const, data: { token: TOKEN, user: USER } },
    events: [{ type: 'SignedIn' as const, data: { token: TOKEN, user: USER } }],
  });
  const addresses = (position: number) => ({
    position,
    at,
    events: [{ type: 'AddressesLoaded' as const, data: { addresses: [address], selectedId: address.id } }],
  });
  const loggedOut = (position: number) => ({
    position,
    at,
    command: { type: 'Logout' as const, data: {} },
    events: [{ type: 'LoggedOut' as const, data: { reason: 'user' as const } }],
  });
  const coupon = (position: number) => ({
    position,
    at,
    command: { type: 'RemoveCoupon' as const, data: {} },
    events: [{ type: 'CouponRemoved' as const, data: {} }],
  });

  it('LoggedOut drops earlier sessions and the entries before it, writes at once, and keeps a replayable log', () => {
    const storage = memoryStorage();
    const previous = recorderOver(storage).recorder;
    previous.record(signedIn(1));
    previous.record(addresses(2));
    previous.flush();
    expect(leaks(storage.getItem(RING_KEY))).toEqual(personal);

    // the next page load starts signed in (restored state), then the customer signs out
    const { recorder, timers } = recorderOver(storage, {
      initial: readyState({}, [{ type: 'AddressesLoaded', data: { addresses: [address], selectedId: address.id } }]),
    });
    recorder.record(addresses(1));
    recorder.record(loggedOut(2));
    expect(timers.pending()).toBe(0);
    expect(leaks(storage.getItem(RING_KEY))).toEqual([]);
    expect(recorder.earlier()).toEqual([]);
    expect(recorder.log().entries).toEqual([]);
    expect(recorder.log().snapshot?.position).toBe(2);
    // recording goes on after it, and the log still parses and replays
    recorder.record(coupon(3));
    recorder.flush();
    const [stored] = loadRing(storage);
    expect(replayFinal(parseLog(stored)).user.profile).toBeNull();
    expect(leaks(storage.getItem(RING_KEY))).toEqual([]);
  });

  it('another open tab drops its own entries before its next write instead of putting them back', () => {
    const storage = memoryStorage();
    const other = recorderOver(storage).recorder;
    const here = recorderOver(storage).recorder;
    other.record(signedIn(1));
    other.record(addresses(2));
    other.flush();
    here.record(signedIn(1));
    here.record(loggedOut(2));
    expect(leaks(storage.getItem(RING_KEY))).toEqual([]);
    // the other tab records on and writes: it learns of the sign-out only then, so everything
    // it held up to that write is folded into its masked snapshot; what follows is kept
    other.record(coupon(3));
    other.flush();
    expect(leaks(storage.getItem(RING_KEY))).toEqual([]);
    expect(other.log().entries).toEqual([]);
    expect(other.log().snapshot?.position).toBe(3);
    other.record(coupon(4));
    other.flush();
    expect(other.log().entries.map((e) => e.position)).toEqual([4]);
    expect(loadRing(storage)).toHaveLength(2);
    expect(leaks(storage.getItem(RING_KEY))).toEqual([]);
    // a tab opened after the sign-out does not drop its own entries over the old mark
    const later = recorderOver(storage).recorder;
    later.record(coupon(1));
    later.flush();
    expect(later.log().entries).toHaveLength(1);
  });
});

describe('secrets in the ring and in exports', () => {
  it('the SMS sign-in code of SubmitCode / CodeSubmitted is hidden when recorded and exported', () => {
    const { recorder } = recorderOver();
    recorder.record({
      position: 1,
      at: '2026-11-23T05:00:00.000Z',
      command: { type: 'SubmitCode', data: { code: '808080' } },
      events: [{ type: 'CodeSubmitted', data: { phone: '+79991234567', code: '808080' } }],
    });
    const text = JSON.stringify(recorder.log());
    expect(text).not.toContain('808080');
    expect(recorder.log().entries[0]?.events[0]).toEqual({
      type: 'CodeSubmitted',
      data: { phone: '+79991234567', code: REDACTED },
    });
    const exported = JSON.stringify(redactValue({ type: 'SubmitCode', data: { code: '654321' } }));
    expect(exported).not.toContain('654321');
  });
});
