// Fastify's own refusals leave through our error handler: { message, code } with a Russian
// message, never Fastify's English `{ error, code: 'FST_…', message, statusCode }`.
import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { testServerPerFile } from './helpers.js';

const server = testServerPerFile();

async function refusal(options: InjectOptions): Promise<{ status: number; body: { message: string; code: string } }> {
  const res = await server.app.inject(options);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<Record<string, unknown>>();
  // our shape exactly: no `error`, no `statusCode`, no FST_ code
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(body.message).toMatch(/[а-яё]/i);
  expect(res.body).not.toContain('FST_');
  return { status: res.statusCode, body: body as { message: string; code: string } };
}

describe('refusals before routing (frameworkErrors)', () => {
  it('a path parameter over 100 characters: 414 in Russian', async () => {
    expect(await refusal({ method: 'GET', url: `/api/v1/page/${'a'.repeat(101)}/c1` })).toEqual({
      status: 414,
      body: { message: 'Слишком длинный адрес запроса', code: 'url-too-long' },
    });
  });

  it('a malformed percent-escape: 400 in Russian, on the API and on a page', async () => {
    const expected = { status: 400, body: { message: 'Некорректный адрес запроса', code: 'bad-url' } };
    expect(await refusal({ method: 'GET', url: '/api/v1/setting/%zz' })).toEqual(expected);
    expect(await refusal({ method: 'DELETE', url: '/api/v1/address/%E0%A4%A' })).toEqual(expected);
    expect(await refusal({ method: 'GET', url: '/catalog/%zz' })).toEqual(expected);
  });
});

describe('refusals of the body', () => {
  const promo = (payload: string, contentType: string): InjectOptions => ({
    method: 'POST',
    url: '/api/v1/promo',
    payload,
    headers: { 'content-type': contentType },
  });

  it('over the 1 MB body limit: 413', async () => {
    expect(await refusal(promo(`{"a":"${'x'.repeat(1_100_000)}"}`, 'application/json'))).toEqual({
      status: 413,
      body: { message: 'Слишком большой запрос', code: 'payload-too-large' },
    });
  });

  it('a body that is not JSON: 415', async () => {
    expect(await refusal(promo('<promo/>', 'text/xml'))).toEqual({
      status: 415,
      body: { message: 'Неподдерживаемый формат запроса: ожидается JSON', code: 'unsupported-media-type' },
    });
  });

  it('broken or empty JSON: 400', async () => {
    expect(await refusal(promo('{"cityId":', 'application/json'))).toEqual({
      status: 400,
      body: { message: 'Некорректный JSON в теле запроса', code: 'invalid-json' },
    });
    expect((await refusal(promo('', 'application/json'))).body.code).toBe('invalid-json');
  });
});

describe('unknown API routes: 404 through the same handler', () => {
  it.each([
    ['GET', '/api/v1/nothing'],
    ['DELETE', '/api/v1/setting'],
    ['GET', '/api/nothing'],
    ['POST', '/api'],
  ] as const)('%s %s', async (method, url) => {
    expect(await refusal({ method, url })).toEqual({
      status: 404,
      body: { message: 'Метод API не найден', code: 'not-found' },
    });
  });
});
