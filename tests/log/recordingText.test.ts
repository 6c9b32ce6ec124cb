// The ring is written from texts serialised once (src/effects/ringText.ts): the stored JSON must be
// exactly what stringifying the ring would give, and no token, sign-in code or (after a sign-out)
// personal field may reach it through the cached path.
import { describe, expect, it } from 'vitest';
import { REDACTED, replayFinal } from '../../src/log/log';
import { parseLog } from '../../src/log/logCodec';
import { createRecorder, RING_KEY, SESSION_KEY, type Timers } from '../../src/effects/recording';
import { redactedStateWithText, redactedWithText } from '../../src/effects/ringText';
import { memoryStorage, type KeyValueStorage } from '../../src/effects/persistence';
import { initialState, type AppState } from '../../src/projections/store';
import { generateCatalog } from '../../tools/gen-catalog';
import { generateEventLog } from '../../tools/gen-log';
import { TOKEN, USER } from '../fixtures/state';

const catalog = generateCatalog(40, 3);
const session = generateEventLog({ eventCount: 300, seed: 7, catalog });
const at = '2026-11-23T05:00:00.000Z';

const noTimers: Timers = { setTimeout: () => 0, clearTimeout: () => undefined };

function recorderOver(storage: KeyValueStorage, initial: AppState = initialState, capacity?: number) {
  return createRecorder({
    storage,
    initial,
    appVersion: '0.1.0',
    storeVersion: () => '1',
    timers: noTimers,
    sessionId: 'tab-1',
    ...(capacity === undefined ? {} : { capacity }),
  });
}

/** What the recorder wrote before it joined cached texts: the ring stringified whole. */
function stringifiedRing(recorder: ReturnType<typeof createRecorder>, forgotten?: string): string {
  const sessions = [...recorder.earlier(), { ...recorder.log(), [SESSION_KEY]: 'tab-1' }];
  return JSON.stringify({ format: 1, sessions, ...(forgotten === undefined ? {} : { forgotten }) });
}

describe('redactedWithText', () => {
  it('hides a token at any depth, under `token` or a key ending in `Token`, and the SMS code', () => {
    const value = {
      a: [{ b: { token: 'secret-1' } }],
      c: { refreshToken: 'secret-2' },
      d: { type: 'SubmitCode', data: { phone: USER.phone, code: '5809' } },
    };
    const { value: out, text } = redactedWithText(value);
    expect(text).toBe(JSON.stringify(out));
    expect(text).not.toContain('secret-1');
    expect(text).not.toContain('secret-2');
    expect(text).not.toContain('5809');
    expect(out.a[0]?.b.token).toBe(REDACTED);
    // Nothing else is changed: the phone stays for the customer's own browser.
    expect(text).toContain(USER.phone);
  });

  it('returns the value itself, not a copy, when it holds no secret (a catalogue), and when its token is null', () => {
    const loaded = { type: 'CatalogLoaded', data: catalog };
    expect(redactedWithText(loaded).value).toBe(loaded);
    expect(redactedWithText(loaded).text).toBe(JSON.stringify(loaded));
    expect(redactedStateWithText(initialState).value).toBe(initialState);
    expect(redactedStateWithText(initialState).text).toBe(JSON.stringify(initialState));
  });

  it('a string that merely mentions a token key is not a secret and is kept as it is', () => {
    const value = { comment: '"token":"x" and myToken":' };
    expect(redactedWithText(value)).toEqual({ value, text: JSON.stringify(value) });
  });
});

