// `npm run replay`: replays a recorded event log or bug report.
// See docs/ARCHITECTURE.md «7. Tools: replay and benchmarks».
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LogFormatError, diffStates, replay, stateAt, type Log, type StateChange } from '../src/log/log';
import { exportLog } from '../src/log/logCodec';
import { initialState } from '../src/projections/store';
import { formatChangeLine, type ChangeLineWords } from '../src/views/admin/replay/changeLine';
import { readReportText, type ReadReport } from '../src/views/app/bugReport';
import { makeRegressionTest } from './to-test';

export const USAGE = 'usage: npm run replay -- FILE [--at N] [--diff] [--export] [--to-test NAME [--force]]';

export type ReplayArgs = {
  file: string;
  at: number | null;
  diff: boolean;
  export: boolean;
  toTest: string | null;
  force: boolean;
};

export class UsageError extends Error {}

export function parseArgs(argv: readonly string[]): ReplayArgs {
  let file: string | null = null;
  let at: number | null = null;
  let diff = false;
  let exporting = false;
  let toTest: string | null = null;
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--diff') diff = true;
    else if (arg === '--export') exporting = true;
    else if (arg === '--force') force = true;
    else if (arg === '--to-test' || arg?.startsWith('--to-test=')) {
      const value = arg === '--to-test' ? argv[++i] : arg.slice('--to-test='.length);
      if (value === undefined || value === '' || value.startsWith('-'))
        throw new UsageError('--to-test needs a test NAME');
      toTest = value;
    } else if (arg === '--at' || arg?.startsWith('--at=')) {
      const value = arg === '--at' ? argv[++i] : arg.slice('--at='.length);
      if (value === undefined || !/^\d+$/.test(value))
        throw new UsageError(`--at needs an entry position (a whole number), got ${value ?? 'nothing'}`);
      at = Number(value);
    } else if (arg === '--help' || arg === '-h') throw new UsageError(USAGE);
    else if (arg?.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else if (file === null && arg !== undefined) file = arg;
    else throw new UsageError(`unexpected argument ${arg ?? ''}`);
  }
  if (file === null) throw new UsageError('no log file given');
  if (exporting && (diff || at !== null)) throw new UsageError('--export takes no --at or --diff');
  if (toTest !== null && (diff || exporting)) throw new UsageError('--to-test takes no --diff or --export');
  if (force && toTest === null) throw new UsageError('--force only goes with --to-test');
  return { file, at, diff, export: exporting, toTest, force };
}

const CLI_WORDS: ChangeLineWords = { root: '(state)', removed: '-', was: 'was', maxValue: 100 };

export const formatChange = (change: StateChange): string => formatChangeLine(change, CLI_WORDS);

/** The --diff listing: one block per entry (up to position `upTo`). */
export function formatDiff(log: Log, upTo: number | null = null): string {
  const { states } = replay(log);
  const lines: string[] = [];
  if (log.snapshot) lines.push(`(from the snapshot at position ${log.snapshot.position})`);
  let previous = log.snapshot?.state ?? initialState;
  for (const [i, entry] of log.entries.entries()) {
    if (upTo !== null && entry.position > upTo) break;
    const state = states[i] ?? previous;
    const command = entry.command ? entry.command.type : '(no command)';
    const events = entry.events.length > 0 ? entry.events.map((e) => e.type).join(', ') : '(no events)';
    lines.push(`#${entry.position} ${entry.at} ${command} → ${events}`);
    const changes = diffStates(previous, state);
    if (changes.length === 0) lines.push('  (state unchanged)');
    for (const change of changes) lines.push(`  ${formatChange(change)}`);
    previous = state;
  }
  return `${lines.join('\n')}\n`;
}

export type Io = {
  readFile: (path: string) => string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Needed by --to-test only. */
  writeFile?: (path: string, text: string) => void;
  exists?: (path: string) => boolean;
  /** Where --to-test writes (default tests/regressions under the working directory). */
  regressionsDir?: string;
};

/** One line about a bug report's envelope (stderr), none for a bare log. */
export function describeReport(read: ReadReport): string {
  const r = read.report;
  if (r === null) return '';
  const error = r.error === null ? 'sent by hand' : `${r.error.name}: ${r.error.message.split('\n')[0] ?? ''}`;
  const earlier = read.earlierLogs.length > 0 ? `; ${read.earlierLogs.length} earlier page load(s) not replayed` : '';
  return `bug report of ${r.createdAt} at ${r.route} (app ${r.appVersion}, store ${r.storeVersion ?? '?'}; ${error})${earlier}\n`;
}

function writeRegression(args: ReplayArgs & { toTest: string }, log: Log, io: Io): number {
  const { writeFile, exists } = io;
  if (writeFile === undefined || exists === undefined) throw new Error('--to-test needs io.writeFile and io.exists');
  const out = makeRegressionTest({
    name: args.toTest,
    source: path.basename(args.file),
    log,
    at: args.at,
    dir: io.regressionsDir,
  });
  const taken = Object.values(out.files).filter((f) => exists(f));
  if (taken.length > 0 && !args.force) {
    io.stderr(
      `replay: ${taken.join(', ')} already exist${taken.length === 1 ? 's' : ''}; pick another NAME or add --force\n`,
    );
    return 1;
  }
  writeFile(out.files.log, out.contents.log);
  writeFile(out.files.expected, out.contents.expected);
  writeFile(out.files.test, out.contents.test);
  io.stdout(
    `wrote ${out.files.test}\n  with ${out.files.log} and ${out.files.expected}\nrun: npx vitest run ${out.files.test}\n`,
  );
  return 0;
}

/** Runs the CLI; returns the exit code. */
export function runReplay(argv: readonly string[], io: Io): number {
  let args: ReplayArgs;
  try {
    args = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(error.message === USAGE ? `${USAGE}\n` : `replay: ${error.message}\n${USAGE}\n`);
    return 2;
  }
  let text: string;
  try {
    text = io.readFile(args.file);
  } catch (error) {
    const reason =
      error instanceof Error && 'code' in error && error.code === 'ENOENT'
        ? 'no such file'
        : error instanceof Error
          ? error.message
          : String(error);
    io.stderr(`replay: cannot read ${args.file}: ${reason}\n`);
    return 1;
  }
  try {
    const read = readReportText(text);
    const log = read.log;
    const about = describeReport(read);
    if (about !== '') io.stderr(about);
    if (args.toTest !== null) return writeRegression({ ...args, toTest: args.toTest }, log, io);
    if (args.export) io.stdout(`${JSON.stringify(exportLog(log), null, 2)}\n`);
    else if (args.diff) io.stdout(formatDiff(log, args.at));
    else {
      const state = args.at === null ? replay(log).final : stateAt(log, args.at);
      io.stdout(`${JSON.stringify(state, null, 2)}\n`);
    }
    return 0;
  } catch (error) {
    if (
      error instanceof LogFormatError ||
      error instanceof RangeError ||
      (args.toTest !== null && error instanceof Error && error.message.startsWith('--to-test'))
    ) {
      io.stderr(`replay: ${args.file}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = runReplay(process.argv.slice(2), {
    readFile: (path) => readFileSync(path, 'utf8'),
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    writeFile: (file, text) => {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    },
    exists: (file) => existsSync(file),
  });
}
