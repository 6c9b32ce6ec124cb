// @vitest-environment jsdom
// A reload right after signing in must keep the session: the persist effect saves 300 ms after a
// change, so leaving the page saves at once (PRODUCT.md §7: the store version keys the persistence of
// the cart, user, address and auth state).
import { describe, expect, it } from 'vitest';
import { loadPersistedState, memoryStorage, STORE_VERSION_KEY } from '../../src/effects/persistence';
import { persistOnLeave, saveBeforeLeaving } from '../../src/views/app/persistOnLeave';
import { readyState, TOKEN } from '../fixtures/state';

describe('saving the persisted areas when the page goes away', () => {
  it('pagehide saves the signed-in user under the store version', () => {
    const storage = memoryStorage();
    const state = readyState({ signedIn: true });
    const stop = persistOnLeave(storage, () => state);
    window.dispatchEvent(new Event('pagehide'));
    stop();
    const version = state.setting.settings?.STORE_VERSION ?? '';
    expect(version).not.toBe('');
    expect(loadPersistedState(storage, version)?.auth.token).toBe(TOKEN);
  });

  it('nothing is written over the saved state of another store version', () => {
    const storage = memoryStorage({ [STORE_VERSION_KEY]: 'older' });
    expect(saveBeforeLeaving(storage, readyState({ signedIn: true }))).toBe(false);
    expect(storage.length).toBe(1);
  });
});
