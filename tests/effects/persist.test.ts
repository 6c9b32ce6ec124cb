// Persistence keyed by the store version (PRODUCT.md §7).
import { Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../src/events';
import { persist$ } from '../../src/effects/persist';
import { loadPersistedState, savePersistedState, storageKey, STORE_VERSION_KEY } from '../../src/effects/persistence';
import { evolveAll, initialState, type AppState } from '../../src/projections/store';
import { fakeApi, fakeDeps } from './helpers';
import { CART_EVENTS, signedIn } from './state';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const storeVersion = (version: string): AppEvent => ({
  type: 'VersionChanged',
  data: { kind: 'store', version, previous: null },
});

describe('persist effect', () => {
  it('saves cart, user, address and auth under the store version, debounced, and nothing before the version is known', () => {
    newScheduler().run(({ hot, expectObservable, flush }) => {
      const { deps } = fakeDeps(fakeApi({}).api);
      const bare = initialState;
      const versioned = evolveAll(signedIn(), [storeVersion('7')]);
      const withCart = evolveAll(versioned, CART_EVENTS);
      const state$ = hot<AppState>('a 9ms b 99ms c', { a: bare, b: versioned, c: withCart });
      expectObservable(persist$({ debounceMs: 50 })(new Subject(), state$, deps), '^ 1s !').toBe('');
      flush();
      expect(deps.storage.getItem(storageKey('7'))).not.toBeNull();
      const saved = loadPersistedState(deps.storage, '7');
      expect(saved?.cart.items.map((l) => l.id)).toEqual(['l1', 'l2', 'l3']);
      expect(saved?.auth.token).toBe('token-1');
    });
  });

  it('writes nothing while the store version is unknown', () => {
    newScheduler().run(({ hot, expectObservable, flush }) => {
      const { deps } = fakeDeps(fakeApi({}).api);
      const state$ = hot<AppState>('a', { a: evolveAll(initialState, CART_EVENTS) });
      expectObservable(persist$({ debounceMs: 50 })(new Subject(), state$, deps), '^ 1s !').toBe('');
      flush();
      expect(deps.storage.getItem(storageKey('1'))).toBeNull();
    });
  });

  it('a saved state of another store version is dropped and the page reloads once to start fresh', () => {
    newScheduler().run(({ hot, expectObservable, flush }) => {
      const { deps, recorded } = fakeDeps(fakeApi({}).api);
      savePersistedState(deps.storage, '1', evolveAll(signedIn(), CART_EVENTS));
      const state$ = hot<AppState>('a 9ms b', {
        a: evolveAll(signedIn(), [storeVersion('2')]),
        b: evolveAll(signedIn(), [storeVersion('2'), ...CART_EVENTS]),
      });
      expectObservable(persist$({ debounceMs: 50 })(new Subject(), state$, deps), '^ 1s !').toBe('');
      flush();
      expect(recorded.reloads).toBe(1);
      expect(deps.storage.getItem(storageKey('1'))).toBeNull();
      expect(deps.storage.getItem(storageKey('2'))).toBeNull();
      expect(deps.storage.getItem(STORE_VERSION_KEY)).toBe('2');
    });
  });

  it('a store version change later in the session drops the saved state and writes nothing under the new version', () => {
    newScheduler().run(({ hot, expectObservable, flush }) => {
      const { deps, recorded } = fakeDeps(fakeApi({}).api);
      const v1 = evolveAll(signedIn(), [storeVersion('1'), ...CART_EVENTS]);
      const v2 = evolveAll(v1, [{ type: 'VersionChanged', data: { kind: 'store', version: '2', previous: '1' } }]);
      const state$ = hot<AppState>('a 99ms b', { a: v1, b: v2 });
      expectObservable(persist$({ debounceMs: 50 })(new Subject(), state$, deps), '^ 1s !').toBe('');
      flush();
      expect(recorded.reloads).toBe(0); // the version-check effect reloads on VersionChanged
      expect(deps.storage.getItem(storageKey('1'))).toBeNull();
      expect(deps.storage.getItem(storageKey('2'))).toBeNull();
    });
  });
});
