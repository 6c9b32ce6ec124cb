// createStorefrontApi over the contract, as the browser builds it (the menu's and the account's
// calls through lazyCalls, LAZY_AREAS.menu and LAZY_AREAS.account): method, path and body of each
// call (PRODUCT.md §7), answers unwrapped, failures as ApiFailure, and unsubscribing aborts the request.
import { firstValueFrom, lastValueFrom, of, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ApiFailure, createApiClient, type ApiClient } from '../../src/api/client';
import { createStorefrontApi, lazyCalls, type StorefrontApi } from '../../src/api/storefrontApi';
import { LAZY_AREAS } from '../../src/views/app/lazyAreas';
import { savedAddress } from '../fixtures/address';
import { catalog } from '../fixtures/catalog';
import { cities, settings } from '../fixtures/settings';
import { USER } from './state';

const browserApi = (client: ApiClient) =>
  createStorefrontApi(LAZY_AREAS.menu.calls(client), LAZY_AREAS.account.calls(client));

type Seen = { method: string; url: string; body: unknown; auth: string | undefined };

function apiAnswering(answer: unknown, status = 200): { api: StorefrontApi; seen: Seen[] } {
  const seen: Seen[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    seen.push({
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      auth: headers.authorization,
    });
    return status === 204 ? new Response(null, { status }) : Response.json(answer, { status });
  };
  return { api: browserApi(createApiClient({ baseUrl: '', getToken: () => 'tok', fetch })), seen };
}

async function callOf<T>(
  answer: unknown,
  call: (api: StorefrontApi) => Observable<T>,
  status = 200,
): Promise<{ value: T | undefined; seen: Seen }> {
  const { api, seen } = apiAnswering(answer, status);
  const value = await lastValueFrom(call(api), { defaultValue: undefined });
  const first = seen[0];
  if (first === undefined) throw new Error('no request was made');
  return { value, seen: first };
}

