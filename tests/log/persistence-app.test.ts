// Persistence wired to AppState (PRODUCT.md §7: cart, user, address and auth, keyed by the store version).
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import {
  clearPersistedState,
  loadPersistedState,
  memoryStorage,
  persistState$,
  restorePersistedState,
  savePersistedState,
} from '../../src/effects/persistence';
import type { AppEvent } from '../../src/events';
import { evolveAll, initialState, type AppState } from '../../src/projections/store';
import { generateCatalog, generateSettings, sellable, user } from '../../tools/gen-catalog';
import { order } from '../commands/checkoutFixtures';

/** A memory storage and a view of it that records the key of every write. */
function recordedStorage() {
  const writes: string[] = [];
  const storage = memoryStorage();
  const spy = {
    ...storage,
    setItem: (k: string, v: string) => {
      writes.push(k);
      storage.setItem(k, v);
    },
  };
  return { storage, spy, writes };
}

function signedInWithCart(): AppState {
  const product = sellable(generateCatalog(20, 1))[0];
  if (!product) throw new Error('catalogue');
  const events: AppEvent[] = [
    { type: 'SettingsLoaded', data: { settings: generateSettings('1') } },
    { type: 'SignedIn', data: { token: 'tok', user } },
    {
      type: 'ItemAdded',
      data: {
        line: {
          id: 'l1',
          product,
          quantity: 2,
          mods: [],
          isGift: false,
          isHidden: false,
          isServiceFee: false,
          fromPromocode: false,
        },
      },
    },
    { type: 'DeliveryMethodChanged', data: { method: 'self', previous: 'delivery' } },
    { type: 'PromoRequested', data: {} },
    { type: 'CodeRequested', data: { phone: user.phone } },
  ];
  return evolveAll(initialState, events);
}

describe('app persistence', () => {
  it('restores cart, user, address and auth but not settings or modals', () => {
    const storage = memoryStorage();
    const state = signedInWithCart();
    expect(savePersistedState(storage, '1', state)).toBe(true);
    const restored = restorePersistedState(storage, '1');
    expect(restored.cart.items).toEqual(state.cart.items);
    expect(restored.cart.deliveryMethod).toBe('self');
    expect(restored.auth.token).toBe('tok');
    expect(restored.user).toEqual(state.user);
    expect(restored.address).toEqual(state.address);
    expect(restored.setting).toBe(initialState.setting);
    expect(restored.catalog).toBe(initialState.catalog);
  });

  it('in-flight flows start over after a reload: the sign-in flow is idle, a pending promo is idle', () => {
    const storage = memoryStorage();
    const state = signedInWithCart();
    expect(state.auth.flow.status).toBe('requesting');
    expect(state.cart.promo.status).toBe('pending');
    savePersistedState(storage, '1', state);
    const saved = loadPersistedState(storage, '1');
    expect(saved?.auth.flow).toEqual(initialState.auth.flow);
    expect(saved?.cart.promo).toEqual({ status: 'idle' });
  });

  it('another store version, corrupt JSON or a cleared key give the fresh state', () => {
    const storage = memoryStorage();
    savePersistedState(storage, '1', signedInWithCart());
    expect(restorePersistedState(storage, '2')).toBe(initialState);
    expect(storage.getItem('storefront:v1:state')).toBeNull();
    storage.setItem('storefront:v2:state', '{not json');
    expect(restorePersistedState(storage, '2')).toBe(initialState);
    savePersistedState(storage, '2', signedInWithCart());
    clearPersistedState(storage, '2');
    expect(restorePersistedState(storage, '2')).toBe(initialState);
  });

  it('persistState$ saves after a quiet period when a persisted area changes, and emits nothing', () => {
    const a = initialState;
    const b = signedInWithCart();
    const c: AppState = { ...b, view: { ...b.view } }; // only a non-persisted area changed
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { storage, spy, writes } = recordedStorage();
      const state$ = cold('a 50ms b 500ms c 500ms |', { a, b, c });
      expectObservable(persistState$(state$, { storage: spy, storeVersion: '1' }, { debounceMs: 300 })).toBe(
        '- 50ms - 500ms - 500ms |',
      );
      flush();
      expect(writes.filter((k) => k === 'storefront:v1:state')).toHaveLength(1);
      expect(restorePersistedState(storage, '1').auth.token).toBe('tok');
    });
  });
});

