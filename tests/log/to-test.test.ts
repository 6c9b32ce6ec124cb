// `npm run replay -- FILE` on uploaded bug reports, and `--to-test NAME`: from a report to a
// regression test under tests/regressions/ in one command.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replayFinal, stateAt, type Log } from '../../src/log/log';
import { exportLog, parseLog, parseLogText } from '../../src/log/logCodec';
import { buildReport } from '../../src/views/app/bugReport';
import { generateCatalog, user as generatedUser } from '../../tools/gen-catalog';
import { generateEventLog } from '../../tools/gen-log';
import { parseArgs, runReplay } from '../../tools/replay';

const root = join(import.meta.dirname, '..', '..');
const log: Log = parseLog(
  JSON.parse(JSON.stringify(generateEventLog({ eventCount: 150, seed: 9, catalog: generateCatalog(20, 2) }))),
);
const report = buildReport({
  sessions: [log],
  appVersion: '0.1.0',
  storeVersion: '1',
  route: '/angarsk/cart',
  userAgent: 'test',
  now: '2026-11-23T05:00:00.000Z',
  error: { name: 'TypeError', message: 'x is undefined' },
});
const reportText = JSON.stringify(report);

function memoryIo(files: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const io = {
    readFile: (p: string) => {
      const text = files[p];
      if (text === undefined) throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' });
      return text;
    },
    stdout: (t: string) => void (stdout += t),
    stderr: (t: string) => void (stderr += t),
    writeFile: (p: string, t: string) => void (files[p] = t),
    exists: (p: string) => files[p] !== undefined,
    regressionsDir: 'regs',
  };
  return { io, out: () => stdout, err: () => stderr, files };
}

describe('replay on a bug report', () => {
  it("replays the report's log (the envelope is accepted like a bare log) and says what the report is on stderr", () => {
    const m = memoryIo({ 'report.json': reportText });
    expect(runReplay(['report.json'], m.io)).toBe(0);
    expect(JSON.parse(m.out())).toEqual(JSON.parse(JSON.stringify(replayFinal(parseLog(report.log)))));
    expect(m.err()).toContain(
      'bug report of 2026-11-23T05:00:00.000Z at /angarsk/cart (app 0.1.0, store 1; TypeError: x is undefined)',
    );
  });

  it("upcasts a version 1 log inside a report (an older client's upload) before replaying it", () => {
    const v1 = readFileSync(join(root, 'tests', 'fixtures', 'logs', 'v1-coupon.json'), 'utf8');
    const old = { ...report, log: JSON.parse(v1) as unknown };
    const m = memoryIo({ 'old.json': JSON.stringify(old), 'bare.json': v1 });
    expect(runReplay(['old.json'], m.io)).toBe(0);
    const fromReport: unknown = JSON.parse(m.out());
    const bare = memoryIo({ 'bare.json': v1 });
    expect(runReplay(['bare.json'], bare.io)).toBe(0);
    expect(fromReport).toEqual(JSON.parse(bare.out()));
    expect(JSON.parse(v1)).toMatchObject({ schemaVersion: 1 });
  });

  it('a broken envelope fails with exit code 1 and the path of the problem', () => {
    const m = memoryIo({ 'report.json': JSON.stringify({ ...report, createdAt: 'yesterday' }) });
    expect(runReplay(['report.json'], m.io)).toBe(1);
    expect(m.err()).toContain('createdAt');
  });
});

