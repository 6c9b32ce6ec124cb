// From a recorded log to a regression test under tests/regressions/.
// See docs/ARCHITECTURE.md «7. Tools: replay and benchmarks».
import path from 'node:path';
import { replayFinal, type Log } from '../src/log/log';
import { exportLog } from '../src/log/logCodec';

export const REGRESSIONS_DIR = path.join('tests', 'regressions');
export const TEST_NAME = /^[a-z0-9][a-z0-9_-]{0,79}$/i;

export type RegressionFiles = { test: string; log: string; expected: string };

export function regressionPaths(dir: string, name: string): RegressionFiles {
  return {
    test: path.join(dir, `${name}.test.ts`),
    log: path.join(dir, `${name}.log.json`),
    expected: path.join(dir, `${name}.expected.json`),
  };
}

/** The entries up to and including position `at` (all of them for null). */
export function cutAt(log: Log, at: number | null): Log {
  if (at === null) return log;
  if (!log.entries.some((e) => e.position === at) && log.snapshot?.position !== at) {
    const first = log.snapshot?.position ?? log.entries[0]?.position;
    const last = log.entries.at(-1)?.position ?? log.snapshot?.position;
    throw new RangeError(
      `The log has no position ${at}${first === undefined ? '' : ` (it holds positions ${first}…${last ?? first})`}`,
    );
  }
  return { ...log, entries: log.entries.filter((e) => e.position <= at) };
}

export function testSource(name: string, source: string, log: Log): string {
  const last = log.entries.at(-1);
  const commands = log.entries.filter((e) => e.command !== undefined).length;
  return `// Regression test written by \`npm run replay -- ${source} --to-test ${name}\`.
// ${name}.log.json is the recorded log (phones and names masked, token hidden): app ${log.appVersion},
// store version ${log.storeVersion}, ${log.entries.length} entries (${commands} commands)${last ? `, the last at ${last.at}` : ''}.
// ${name}.expected.json is the state it replayed to when this test was written, i.e. what the
// customer saw. Edit it to the state the app should reach (or replace the assertion below): the
// test then fails until the bug is fixed. Inspect the log with
// \`npm run replay -- tests/regressions/${name}.log.json --diff\` or in /admin/reports.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { replayFinal } from '../../src/log/log';
import { parseLogText } from '../../src/log/logCodec';

const fixture = (file: string): string => readFileSync(new URL(file, import.meta.url), 'utf8');

it(${JSON.stringify(`${name}: the recorded log replays to the expected state`)}, () => {
  const log = parseLogText(fixture('./${name}.log.json'));
  const expected: unknown = JSON.parse(fixture('./${name}.expected.json'));
  expect(JSON.parse(JSON.stringify(replayFinal(log)))).toEqual(expected);
});
`;
}

export type RegressionOutput = { files: RegressionFiles; contents: Record<keyof RegressionFiles, string> };

/** The three files of a regression test for `log` (exported, cut at `at`). */
export function makeRegressionTest(options: {
  name: string;
  source: string;
  log: Log;
  at: number | null;
  dir?: string;
}): RegressionOutput {
  if (!TEST_NAME.test(options.name)) {
    throw new Error(`--to-test needs a NAME of letters, digits, '-' and '_' (got ${JSON.stringify(options.name)})`);
  }
  const log = exportLog(cutAt(options.log, options.at));
  const expected = replayFinal(log);
  return {
    files: regressionPaths(options.dir ?? REGRESSIONS_DIR, options.name),
    contents: {
      test: testSource(options.name, options.source, log),
      log: `${JSON.stringify(log, null, 2)}\n`,
      expected: `${JSON.stringify(expected, null, 2)}\n`,
    },
  };
}