describe('the order history is not persisted (fetched each time the history page is shown)', () => {
  const past = order({ id: 'o-977', number: 977, comment: 'Позвонить за час' });
  const withHistory = (state: AppState = signedInWithCart()): AppState =>
    evolveAll(state, [
      { type: 'OrderHistoryRequested', data: { phone: user.phone } },
      { type: 'OrderHistoryLoaded', data: { orders: [past] } },
    ]);

  it('the saved user has its profile and last order but no history; it restores with an idle history', () => {
    const storage = memoryStorage();
    const state = withHistory();
    expect(state.user.history.status).toBe('loaded');
    expect(savePersistedState(storage, '1', state)).toBe(true);
    const raw = storage.getItem('storefront:v1:state') ?? '';
    const saved: unknown = JSON.parse(raw);
    expect(saved).toMatchObject({ user: { profile: { phone: user.phone }, lastOrder: null } });
    expect(Object.keys((saved as { user: object }).user).sort()).toEqual(['lastOrder', 'profile']);
    expect(raw).not.toContain('Позвонить за час');
    const restored = restorePersistedState(storage, '1');
    expect(restored.user).toEqual({ ...state.user, history: { status: 'idle', orders: [] } });
  });

  it('a state saved before the history existed (the same user shape) restores as it was', () => {
    const storage = memoryStorage();
    const state = signedInWithCart();
    const { cart, address, auth } = state;
    storage.setItem(
      'storefront:v1:state',
      JSON.stringify({ cart, user: { profile: state.user.profile, lastOrder: null }, address, auth }),
    );
    storage.setItem('storefront:storeVersion', '1');
    const restored = restorePersistedState(storage, '1');
    expect(restored.user).toEqual(state.user);
    expect(restored.auth.token).toBe('tok');
  });

  it('nor does a history load alone write anything', () => {
    const before = signedInWithCart();
    const after = withHistory(before);
    expect(after.user.profile).toBe(before.user.profile);
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    scheduler.run(({ cold, expectObservable, flush }) => {
      const { spy, writes } = recordedStorage();
      const state$ = cold('a 500ms b 500ms |', { a: before, b: { ...before, user: after.user } });
      expectObservable(persistState$(state$, { storage: spy, storeVersion: '1' }, { debounceMs: 300 })).toBe(
        '- 500ms - 500ms |',
      );
      flush();
      expect(writes.filter((k) => k === 'storefront:v1:state')).toHaveLength(1);
    });
  });
});

describe('the ratings after delivery are not persisted (each visit asks the server, whose answer opens the prompt)', () => {
  it('a rating and the prompts are left out of the saved user and restore idle', () => {
    const storage = memoryStorage();
    const state = evolveAll(signedInWithCart(), [
      {
        type: 'RatingsLoaded',
        data: {
          ratings: [{ orderId: 'o1', score: 2, tags: [], comment: 'Остыло', createdAt: '2026-11-20T07:00:00.000Z' }],
          prompts: [{ orderId: 'o2', number: 2, createdAt: '2026-11-19T07:00:00.000Z' }],
        },
      },
    ]);
    expect(savePersistedState(storage, '1', state)).toBe(true);
    const raw = storage.getItem('storefront:v1:state') ?? '';
    expect(Object.keys((JSON.parse(raw) as { user: object }).user).sort()).toEqual(['lastOrder', 'profile']);
    expect(raw).not.toContain('Остыло');
    expect(restorePersistedState(storage, '1').user.ratings).toEqual(initialState.user.ratings);
  });
});

describe('persistEffect (the effect-shaped saver)', () => {
  it('saves under the store version of the loaded settings and never before it is known', async () => {
    const { persistEffect, storeVersionOf } = await import('../../src/effects/persistence');
    const { EMPTY } = await import('rxjs');
    const noSettings = evolveAll(initialState, [{ type: 'SignedIn', data: { token: 'early', user } }]);
    const withSettings = signedInWithCart();
    expect(storeVersionOf(noSettings)).toBeNull();
    expect(storeVersionOf(withSettings)).toBe('1');
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    const storage = memoryStorage();
    scheduler.run(({ cold, expectObservable }) => {
      const state$ = cold('a 400ms b 400ms |', { a: noSettings, b: withSettings });
      const deps = { storage } as unknown as Parameters<ReturnType<typeof persistEffect>>[2];
      expectObservable(persistEffect({ debounceMs: 100 })(EMPTY, state$, deps)).toBe('- 400ms - 400ms |');
    });
    expect(storage.getItem('storefront:v1:state')).not.toBeNull();
    expect(restorePersistedState(storage, '1').auth.token).toBe('tok');
  });
});