describe('--to-test NAME', () => {
  it('parses --to-test NAME and --force, and refuses them with --diff or --export', () => {
    expect(parseArgs(['r.json', '--to-test', 'bug-1'])).toMatchObject({ toTest: 'bug-1', force: false });
    expect(parseArgs(['r.json', '--to-test=bug-1', '--force', '--at', '7'])).toMatchObject({
      toTest: 'bug-1',
      force: true,
      at: 7,
    });
    for (const argv of [
      ['r.json', '--to-test'],
      ['r.json', '--to-test', 'x', '--diff'],
      ['r.json', '--force'],
    ]) {
      expect(runReplay(argv, memoryIo({}).io)).toBe(2);
    }
  });

  it('writes NAME.test.ts, the masked log and the expected final state; the written assertion holds today and fails on a corrected expectation', () => {
    const m = memoryIo({ 'report.json': reportText });
    expect(runReplay(['report.json', '--to-test', 'cart-bug'], m.io)).toBe(0);
    const test = m.files['regs/cart-bug.test.ts'] ?? '';
    const logText = m.files['regs/cart-bug.log.json'] ?? '';
    const expectedText = m.files['regs/cart-bug.expected.json'] ?? '';
    expect(test).toContain("parseLogText(fixture('./cart-bug.log.json'))");
    expect(test).toContain("JSON.parse(fixture('./cart-bug.expected.json'))");
    expect(test).toContain('toEqual(expected)');
    expect(m.out()).toContain('run: npx vitest run regs/cart-bug.test.ts');

    // What the generated test does:
    const replayed = JSON.parse(JSON.stringify(replayFinal(parseLogText(logText))));
    const expected: unknown = JSON.parse(expectedText);
    expect(replayed).toEqual(expected);
    // …and it fails once the expectation is edited to the state the app should have reached.
    const corrected = { ...replayed, cart: { ...replayed.cart, items: [] } };
    expect(replayed).not.toEqual(corrected);

    // The fixture is shareable: no full phone number, no token.
    expect(logText.replace(/\D/g, '')).not.toContain(generatedUser.phone.replace(/\D/g, '').slice(1));
    expect(logText).not.toContain('bench-token');
  });

  it('--at N cuts the log after the entry at position N', () => {
    const m = memoryIo({ 'report.json': reportText });
    expect(runReplay(['report.json', '--to-test', 'early', '--at', '20'], m.io)).toBe(0);
    const cut = parseLogText(m.files['regs/early.log.json'] ?? '');
    expect(cut.entries.at(-1)?.position).toBe(20);
    expect(JSON.parse(m.files['regs/early.expected.json'] ?? '')).toEqual(
      JSON.parse(JSON.stringify(stateAt(exportLog(parseLog(report.log)), 20))),
    );
    expect(
      runReplay(['report.json', '--to-test', 'nowhere', '--at', '99999'], memoryIo({ 'report.json': reportText }).io),
    ).toBe(1);
  });

  it('does not overwrite an existing test without --force, and rejects a NAME that is not a file name', () => {
    const m = memoryIo({ 'report.json': reportText, 'regs/taken.test.ts': '// mine' });
    expect(runReplay(['report.json', '--to-test', 'taken'], m.io)).toBe(1);
    expect(m.err()).toContain('already exist');
    expect(m.files['regs/taken.test.ts']).toBe('// mine');
    expect(runReplay(['report.json', '--to-test', 'taken', '--force'], m.io)).toBe(0);
    expect(m.files['regs/taken.test.ts']).not.toBe('// mine');
    const bad = memoryIo({ 'report.json': reportText });
    expect(runReplay(['report.json', '--to-test', '../escape'], bad.io)).toBe(1);
    expect(bad.err()).toContain('NAME of letters, digits');
  });

  it('the real CLI writes the three files under tests/regressions of the working directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'to-test-'));
    writeFileSync(join(dir, 'report.json'), reportText);
    // tsx by absolute URL: the working directory is the temp dir, which has no node_modules.
    const tsx = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
    const run = spawnSync(
      process.execPath,
      ['--import', tsx, join(root, 'tools', 'replay.ts'), 'report.json', '--to-test', 'from-cli'],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toContain('bug report of');
    expect(run.status).toBe(0);
    for (const f of ['from-cli.test.ts', 'from-cli.log.json', 'from-cli.expected.json'])
      expect(existsSync(join(dir, 'tests', 'regressions', f))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'tests', 'regressions', 'from-cli.expected.json'), 'utf8'))).toEqual(
      JSON.parse(JSON.stringify(replayFinal(parseLog(report.log)))),
    );
  });
});
