import { describe, expect, it } from 'vitest';
import {
  STORE_VERSION_KEY,
  createPersistence,
  hasShapeOf,
  memoryStorage,
  storageKey,
  type KeyValueStorage,
} from '../../src/effects/persistence';

// A state shaped like the app's: persisted areas plus ones that are not (PRODUCT.md §7: cart, user, address, auth).
type State = {
  cart: {
    items: { id: string; quantity: number }[];
    deliveryMethod: 'delivery' | 'self';
    appliedCoupon: string | null;
  };
  user: { user: { name: string } | null };
  address: { list: string[]; selectedId: string | null };
  auth: { token: string | null };
  modal: { open: string | null };
};
const initial: State = {
  cart: { items: [], deliveryMethod: 'delivery', appliedCoupon: null },
  user: { user: null },
  address: { list: [], selectedId: null },
  auth: { token: null },
  modal: { open: null },
};
const persistence = createPersistence({ areas: ['cart', 'user', 'address', 'auth'], initialState: initial });

const signedIn: State = {
  cart: { items: [{ id: 'l1', quantity: 2 }], deliveryMethod: 'self', appliedCoupon: 'SUSHI' },
  user: { user: { name: 'Иван' } },
  address: { list: ['a1'], selectedId: 'a1' },
  auth: { token: 't0k' },
  modal: { open: 'cart' },
};

describe('persistence keyed by the store version (PRODUCT.md §7)', () => {
  it("saves cart, user, address and auth under 'storefront:v{storeVersion}:state' and loads them back", () => {
    const storage = memoryStorage();
    expect(persistence.save(storage, '3', signedIn)).toBe(true);
    expect(storageKey('3')).toBe('storefront:v3:state');
    expect(JSON.parse(storage.getItem('storefront:v3:state') ?? 'null')).toEqual({
      cart: signedIn.cart,
      user: signedIn.user,
      address: signedIn.address,
      auth: signedIn.auth,
    });
    expect(persistence.load(storage, '3')).toEqual({
      cart: signedIn.cart,
      user: signedIn.user,
      address: signedIn.address,
      auth: signedIn.auth,
    });
    expect(persistence.restore(storage, '3', initial)).toEqual({ ...signedIn, modal: initial.modal });
  });

  it('a different store version starts fresh and removes the old keys', () => {
    const storage = memoryStorage();
    persistence.save(storage, '1', signedIn);
    storage.setItem('storefront:v0:state', '{}');
    storage.setItem('unrelated', 'kept');
    expect(persistence.load(storage, '2')).toBeNull();
    expect(persistence.restore(storage, '2', initial)).toBe(initial);
    expect(storage.getItem('storefront:v1:state')).toBeNull();
    expect(storage.getItem('storefront:v0:state')).toBeNull();
    expect(storage.getItem('unrelated')).toBe('kept');
    expect(storage.getItem(STORE_VERSION_KEY)).toBe('2');
  });

  it('removes the old key through the version pointer on a storage that cannot list keys', () => {
    const inner = memoryStorage();
    const plain: KeyValueStorage = {
      getItem: (k) => inner.getItem(k),
      setItem: (k, v) => inner.setItem(k, v),
      removeItem: (k) => inner.removeItem(k),
    };
    persistence.save(plain, '1', signedIn);
    expect(persistence.load(plain, '2')).toBeNull();
    expect(inner.getItem('storefront:v1:state')).toBeNull();
  });

  it.each([
    ['corrupt JSON', '{"cart": {"items": ['],
    ['JSON null', 'null'],
    ['an array', '[]'],
    ['a missing area', JSON.stringify({ cart: initial.cart, user: initial.user, address: initial.address })],
    ['an area of the wrong kind', JSON.stringify({ ...signedIn, cart: 'oops' })],
    ['a field of the wrong kind', JSON.stringify({ ...signedIn, cart: { ...signedIn.cart, items: {} } })],
    ['a missing field', JSON.stringify({ ...signedIn, address: { list: [] } })],
  ])('%s gives a fresh state, never a throw, and the bad value is removed', (_name, text) => {
    const storage = memoryStorage({ 'storefront:v1:state': text, [STORE_VERSION_KEY]: '1' });
    expect(persistence.load(storage, '1')).toBeNull();
    expect(persistence.restore(storage, '1', initial)).toBe(initial);
    expect(storage.getItem('storefront:v1:state')).toBeNull();
  });

  it('a storage that throws on every call never makes load or save throw', () => {
    const hostile: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
      get length(): number {
        throw new Error('SecurityError');
      },
    };
    expect(persistence.load(hostile, '1')).toBeNull();
    expect(persistence.restore(hostile, '1', initial)).toBe(initial);
    expect(persistence.save(hostile, '1', signedIn)).toBe(false);
    expect(() => persistence.clear(hostile, '1')).not.toThrow();
  });

  it('clear removes this version only', () => {
    const storage = memoryStorage();
    persistence.save(storage, '1', signedIn);
    persistence.clear(storage, '1');
    expect(persistence.load(storage, '1')).toBeNull();
  });

  it('hasShapeOf: keys and JSON kinds one level deep; a null in the template accepts anything', () => {
    expect(hasShapeOf({ a: 1, b: null, c: [] }, { a: 2, b: { x: 1 }, c: [1], extra: true })).toBe(true);
    expect(hasShapeOf({ a: 1 }, { a: '1' })).toBe(false);
    expect(hasShapeOf({ a: 1 }, {})).toBe(false);
    expect(hasShapeOf({ a: [] }, { a: {} })).toBe(false);
    expect(hasShapeOf('x', 'y')).toBe(true);
  });
});
