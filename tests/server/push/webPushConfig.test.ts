// VAPID_* and WEB_PUSH_TIMEOUT_MS (docs/PUSH.md): a key the server cannot use stops the start with
// a message naming the variable; the private key is never printed.
import { describe, expect, it } from 'vitest';
import { describeConfig, loadConfig, readConfig, redactedConfig } from '../../../server/config.js';

const PUBLIC = 'BPz-tVwM3e3WEsqnVYlGHLP17PCD_AklTHxZdJ8JV-XaMIyKchSDPUl5tSIMfO2a1oPtKsq8A0a9u9kTYKLGCYU';
const PRIVATE = '043WXyQQsjuAE5du4gWg-q3DaOc8TOcBIXJcdgLHD4E';
/** Another pair's public key. */
const OTHER_PUBLIC = 'BGB9G-RBbfXiSg7g0rp4iPs9j5Ki1EqkosjNGNJtK-rn-z5ox8Py3Tip5oXsRU5i2Ie06qi-cyVmBqcYGm8--mA';

const problemsOf = (env: Record<string, string>) => readConfig(env).problems;

describe('VAPID keys from the environment', () => {
  it('reads a matching pair, the subject and the timeout', () => {
    const config = loadConfig({
      VAPID_PUBLIC_KEY: PUBLIC,
      VAPID_PRIVATE_KEY: ` ${PRIVATE} `,
      VAPID_SUBJECT: 'mailto:push@shop.example',
      WEB_PUSH_TIMEOUT_MS: '2500',
    });
    expect(config.webPush).toEqual({
      vapid: { publicKey: PUBLIC, privateKey: PRIVATE },
      subject: 'mailto:push@shop.example',
      timeoutMs: 2500,
    });
  });

  it('without keys the pair comes from the database; the timeout defaults to 5 s', () => {
    expect(loadConfig({}).webPush).toEqual({ vapid: null, subject: null, timeoutMs: 5000 });
  });

  it('refuses an unreadable key naming the variable, never printing the private key', () => {
    expect(problemsOf({ VAPID_PUBLIC_KEY: 'not-a-key', VAPID_PRIVATE_KEY: PRIVATE })).toEqual([
      expect.stringMatching(/^VAPID_PUBLIC_KEY must be an uncompressed P-256 public key/),
    ]);
    const problems = problemsOf({ VAPID_PUBLIC_KEY: PUBLIC, VAPID_PRIVATE_KEY: 'c2hvcnQ' });
    expect(problems).toEqual([expect.stringMatching(/^VAPID_PRIVATE_KEY must be a P-256 private key/)]);
    expect(problems.join('\n')).not.toContain('c2hvcnQ');
  });

  it('refuses one key without the other', () => {
    expect(problemsOf({ VAPID_PUBLIC_KEY: PUBLIC })).toEqual([
      expect.stringMatching(/^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together, not only VAPID_PUBLIC_KEY/),
    ]);
    expect(problemsOf({ VAPID_PRIVATE_KEY: PRIVATE })).toEqual([expect.stringMatching(/not only VAPID_PRIVATE_KEY/)]);
  });

  it('refuses two keys that are not one pair', () => {
    expect(problemsOf({ VAPID_PUBLIC_KEY: OTHER_PUBLIC, VAPID_PRIVATE_KEY: PRIVATE })).toEqual([
      'VAPID_PUBLIC_KEY must be the public key of VAPID_PRIVATE_KEY: they are not one pair',
    ]);
  });

  it('refuses a subject that is neither mailto: nor https:, and a timeout out of range', () => {
    expect(problemsOf({ VAPID_SUBJECT: 'http://shop.example' })).toEqual([
      expect.stringMatching(/^VAPID_SUBJECT must be a mailto: address or an https:\/\/ URL/),
    ]);
    expect(problemsOf({ VAPID_SUBJECT: 'mailto:nobody' })).toHaveLength(1);
    expect(problemsOf({ WEB_PUSH_TIMEOUT_MS: '50' })).toEqual([expect.stringMatching(/^WEB_PUSH_TIMEOUT_MS must be/)]);
  });

  it('never prints the private key', () => {
    const env = { VAPID_PUBLIC_KEY: PUBLIC, VAPID_PRIVATE_KEY: PRIVATE };
    expect(JSON.stringify(redactedConfig(loadConfig(env)))).not.toContain(PRIVATE);
    const described = describeConfig(env);
    expect(described.text).toContain('VAPID_PRIVATE_KEY=*** (set)');
    expect(described.text).not.toContain(PRIVATE);
  });
});