describe('the ring as written', () => {
  it('is exactly the ring stringified whole, snapshot and entries included, over a reload', () => {
    const storage = memoryStorage();
    const signedIn: AppState = { ...initialState, auth: { ...initialState.auth, token: TOKEN } };
    const first = recorderOver(storage, signedIn);
    for (const entry of session.entries.slice(0, 100)) first.record(entry);
    expect(first.flush()).toBe(true);
    expect(storage.getItem(RING_KEY)).toBe(stringifiedRing(first));

    const second = createRecorder({
      storage,
      initial: initialState,
      appVersion: '0.1.0',
      storeVersion: () => '2',
      timers: noTimers,
      sessionId: 'tab-2',
    });
    for (const entry of session.entries.slice(0, 10)) second.record(entry);
    expect(second.flush()).toBe(true);
    const sessions = [...second.earlier(), { ...second.log(), [SESSION_KEY]: 'tab-2' }];
    expect(storage.getItem(RING_KEY)).toBe(JSON.stringify({ format: 1, sessions }));
  });

  it('over capacity the folded snapshot is written anew, and the ring still replays to the same state', () => {
    const storage = memoryStorage();
    const recorder = recorderOver(storage, initialState, 50);
    for (const entry of session.entries.slice(0, 120)) {
      recorder.record(entry);
      if (entry.position % 25 === 0) recorder.flush();
    }
    recorder.flush();
    expect(storage.getItem(RING_KEY)).toBe(stringifiedRing(recorder));
    // The stored text, parsed back, replays to the state the whole session reached.
    const stored = parseLog((JSON.parse(storage.getItem(RING_KEY) ?? '') as { sessions: unknown[] }).sessions.at(-1));
    const whole = replayFinal({
      ...recorder.log(),
      snapshot: { position: 0, state: initialState },
      entries: session.entries.slice(0, 120),
    });
    expect(replayFinal(stored)).toEqual({
      ...whole,
      auth: { ...whole.auth, token: whole.auth.token === null ? null : REDACTED },
    });
  });

  it('never holds the token: not in the snapshot (any area), not in an entry, not after clear', () => {
    const storage = memoryStorage();
    const initial: AppState = { ...initialState, auth: { ...initialState.auth, token: 'secret-snapshot' } };
    const recorder = recorderOver(storage, initial);
    recorder.record({
      position: 1,
      at,
      command: { type: 'CompleteSignIn', data: { token: 'secret-entry', user: USER } },
      events: [{ type: 'SignedIn', data: { token: 'secret-entry', user: USER } }],
    });
    recorder.flush();
    const stored = storage.getItem(RING_KEY) ?? '';
    expect(stored).not.toContain('secret-snapshot');
    expect(stored).not.toContain('secret-entry');
    expect(stored).toBe(stringifiedRing(recorder));

    recorder.clear({ ...initialState, auth: { ...initialState.auth, token: 'secret-cleared' } });
    recorder.flush();
    expect(storage.getItem(RING_KEY) ?? '').not.toContain('secret-cleared');
    expect(recorder.log().snapshot?.state.auth.token).toBe(REDACTED);
  });

  it('after a sign-out no phone or name of the customer is left, though their entries were written (cached) before', () => {
    const storage = memoryStorage();
    const recorder = recorderOver(storage);
    recorder.record({
      position: 1,
      at,
      command: { type: 'CompleteSignIn', data: { token: TOKEN, user: USER } },
      events: [{ type: 'SignedIn', data: { token: TOKEN, user: USER } }],
    });
    recorder.flush();
    expect(storage.getItem(RING_KEY)).toContain(USER.phone);
    recorder.record({
      position: 2,
      at,
      command: { type: 'Logout', data: {} },
      events: [{ type: 'LoggedOut', data: { reason: 'user' } }],
    });
    const stored = storage.getItem(RING_KEY) ?? '';
    expect(stored).not.toContain(USER.phone.slice(2));
    expect(stored).not.toContain(USER.name);
    expect(stored).not.toContain(TOKEN);
    const forgotten: unknown = (JSON.parse(stored) as { forgotten?: unknown }).forgotten;
    expect(typeof forgotten).toBe('string');
    expect(stored).toBe(stringifiedRing(recorder, typeof forgotten === 'string' ? forgotten : undefined));
  });
});
