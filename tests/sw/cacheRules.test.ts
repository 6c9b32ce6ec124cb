// The service worker's caching rules (docs/PUSH.md «Offline menu»): the shell and the public
// menu are kept for a bad network; nothing that carries personal data ever is.
import { describe, expect, it } from 'vitest';
import { cachePolicy, mayStore, type RequestFacts } from '../../src/sw/cacheRules';

const ORIGIN = 'https://shop.example';
const get = (path: string, overrides: Partial<RequestFacts> = {}): RequestFacts => ({
  method: 'GET',
  url: `${ORIGIN}${path}`,
  origin: ORIGIN,
  mode: 'cors',
  hasAuthorization: false,
  ...overrides,
});
const page = (path: string) => get(path, { mode: 'navigate' });

describe('what the service worker keeps', () => {
  it('the public catalogue answers, network first', () => {
    for (const path of [
      '/api/v1/catalog',
      '/api/v1/storage/version',
      '/api/v1/setting',
      '/api/v1/setting/version',
      '/api/v1/setting/STORE_VERSION',
      '/api/v1/city/',
    ])
      expect(cachePolicy(get(path)), path).toEqual({ kind: 'network-first', cache: 'api' });
  });

  it('hashed assets cache first; public pages and pictures network first', () => {
    expect(cachePolicy(get('/assets/index-DLXhbbmr.js'))).toEqual({ kind: 'cache-first', cache: 'assets' });
    expect(cachePolicy(get('/img/uploads/products/a.jpg?w=400&format=webp'))).toEqual({
      kind: 'network-first',
      cache: 'images',
    });
    for (const path of ['/', '/catalog', '/angarsk/catalog/rolls', '/delivery', '/angarsk'])
      expect(cachePolicy(page(path)), path).toEqual({ kind: 'network-first', cache: 'pages' });
  });
});

describe('what it never keeps (personal data)', () => {
  it('anything with a token: the signed-in catalogue carries the customer’s likes', () => {
    expect(cachePolicy(get('/api/v1/catalog', { hasAuthorization: true }))).toEqual({ kind: 'network-only' });
    expect(cachePolicy(page('/catalog'))).not.toEqual({ kind: 'network-only' });
  });

  it('users, orders, history, cart, promo, addresses, likes, push, payments, staff, the socket', () => {
    for (const path of [
      '/api/v1/user/+79991234567',
      '/api/v1/user/abc/history?limit=20',
      '/api/v1/user/abc/last-order',
      '/api/v1/user',
      '/api/v1/order/abc',
      '/api/v1/orders',
      '/api/v1/history',
      '/api/v1/cart',
      '/api/v1/promo',
      '/api/v1/address/by-user-id/abc',
      '/api/v1/likes/abc',
      '/api/v1/push/key',
      '/api/v1/payments/abc',
      '/api/v1/admin/orders',
      '/api/v1/ws?token=secret',
      '/api/v1/catalog?user=abc',
    ])
      expect(cachePolicy(get(path)), path).toEqual({ kind: 'network-only' });
  });

  it('personal pages and the staff app, even as a shell', () => {
    for (const path of [
      '/personal',
      '/personal/history',
      '/angarsk/personal/address',
      '/complete?order=abc',
      '/angarsk/complete',
      '/complete-error',
      '/checkout',
      '/cart',
      '/admin',
      '/admin/orders',
    ])
      expect(cachePolicy(page(path)), path).toEqual({ kind: 'network-only' });
  });

  it('other methods, other origins and the worker itself', () => {
    expect(cachePolicy(get('/api/v1/catalog', { method: 'POST' }))).toEqual({ kind: 'network-only' });
    expect(cachePolicy(get('/api/v1/catalog', { url: 'https://evil.example/api/v1/catalog' }))).toEqual({
      kind: 'network-only',
    });
    expect(cachePolicy(get('/sw.js'))).toEqual({ kind: 'network-only' });
    expect(cachePolicy(get('/favicon.svg'))).toEqual({ kind: 'network-only' });
  });

  it('stores only whole, shareable answers of our origin', () => {
    const ok = { status: 200, type: 'basic', cacheControl: 'no-cache', vary: 'Accept-Encoding' };
    expect(mayStore(ok)).toBe(true);
    expect(mayStore({ ...ok, status: 206 })).toBe(false);
    expect(mayStore({ ...ok, status: 304 })).toBe(false);
    expect(mayStore({ ...ok, status: 500 })).toBe(false);
    expect(mayStore({ ...ok, type: 'opaque' })).toBe(false);
    expect(mayStore({ ...ok, cacheControl: 'private, max-age=60' })).toBe(false);
    expect(mayStore({ ...ok, cacheControl: 'no-store' })).toBe(false);
    expect(mayStore({ ...ok, vary: 'Accept-Encoding, Authorization' })).toBe(false);
    expect(mayStore({ ...ok, vary: 'Cookie' })).toBe(false);
    expect(mayStore({ ...ok, vary: '*' })).toBe(false);
  });
});
