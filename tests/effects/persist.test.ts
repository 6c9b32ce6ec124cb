// Persistence keyed by the store version (SPEC §7).
import { Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../src/events';
import { persist$ } from '../../src/effects/persist';
import { loadPersistedState, storageKey } from '../../src/effects/persistence';
import { evolveAll, initialState, type AppState } from '../../src/projections/store';
import { fakeApi, fakeDeps } from './helpers';
import { CART_EVENTS, signedIn } from './state';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const storeVersion = (version: string): AppEvent => ({ type: 'VersionChanged', data: { kind: 'store', version, previous: null } });

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
});
