// NODE_ENV=production with the offline stand-ins of a fresh machine (test payments, SMS outbox, no
// bot check, a localhost address) is not a shop: the real process refuses to start, saying why,
// before it opens the database or listens.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freePort, spawnServer, throwawayDirs } from './serverProcess.js';

describe('npm start with NODE_ENV=production', () => {
  const { dataDir, clientDir } = throwawayDirs('prod');

  it('refuses to start with the test stand-ins, naming each, and touches no data', async () => {
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      PORT: String(await freePort()),
      DATABASE_URL: '',
    };
    for (const name of ['PAYMENTS_PROVIDER', 'SMS_HTTP_URL', 'CAPTCHA_SECRET', 'PUBLIC_URL']) env[name] = '';
    const server = await spawnServer(env, { waitForListening: false });
    const { code } = await server.exited;
    expect(code).toBe(1);
    const output = server.output();
    expect(output).toContain('refusing to start with test stand-ins');
    for (const variable of ['PAYMENTS_PROVIDER=cloudpayments', 'SMS_HTTP_URL', 'CAPTCHA_SECRET', 'PUBLIC_URL'])
      expect(output).toContain(variable);
    expect(output).not.toContain('Storefront: http://localhost');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);
});
