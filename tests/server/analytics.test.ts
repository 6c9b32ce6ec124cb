// Web counters on the server (docs/ANALYTICS.md): the counter ids are settings edited in /admin,
// empty by default; the script addresses come from the configuration; a page's security policy
// names the counters' hosts only while an id is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSetting } from '../../src/api/contract/admin/settings.js';
import { callApi } from './customers.js';
import type { Settings } from '../../src/api/entities.js';
import { createTestServer, type TestServer, expectRefusal } from './helpers.js';
import { signInStaff, type SignedInStaff } from './admin/staffFixtures.js';

const FAKE = 'http://127.0.0.1:4555';
let server: TestServer;
let admin: SignedInStaff;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'analytics-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  server = await createTestServer({
    config: {
      clientDir,
      analytics: { metrikaScriptUrl: `${FAKE}/metrika/tag.js`, ga4ScriptUrl: `${FAKE}/gtag/js` },
    },
  });
  admin = await signInStaff(server, 'admin');
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const storefrontSettings = async () =>
  (await server.app.inject({ method: 'GET', url: '/api/v1/setting' })).json<Settings>();
const put = (name: string, value: unknown) => callApi(server, 'PUT', `/admin/settings/${name}`, admin.auth, { value });
const page = (url: string) => server.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*;q=0.8' } });
const directive = (header: unknown, name: string): string[] =>
  (
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find((parts) => parts[0] === name) ?? []
  ).slice(1);

describe('counter ids and scripts in the settings', () => {
  it('are empty by default: the storefront is told of no counter', async () => {
    const s = await storefrontSettings();
    expect(s.ANALYTICS).toBeNull();
  });

  it('are listed in /admin settings as text fields with Russian titles', async () => {
    const res = await callApi(server, 'GET', '/admin/settings', admin.auth);
    const list = res.json<{ settings: AdminSetting[] }>().settings;
    expect(list.find((s) => s.name === 'METRIKA_COUNTER_ID')).toMatchObject({
      title: 'Счётчик Яндекс Метрики',
      type: 'string',
      widget: 'text',
      value: '',
      editable: true,
    });
    expect(list.find((s) => s.name === 'GA4_MEASUREMENT_ID')).toMatchObject({
      title: 'Идентификатор Google Analytics 4',
      value: '',
    });
    expect(list.some((s) => s.name === 'ANALYTICS')).toBe(false);
  });

  it('refuses an id of the wrong form with 422 in Russian; the script addresses are not editable', async () => {
    const metrika = await put('METRIKA_COUNTER_ID', 'abc');
    expectRefusal(metrika, 422, 'Недопустимое значение настройки METRIKA_COUNTER_ID');
    const ga4 = await put('GA4_MEASUREMENT_ID', 'UA-12345-1');
    expectRefusal(ga4, 422, 'Недопустимое значение настройки GA4_MEASUREMENT_ID');
    expect((await put('METRIKA_COUNTER_ID', 12345678)).statusCode).toBe(422);
    expect(
      (await put('ANALYTICS', { metrika: '1', ga4: '', metrikaScript: 'https://evil.example/x.js' })).statusCode,
    ).toBe(404);
  });
});

describe('the pages’ security policy', () => {
  it('names no counter host while the ids are empty', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'];
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('opens each counter’s hosts and its configured script origin once its id is set, on pages only', async () => {
    expect((await put('METRIKA_COUNTER_ID', '12345678')).statusCode).toBe(200);
    // the storefront gets the ids with the configuration's script addresses
    expect((await storefrontSettings()).ANALYTICS).toEqual({
      metrika: '12345678',
      ga4: '',
      metrikaScript: `${FAKE}/metrika/tag.js`,
      ga4Script: `${FAKE}/gtag/js`,
    });
    let csp = (await page('/angarsk/catalog')).headers['content-security-policy'];
    expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://mc.yandex.ru', 'https://yastatic.net', FAKE]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://mc.yandex.ru', FAKE]);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://mc.yandex.ru', FAKE]);

    expect((await put('GA4_MEASUREMENT_ID', 'G-ABC123XYZ')).statusCode).toBe(200);
    const s = await storefrontSettings();
    expect([s.ANALYTICS?.metrika, s.ANALYTICS?.ga4]).toEqual(['12345678', 'G-ABC123XYZ']);
    csp = (await page('/')).headers['content-security-policy'];
    expect(directive(csp, 'script-src')).toContain('https://*.googletagmanager.com');
    expect(directive(csp, 'connect-src')).toContain('https://*.google-analytics.com');

    // the API and files are no page: their policy stays closed
    const api = await server.app.inject({ method: 'GET', url: '/api/v1/setting' });
    expect(directive(api.headers['content-security-policy'], 'script-src')).toEqual(["'self'"]);

    // emptied again: closed again at once
    await put('METRIKA_COUNTER_ID', '');
    await put('GA4_MEASUREMENT_ID', '');
    csp = (await page('/')).headers['content-security-policy'];
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
  });
});
