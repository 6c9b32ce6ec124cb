// Security headers of every kind of answer: the pages (index, catalogue, product, checkout,
// admin), the test payment page and the API. The Content-Security-Policy allows the inline
// <style>s by hash (index.html's app shell, the test gateway's), no inline script, and the
// third-party widgets only when they are configured.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { inlineHashes } from '../../server/http/securityHeaders.js';
import { TEST_GATEWAY_STYLE } from '../../server/integrations/testGateway.js';
import { PaymentSession } from '../../src/api/contract/payments.js';
import { Order } from '../../src/api/contract/orders.js';
import { createTestServer, type TestServer } from './helpers.js';
import { auth, pickupBody, postOrder, signedInUser, OPEN_NOW } from './ordersFixtures.js';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const INDEX_HTML = fs.readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
const SHELL_STYLE = /<style>([\s\S]*?)<\/style>/.exec(INDEX_HTML)?.[1] ?? '';

let server: TestServer;
let clientDir: string;
let paymentPage: string;
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  server = await createTestServer({ config: { clientDir } });
  server.clock.set(OPEN_NOW);
  const customer = await signedInUser(server.db);
  const order = Order.parse((await postOrder(server, customer.token, pickupBody({ paymentMethod: 'card' }))).json());
  const session = PaymentSession.parse(
    (
      await server.app.inject({
        method: 'POST',
        url: `/api/v1/order/${order.id}/payment`,
        headers: auth(customer.token),
      })
    ).json(),
  );
  paymentPage = session.redirectUrl ?? '';
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy header, each as its list of sources. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

const PAGES = [
  ['index', '/'],
  ['catalogue', '/angarsk/catalog'],
  ['product', '/angarsk/catalog/rolls/some-product'],
  ['checkout', '/angarsk/checkout'],
  ['admin', '/admin/orders'],
  ['API', '/api/v1/setting'],
] as const;

describe('every kind of answer', () => {
  it.each(PAGES)('%s (%s)', async (_kind, url) => {
    const res = await server.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=(self)');
    // PUBLIC_URL is http here: no HSTS, no upgrade of the page's requests
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    // scripts from our origin only; no inline script anywhere
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", hash(SHELL_STYLE), hash(TEST_GATEWAY_STYLE)]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['connect-src']).toEqual(["'self'"]);
  });

  it('the test payment page: its inline style by hash, its buttons post to us', async () => {
    const res = await server.app.inject({ method: 'GET', url: paymentPage });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(inlineHashes(res.body)).toEqual({ styles: [hash(TEST_GATEWAY_STYLE)], scripts: [] });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['style-src']).toContain(hash(TEST_GATEWAY_STYLE));
    expect(csp['form-action']).toEqual(["'self'", new URL(server.ctx.config.publicUrl).origin]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('index.html as served holds no inline block the policy does not name', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/' });
    const csp = directives(res.headers['content-security-policy']);
    const inline = inlineHashes(res.body);
    expect(inline.styles.length).toBeGreaterThan(0);
    for (const style of inline.styles) expect(csp['style-src']).toContain(style);
    for (const script of inline.scripts) expect(csp['script-src']).toContain(script);
  });
});

describe('what the configuration adds', () => {
  it('CloudPayments and the bot check open their hosts; HSTS and upgrades only on https', async () => {
    const configured = await createTestServer({
      seed: false,
      config: {
        clientDir,
        publicUrl: 'https://shop.example.ru',
        payments: { ...loadConfig({}).payments, provider: 'cloudpayments' },
        captcha: { provider: 'smartcaptcha', secret: 's', verifyUrl: 'http://127.0.0.1:9/validate' },
      },
    });
    try {
      const res = await configured.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(res.headers['permissions-policy']).toContain('payment=(self "https://widget.cloudpayments.ru")');
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src']).toEqual([
        "'self'",
        'https://widget.cloudpayments.ru',
        'https://smartcaptcha.yandexcloud.net',
      ]);
      expect(csp['frame-src']).toEqual(['https://widget.cloudpayments.ru', 'https://smartcaptcha.yandexcloud.net']);
      expect(csp['connect-src']).toEqual([
        "'self'",
        'https://api.cloudpayments.ru',
        'https://smartcaptcha.yandexcloud.net',
      ]);
      // the widgets inject their own <style>s
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp['form-action']).toEqual(["'self'", 'https://shop.example.ru']);
      expect(csp['upgrade-insecure-requests']).toEqual([]);
    } finally {
      await configured.close();
    }
  });
});
