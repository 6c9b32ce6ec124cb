// tools/replay.ts: argument parsing and output in process, and the real CLI spawned on fixture logs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replay, stateAt } from '../../src/log/log';
import { parseLog, parseLogText } from '../../src/log/logCodec';
import { formatDiff, parseArgs, runReplay } from '../../tools/replay';
import { generateEventLog } from '../../tools/gen-log';

const root = join(import.meta.dirname, '..', '..');
const fixtures = join(root, 'tests', 'fixtures', 'logs');
const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'tools', 'replay.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function inProcess(argv: string[], files: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const code = runReplay(argv, {
    readFile: (p) => {
      const text = files[p];
      if (text === undefined) throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' });
      return text;
    },
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
  });
  return { code, stdout, stderr };
}

describe('replay CLI arguments', () => {
  it('reads FILE, --at N (also --at=N) and --diff in any order', () => {
    expect(parseArgs(['a.json'])).toEqual({
      file: 'a.json',
      at: null,
      diff: false,
      export: false,
      toTest: null,
      force: false,
    });
    expect(parseArgs(['--diff', 'a.json', '--at', '12'])).toEqual({
      file: 'a.json',
      at: 12,
      diff: true,
      export: false,
      toTest: null,
      force: false,
    });
    expect(parseArgs(['a.json', '--at=3'])).toEqual({
      file: 'a.json',
      at: 3,
      diff: false,
      export: false,
      toTest: null,
      force: false,
    });
    expect(parseArgs(['a.json', '--export'])).toEqual({
      file: 'a.json',
      at: null,
      diff: false,
      export: true,
      toTest: null,
      force: false,
    });
  });

  it.each([
    [[]],
    [['--at', 'x', 'a.json']],
    [['a.json', '--export', '--diff']],
    [['a.json', 'b.json']],
    [['--verbose', 'a.json']],
    [['a.json', '--at']],
  ])('rejects %j with exit code 2 and the usage line', (argv) => {
    const out = inProcess(argv, {});
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('usage: npm run replay -- FILE [--at N] [--diff] [--export]');
  });
});

describe('replay CLI in process', () => {
  const log = generateEventLog({ eventCount: 300, seed: 5 });
  const text = JSON.stringify(log);

  it('prints the final state, the state at a position, and the per-entry diff', () => {
    const parsed = parseLogText(text);
    expect(JSON.parse(inProcess(['log.json'], { 'log.json': text }).stdout)).toEqual(
      JSON.parse(JSON.stringify(replay(parsed).final)),
    );
    expect(JSON.parse(inProcess(['log.json', '--at', '10'], { 'log.json': text }).stdout)).toEqual(
      JSON.parse(JSON.stringify(stateAt(parsed, 10))),
    );
    const diff = inProcess(['log.json', '--diff', '--at', '8'], { 'log.json': text });
    expect(diff.code).toBe(0);
    expect(diff.stdout).toBe(formatDiff(parsed, 8));
    expect(diff.stdout).toMatch(/^#1 2026-11-23T04:00:01\.000Z ApplySettings → SettingsLoaded\n {2}~ setting\./m);
    expect(diff.stdout).toMatch(
      /^#6 \S+ AddItem → ItemAdded, LineHighlighted\n {2}\+ cart\.items\[id=line-1\] = \{"id":"line-1"/m,
    );
    expect(diff.stdout).not.toContain('#9 ');
  });

  it('exits 1 with a clear message on a missing file, bad JSON, an invalid log or a position it lacks', () => {
    const files = {
      'bad.json': '{"schemaVersion": 2, "entries": [',
      'v9.json': '{"schemaVersion": 9}',
      'arr.json': '[1,2]',
      'log.json': text,
    };
    expect(inProcess(['nope.json'], files)).toMatchObject({
      code: 1,
      stderr: 'replay: cannot read nope.json: no such file\n',
    });
    expect(inProcess(['bad.json'], files)).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^replay: bad\.json: The file is not JSON/),
    });
    expect(inProcess(['v9.json'], files)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('schemaVersion 9, written by a newer app'),
    });
    expect(inProcess(['arr.json'], files)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Not an event log'),
    });
    expect(inProcess(['log.json', '--at', '99999'], files)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no position 99999'),
    });
  });
});

