// The real process with settings it cannot read: it refuses before it opens the database or the
// port, naming every problem in one log line without a stack trace, and warns about near misses.
// `--check-config` prints the configuration and exits 0 or 1 without starting.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freePort, spawnServer, throwawayDirs } from './serverProcess.js';

describe('npm start with settings the schema cannot read', () => {
  const { dataDir, clientDir } = throwawayDirs('config');
  const base = { DATA_DIR: dataDir, CLIENT_DIR: clientDir, DATABASE_URL: '' };

  it('refuses to start, naming each variable and value (secrets masked), and touches no data', async () => {
    const server = await spawnServer(
      {
        ...base,
        PORT: 'abc',
        TRUST_PROXY: 'maybe',
        LOG_LEVEL: 'verbose',
        PAYMENTS_PROVIDER: 'cloudpaymnets',
        CAPTCHA_PROVIDER: 'recapcha',
        PG_POOL_SIZE: 'abc',
        ADMIN_PASSWORD: 'short-pw',
        TRUSTPROXY: 'true',
      },
      { waitForListening: false },
    );
    const { code } = await server.exited;
    const output = server.output();
    expect(code).toBe(1);
    const refusal = output.split('\n').find((line) => line.includes('refusing to start with settings it cannot read'));
    expect(refusal).toBeDefined();
    const { problems } = JSON.parse(refusal ?? '{}') as { problems: string[] };
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      'PORT',
      'PG_POOL_SIZE',
      'TRUST_PROXY',
      'ADMIN_PASSWORD',
      'PAYMENTS_PROVIDER',
      'CAPTCHA_PROVIDER',
      'LOG_LEVEL',
    ]);
    expect(problems).toContain('PORT must be a port number from 1 to 65535, not "abc"');
    expect(output).not.toContain('short-pw');
    expect(output).not.toMatch(/\n\s+at /); // no stack trace
    expect(output).toContain('TRUSTPROXY is not a setting the server reads: did you mean TRUST_PROXY?');
    expect(output).not.toContain('Storefront: http://localhost');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it('--check-config prints the configuration with secrets masked and exits 0, without the database or the port', async () => {
    const port = await freePort();
    const server = await spawnServer(
      {
        ...base,
        PORT: String(port),
        TRUST_PROXY: '10.0.0.0/8',
        SMS_HTTP_URL: 'https://smsc.example/send.php',
        SMS_PASSWORD: 'sms-pass-456',
      },
      { waitForListening: false, args: ['--check-config'] },
    );
    const { code } = await server.exited;
    const output = server.output();
    expect(code).toBe(0);
    expect(output).toContain(`PORT=${port}`);
    expect(output).toContain('TRUST_PROXY=10.0.0.0/8');
    expect(output).toContain('SMS_PASSWORD=*** (set)');
    expect(output).not.toContain('sms-pass-456');
    expect(output).toContain('The server would start with this configuration.');
    expect(output).not.toContain('Storefront: http://localhost');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it('--check-config exits 1 with what the start would refuse', async () => {
    const server = await spawnServer(
      { ...base, PORT: String(await freePort()), LOG_LEVEL: 'verbose' },
      { waitForListening: false, args: ['--check-config'] },
    );
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "verbose"',
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);
});