describe('StorefrontApi over the contract (PRODUCT.md §7)', () => {
  it('version calls unwrap the single values', async () => {
    expect(await callOf({ version: 'c9' }, (a) => a.getCatalogVersion())).toEqual({
      value: 'c9',
      seen: { method: 'GET', url: '/api/v1/storage/version', body: undefined, auth: 'Bearer tok' },
    });
    expect((await callOf({ version: 's9' }, (a) => a.getSettingsVersion())).seen.url).toBe('/api/v1/setting/version');
    // PRODUCT.md §7: the single-value settings answer the bare JSON value
    const store = await callOf('1', (a) => a.getStoreVersion());
    expect(store).toMatchObject({ value: '1', seen: { url: '/api/v1/setting/STORE_VERSION' } });
    expect(await callOf('2', (a) => a.getMobileAppVersion())).toMatchObject({
      value: '2',
      seen: { url: '/api/v1/setting/MOBILE_APP_VERSION' },
    });
  });

  it('settings, catalogue and cities', async () => {
    expect(await callOf(settings, (a) => a.getSettings())).toMatchObject({
      value: settings,
      seen: { url: '/api/v1/setting' },
    });
    expect(await callOf(catalog, (a) => a.getCatalog())).toMatchObject({
      value: catalog,
      seen: { url: '/api/v1/catalog' },
    });
    expect(await callOf(cities, (a) => a.getCities())).toMatchObject({ value: cities, seen: { url: '/api/v1/city/' } });
  });

  it('user calls: balance, likes, last order, history, profile patch and delete; an informational page', async () => {
    expect(await callOf({ balance: 300 }, (a) => a.getBalance('+79991234567'))).toMatchObject({
      value: 300,
      seen: { url: '/api/v1/user/%2B79991234567/balance' },
    });
    expect(await callOf([{ productId: 'p1' }, { productId: 'p2' }], (a) => a.getLikes('u1'))).toMatchObject({
      value: ['p1', 'p2'],
      seen: { url: '/api/v1/user/u1/like' },
    });
    expect(await callOf({ products: [] }, (a) => a.getLastOrder('u1'))).toMatchObject({
      value: { products: [] },
      seen: { url: '/api/v1/user/u1/last-order' },
    });
    expect(
      (await callOf({ orders: [], nextBefore: null }, (a) => a.getHistory('+79991234567', { limit: 5 }))).seen.url,
    ).toBe('/api/v1/user/%2B79991234567/history?limit=5');
    const about = {
      slug: 'about',
      cityId: 'c1',
      title: 'О компании',
      body: 'Текст',
      updatedAt: '2026-11-20T00:00:00.000Z',
    };
    expect(await callOf(about, (a) => a.getPage('about', 'c1'))).toMatchObject({
      value: about,
      seen: { method: 'GET', url: '/api/v1/page/about/c1' },
    });
    expect(await callOf(USER, (a) => a.patchUser(USER.phone, { name: 'Пётр' }))).toMatchObject({
      value: USER,
      seen: { method: 'PATCH', url: '/api/v1/user/%2B79991234567', body: { name: 'Пётр' } },
    });
    expect((await callOf(null, (a) => a.deleteUser(USER.phone), 204)).seen).toMatchObject({
      method: 'DELETE',
      url: '/api/v1/user/%2B79991234567',
    });
  });

  it('likes, addresses and promo send the PRODUCT.md §7 bodies', async () => {
    expect(
      (await callOf({ userId: 'u1', productId: 'p1', likesCount: 3 }, (a) => a.like('u1', 'p1'))).seen,
    ).toMatchObject({
      method: 'POST',
      url: '/api/v1/like',
      body: { userId: 'u1', productId: 'p1' },
    });
    expect((await callOf(null, (a) => a.unlike('u1', 'p1'), 204)).seen).toMatchObject({
      method: 'DELETE',
      url: '/api/v1/like/u1/p1',
    });
    const address = savedAddress({ userId: 'u1' });
    expect(await callOf([address], (a) => a.getAddresses('u1'))).toMatchObject({
      value: [address],
      seen: { url: '/api/v1/address/by-user-id/u1' },
    });
    expect(
      (await callOf(address, (a) => a.createAddress({ userId: 'u1', city: 'Ангарск', street: 'Ленина', home: '1' })))
        .seen,
    ).toMatchObject({
      method: 'POST',
      url: '/api/v1/address/',
      body: { userId: 'u1', city: 'Ангарск', street: 'Ленина', home: '1' },
    });
    expect((await callOf(null, (a) => a.deleteAddress('a1'), 204)).seen).toMatchObject({
      method: 'DELETE',
      url: '/api/v1/address/a1',
    });
    const answer = { freeProducts: [], discountTotal: 0, lostGift: [], loyaltyProgramErrors: [], allowedBonus: 0 };
    const payload = {
      coupon: null,
      fullPrice: 450,
      notGiftsAndNotDeliveryTotal: 450,
      cityId: 'city-angarsk',
      deliveryMethod: 'delivery' as const,
      spendBonus: 0,
      customer: { phone: USER.phone, name: USER.name },
      order: { phone: USER.phone, date: null, items: [], address: null },
    };
    expect(await callOf(answer, (a) => a.promo(payload))).toMatchObject({
      value: answer,
      seen: { method: 'POST', url: '/api/v1/promo', body: payload },
    });
  });

  it('sign-in: code, token, and logout with the given token', async () => {
    const sent = { sentTo: '+7 (***) ***-**-67', resendAfterSeconds: 60, expiresInSeconds: 300 };
    expect((await callOf(sent, (a) => a.requestCode('+79991234567'))).seen).toMatchObject({
      method: 'POST',
      url: '/api/v1/auth/code',
      body: { phone: '+79991234567' },
    });
    expect(
      (await callOf({ token: 't', user: USER }, (a) => a.signIn({ phone: '+79991234567', code: '1234' }))).seen,
    ).toMatchObject({
      method: 'POST',
      url: '/api/v1/auth/token',
      body: { phone: '+79991234567', code: '1234' },
    });
    // The client's own token is gone by then; the revoked one goes in the header.
    const seen: Seen[] = [];
    const withoutToken = browserApi(
      createApiClient({
        baseUrl: '',
        getToken: () => null,
        fetch: async (input, init) => {
          seen.push({
            method: init?.method ?? 'GET',
            url: String(input),
            body: undefined,
            auth: (init?.headers as Record<string, string>).authorization,
          });
          return new Response(null, { status: 204 });
        },
      }),
    );
    await lastValueFrom(withoutToken.logout('old-token'), { defaultValue: undefined });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/v1/auth/logout', auth: 'Bearer old-token' });
  });

  it("a refusal errors with ApiFailure carrying the server's message", async () => {
    const { api } = apiAnswering({ message: 'Купон не найден' }, 422);
    const error = await firstValueFrom(api.getCatalogVersion()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error).toMatchObject({ status: 422, serverMessage: 'Купон не найден' });
  });

  it('unsubscribing aborts the request (latest promo wins for real)', async () => {
    let requested: (signal: AbortSignal | undefined) => void = () => undefined;
    // The request goes out once the calls' chunk has loaded.
    const request = new Promise<AbortSignal | undefined>((resolve) => (requested = resolve));
    const api = browserApi(
      createApiClient({
        baseUrl: '',
        getToken: () => null,
        fetch: (_input, init) => {
          requested(init?.signal ?? undefined);
          return new Promise<Response>(() => undefined);
        },
      }),
    );
    const sub = api.getCatalog().subscribe();
    const signal = await request;
    expect(signal?.aborted).toBe(false);
    sub.unsubscribe();
    expect(signal?.aborted).toBe(true);
  });
});