describe('replay CLI spawned', () => {
  it('on the recorded session fixture prints the state of in-process replay and of the live store', async () => {
    const { recordSession } = await import('../../tools/record-fixture');
    const file = join(fixtures, 'session.json');
    const out = cli(file);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const printed: unknown = JSON.parse(out.stdout);
    const fixture = parseLog(JSON.parse(readFileSync(file, 'utf8')));
    expect(printed).toEqual(roundTrip(replay(fixture).final));
    // If this fails after a change to the deciders or projections, regenerate: npx tsx tools/record-fixture.ts
    const live = recordSession();
    expect(printed).toEqual(roundTrip(live.state));
    expect(roundTrip(replay(live.log).final)).toEqual(roundTrip(live.state));
    const state = printed as { cart: { items: { quantity: number }[]; deliveryMethod: string; appliedCoupon: string } };
    expect(state.cart.deliveryMethod).toBe('delivery');
    expect(state.cart.appliedCoupon).toBe('SUSHI10');
  });

  it('--export prints the fixture redacted, still a valid log that replays', () => {
    const out = cli(join(fixtures, 'session.json'), '--export');
    expect(out.status).toBe(0);
    expect(out.stdout).not.toContain('fixture-token');
    expect(out.stdout).not.toContain('9991234567');
    const final = replay(parseLog(JSON.parse(out.stdout))).final;
    expect(final.user.profile).toMatchObject({ phone: '+7 (***) ***-**-67', name: 'И***' });
    expect(final.auth.token).toBe('[redacted]');
    expect(final.cart.items.map((l) => l.product.name)).toEqual(
      replay(parseLog(JSON.parse(readFileSync(join(fixtures, 'session.json'), 'utf8')))).final.cart.items.map(
        (l) => l.product.name,
      ),
    );
  });

  it('prints the state after entry N and the per-entry diff of the fixture', () => {
    const file = join(fixtures, 'session.json');
    const fixture = parseLog(JSON.parse(readFileSync(file, 'utf8')));
    const at = cli(file, '--at', '7');
    expect(at.status).toBe(0);
    expect(JSON.parse(at.stdout)).toEqual(roundTrip(stateAt(fixture, 7)));
    const diff = cli(file, '--diff');
    expect(diff.status).toBe(0);
    expect(diff.stdout).toBe(formatDiff(fixture));
    expect(diff.stdout).toMatch(/^#\d+ \S+ ChangeDeliveryMethod → DeliveryMethodChanged/m);
    expect(diff.stdout).toMatch(/^ {2}~ cart\.deliveryMethod: "delivery" → "self"$/m);
  });

  it('upcasts and replays a version 1 fixture', () => {
    const out = cli(join(fixtures, 'v1-coupon.json'));
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const expected = replay(parseLog(JSON.parse(readFileSync(join(fixtures, 'v1-coupon.json'), 'utf8')))).final;
    expect(JSON.parse(out.stdout)).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(JSON.parse(out.stdout).cart.appliedCoupon).toBe('SUSHI10');
  });

  it('exits 1 with the path of the problem on an invalid log file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    const file = join(dir, 'broken.json');
    writeFileSync(
      file,
      JSON.stringify({
        schemaVersion: 2,
        appVersion: '0.1.0',
        storeVersion: '1',
        entries: [{ position: 1, at: 'now', events: [] }],
      }),
    );
    const out = cli(file);
    expect(out.status).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain(`replay: ${file}: Invalid event log:`);
    expect(out.stderr).toContain('entries[0].at');
  });
});
