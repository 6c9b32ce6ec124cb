import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ApiFailure, createApiClient, NETWORK_FAILURE_STATUS, serverError } from '../../src/api/client.js';
import { ApiError } from '../../src/api/entities.js';
import { defineRoute, buildPath } from '../../src/api/route.js';

const getUser = defineRoute({
  method: 'GET',
  path: '/user/:phone',
  summary: 'user',
  auth: 'user',
  params: z.object({ phone: z.string() }),
  response: z.object({ name: z.string() }),
});
const deleteLike = defineRoute({
  method: 'DELETE',
  path: '/like/:userId/:productId',
  summary: 'unlike',
  auth: 'user',
  response: null,
});

function fakeFetch(answer: Response, seen: { url?: string; init?: RequestInit } = {}): typeof fetch {
  return async (input, init) => {
    seen.url = String(input);
    seen.init = init;
    return answer;
  };
}

describe('API client', () => {
  it('encodes path parameters', () => {
    expect(buildPath('/user/:phone', { phone: '+79991234567' })).toBe('/user/%2B79991234567');
  });

  it('attaches the bearer token to every request when present (PRODUCT.md §6)', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    const api = createApiClient({
      baseUrl: 'http://x',
      getToken: () => 'tok',
      fetch: fakeFetch(Response.json({ name: 'Анна' }), seen),
    });
    await expect(api.call(getUser, { params: { phone: '+79991234567' } })).resolves.toEqual({ name: 'Анна' });
    expect(seen.url).toBe('http://x/api/v1/user/%2B79991234567');
    expect((seen.init?.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('sends no authorization header when signed out', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    const api = createApiClient({
      baseUrl: '',
      getToken: () => null,
      fetch: fakeFetch(new Response(null, { status: 204 }), seen),
    });
    await api.call(deleteLike, { params: { userId: 'u', productId: 'p' } });
    expect((seen.init?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it("turns a 422 into an ApiFailure carrying the server's Russian message (PRODUCT.md §8)", async () => {
    const api = createApiClient({
      baseUrl: '',
      getToken: () => null,
      fetch: fakeFetch(Response.json({ message: 'Купон не найден' }, { status: 422 })),
    });
    const failure = await api.call(getUser, { params: { phone: '1' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).status).toBe(422);
    expect((failure as ApiFailure).serverMessage).toBe('Купон не найден');
  });

  it('reads a refusal as the contract ApiError schema does, without it (zod stays out of the first load)', () => {
    const bodies: unknown[] = [
      { message: 'Купон не найден' },
      { message: 'Нет', code: 'coupon' },
      { message: 'Нет', code: undefined, extra: 1 },
      { message: 'Нет', code: 7 },
      { message: 1 },
      { code: 'x' },
      ['Нет'],
      'Нет',
      null,
      42,
    ];
    for (const body of bodies) {
      const parsed = ApiError.safeParse(body);
      expect(serverError(body)).toEqual(
        parsed.success ? { message: parsed.data.message, code: parsed.data.code ?? null } : null,
      );
    }
    expect(serverError({ message: 'Нет', code: 'coupon' })).toEqual({ message: 'Нет', code: 'coupon' });
  });

  it('keeps serverMessage null when the error body has no message', async () => {
    const api = createApiClient({
      baseUrl: '',
      getToken: () => null,
      fetch: fakeFetch(new Response('oops', { status: 403 })),
    });
    const failure = (await api.call(getUser, { params: { phone: '1' } }).catch((e: unknown) => e)) as ApiFailure;
    expect(failure.status).toBe(403);
    expect(failure.serverMessage).toBeNull();
  });

  it('reports a network failure as status 0', async () => {
    const api = createApiClient({
      baseUrl: '',
      getToken: () => null,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const failure = (await api.call(getUser, { params: { phone: '1' } }).catch((e: unknown) => e)) as ApiFailure;
    expect(failure.status).toBe(NETWORK_FAILURE_STATUS);
  });
});
