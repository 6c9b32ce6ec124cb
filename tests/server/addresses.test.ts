// Saved addresses (PRODUCT.md §3 Address, §7): create, list, delete for the owner.
import { describe, expect, it } from 'vitest';
import { testServerPerFile } from './helpers.js';
import { callApi, saveAddress, signIn, type ApiCall } from './customers.js';

const server = testServerPerFile();

const api = (...call: ApiCall) => callApi(server, ...call);

describe('POST /address/', () => {
  it('returns the created address (201) with absent parts as null and location null unless given', async () => {
    const me = await signIn(server);
    const r = await saveAddress(server, me, {
      city: ' Ангарск ',
      home: '12А',
      apartment: '',
      entrance: '2',
      floor: null,
    });
    expect(r.statusCode).toBe(201);
    const address = r.json();
    expect(address).toEqual({
      id: expect.any(String),
      userId: me.user.id,
      city: 'Ангарск',
      street: 'Ленина',
      home: '12А',
      apartment: null,
      entrance: '2',
      floor: null,
      intercom: null,
      comment: null,
      location: null,
    });
    const list = await api('GET', `/address/by-user-id/${me.user.id}`, me.auth);
    expect(list.json()).toEqual([address]);
  });

  it('keeps a location the client gave, and accepts the path without the trailing slash', async () => {
    const me = await signIn(server);
    const r = await saveAddress(
      server,
      me,
      { city: 'Шелехов', home: '5', location: { lat: 52.21, lon: 104.1 } },
      '/address',
    );
    expect(r.statusCode).toBe(201);
    expect(r.json().location).toEqual({ lat: 52.21, lon: 104.1 });
  });

  it.each([
    ['an empty street', { street: '  ' }],
    ['a street over 200 characters', { street: 'у'.repeat(201) }],
    ['a home over 20 characters', { home: '1'.repeat(21) }],
    ['a comment over 500 characters', { comment: 'к'.repeat(501) }],
    ['a latitude beyond 90', { location: { lat: 91, lon: 10 } }],
    ['no city', { city: undefined }],
  ])('rejects %s with 400 and a Russian message', async (_, change) => {
    const me = await signIn(server);
    const r = await saveAddress(server, me, change);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/^Некорректные данные запроса/);
  });

  it("stores at most 20 addresses per customer: 422 'Можно сохранить не больше 20 адресов'", async () => {
    const me = await signIn(server);
    for (let i = 1; i <= 20; i++) {
      const r = await saveAddress(server, me, { home: String(i) });
      expect(r.statusCode).toBe(201);
      server.clock.advance(1_000);
    }
    const r = await saveAddress(server, me, { home: '21' });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe('Можно сохранить не больше 20 адресов');
    const list = await api('GET', `/address/by-user-id/${me.user.id}`, me.auth);
    expect(list.json().map((a: { home: string }) => a.home)).toEqual(
      Array.from({ length: 20 }, (_, i) => String(i + 1)),
    );
  });
});

describe('DELETE /address/:id', () => {
  it("deletes the owner's address (204), then 404 'Адрес не найден'", async () => {
    const me = await signIn(server);
    const created = (await saveAddress(server, me)).json();
    expect((await api('DELETE', `/address/${created.id}`, me.auth)).statusCode).toBe(204);
    expect((await api('GET', `/address/by-user-id/${me.user.id}`, me.auth)).json()).toEqual([]);
    const again = await api('DELETE', `/address/${created.id}`, me.auth);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Адрес не найден');
  });

  it("refuses another customer's address with 403 'Доступ запрещён' and keeps it", async () => {
    const owner = await signIn(server);
    const other = await signIn(server);
    const created = (await saveAddress(server, owner)).json();
    const r = await api('DELETE', `/address/${created.id}`, other.auth);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('Доступ запрещён');
    expect((await api('GET', `/address/by-user-id/${owner.user.id}`, owner.auth)).json()).toHaveLength(1);
  });
});
