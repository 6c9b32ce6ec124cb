// The recorded ring (issue 7): the last 5,000 entries plus a snapshot of the state before them,
// written to storage at most once per throttle, surviving a reload, never holding the token.
import { describe, expect, it } from 'vitest';
import { parseLog, redactValue, replay, replayFinal, REDACTED } from '../../src/events/log';
import { createRecorder, loadRing, RING_CAPACITY, RING_KEY, type Timers } from '../../src/effects/recording';
import { memoryStorage } from '../../src/effects/persistence';
import { initialState, type AppState } from '../../src/projections/store';
import { generateCatalog } from '../../tools/gen-catalog';
import { generateEventLog } from '../../tools/gen-log';

const catalog = generateCatalog(40, 3);
const session = generateEventLog({ eventCount: 400, seed: 5, catalog });
const roundTrip = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

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
  it(`keeps at most ${RING_CAPACITY} entries (the spec of issue 7: "last 5,000 entries")`, () => {
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
    second.record({ position: 1, at: '2026-11-23T05:00:00.000Z', command: { type: 'RemoveCoupon', data: {} }, events: [{ type: 'CouponRemoved', data: {} }] });
    const sessions = second.sessions();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]?.entries).toHaveLength(60);
    expect(replayFinal(sessions[0]!)).toEqual(expected);
    expect(second.log().entries.map((e) => e.position)).toEqual([1]);
    expect(loadRing(storage)).toHaveLength(1);
    second.flush();
    expect(loadRing(storage)).toHaveLength(2);
  });

  it('counts the capacity over all sessions: the oldest session loses entries first', () => {
    const storage = memoryStorage();
    const first = recorderOver(storage, { capacity: 40 }).recorder;
    for (const entry of session.entries.slice(0, 30)) first.record(entry);
    first.flush();
    const second = recorderOver(storage, { capacity: 40 }).recorder;
    for (const entry of session.entries.slice(0, 20)) second.record(entry);
    const [older, now] = second.sessions();
    expect(older?.entries).toHaveLength(20);
    expect(now?.entries).toHaveLength(20);
    expect(second.size()).toBe(40);
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
    expect(saved?.entries.at(-1)?.position).toBe(session.entries.at(-1)?.position);
    expect(saved?.entries.length).toBeLessThan(session.entries.length);
  });

  it('a corrupt stored ring gives a fresh start', () => {
    const storage = memoryStorage({ [RING_KEY]: '{not json' });
    expect(loadRing(storage)).toEqual([]);
    storage.setItem(RING_KEY, JSON.stringify({ format: 1, sessions: [{ schemaVersion: 99 }] }));
    expect(loadRing(storage)).toEqual([]);
    const { recorder } = recorderOver(storage);
    expect(recorder.sessions()).toHaveLength(1);
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
    expect(recorder.log().entries[0]?.events[0]).toEqual({ type: 'CodeSubmitted', data: { phone: '+79991234567', code: REDACTED } });
    const exported = JSON.stringify(redactValue({ type: 'SubmitCode', data: { code: '654321' } }));
    expect(exported).not.toContain('654321');
  });
});
