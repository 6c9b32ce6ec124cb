// /sw.js is served from the root scope as JavaScript, revalidated on every update check, under the
// site's CSP (docs/PUSH.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers.js';

let server: TestServer;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-sw-'));
  fs.writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("push", () => undefined);');
  server = await createTestServer({ seed: false, config: { clientDir } });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('GET /sw.js', () => {
  it('answers the worker as JavaScript, no-cache, with the CSP', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript\b/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('push');
  });
});