describe('lazyCalls', () => {
  type Echo = { echo(text: string): Observable<string> };

  /** lazyCalls over a loader that counts its loads; `load` makes the n-th load's implementation (or throws). */
  function countingLoads(load: (n: number) => Echo) {
    let loads = 0;
    const calls = lazyCalls<Echo>(async () => load((loads += 1)));
    return { calls, loads: () => loads };
  }

  it('loads the implementation on the first call only, and forwards each call with its arguments', async () => {
    const { calls, loads } = countingLoads(() => ({ echo: (text) => of(`эхо: ${text}`) }));
    const first = calls.echo('раз');
    expect(loads()).toBe(0); // cold: nothing loads before a subscription
    expect(await firstValueFrom(first)).toBe('эхо: раз');
    expect(await firstValueFrom(calls.echo('два'))).toBe('эхо: два');
    expect(loads()).toBe(1);
  });

  it('a failed load (offline) fails that call and is tried again on the next', async () => {
    const { calls, loads } = countingLoads((n) => {
      if (n === 1) throw new Error('chunk failed');
      return { echo: (text) => of(text) };
    });
    await expect(firstValueFrom(calls.echo('a'))).rejects.toThrow('chunk failed');
    expect(await firstValueFrom(calls.echo('b'))).toBe('b');
    expect(loads()).toBe(2);
  });

  it('does not pass for a promise, so returning it from an async function does not load it', async () => {
    const { calls, loads } = countingLoads(() => ({ echo: (text) => of(text) }));
    expect(Reflect.get(calls, 'then')).toBeUndefined();
    const awaited = await Promise.resolve(calls);
    expect(awaited).toBe(calls);
    expect(loads()).toBe(0);
  });

  it('the first-load calls stay on the api object itself, the account calls come through lazyCalls', () => {
    const client = createApiClient({
      baseUrl: '',
      getToken: () => null,
      fetch: () => new Promise<Response>(() => undefined),
    });
    const api = browserApi(client);
    expect(Object.keys(api).sort()).toEqual([
      'getCatalog',
      'getCatalogVersion',
      'getCities',
      'getMobileAppVersion',
      'getSettings',
      'getSettingsVersion',
      'getStoreVersion',
    ]);
    expect(typeof api.promo).toBe('function');
  });
});
