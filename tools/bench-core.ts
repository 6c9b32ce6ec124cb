// `npm run bench:core`: client core replay and dispatch benchmark; prints, asserts nothing.
// See docs/ARCHITECTURE.md «7. Tools: replay and benchmarks».
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import type { AppCommand } from '../src/commands';
import { createStore } from '../src/commands/bus';
import { decide } from '../src/commands/decide';
import { replay, replayFinal } from '../src/log/log';
import { parseLog } from '../src/log/logCodec';
import {
  CITY_ID,
  GROUP_IDS,
  SIZE_MODS,
  city,
  generateCatalog,
  generateSettings,
  random,
  sellable,
  user,
} from './gen-catalog';
import { countEvents, generateEventLog } from './gen-log';
import { fixedDeps } from './record-fixture';

const SMOKE = process.env.BENCH_SMOKE === '1';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const quantile = (sorted: readonly number[], q: number): number => {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] ?? NaN;
};
const ms = (x: number) => `${x.toFixed(x < 10 ? 3 : 1)} ms`;
const time = <T>(fn: () => T): [T, number] => {
  const t0 = performance.now();
  const value = fn();
  return [value, performance.now() - t0];
};
/** This process's CPU time in ms (user + system): unlike wall time, it leaves out the time other
 * processes had the cores, which matters on a shared 2-core machine. */
const cpuMs = (since: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

function machine(): string {
  let model = 'unknown CPU';
  try {
    model = execSync("lscpu | grep 'Model name'", { encoding: 'utf8' })
      .replace(/^Model name:\s*/m, '')
      .trim();
  } catch {
    model = cpus()[0]?.model ?? model;
  }
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `${model}, ${cpus().length} cores, node ${process.version}, NODE_ENV=${process.env.NODE_ENV ?? '(unset)'}, load average ${load}`;
}

function benchReplay(eventCount: number, runs: number): void {
  const catalog = generateCatalog(1000, 42);
  const [raw, genMs] = time(() => JSON.stringify(generateEventLog({ eventCount, seed: 7, catalog })));
  const [log, parseMs] = time(() => parseLog(JSON.parse(raw)));
  console.log(
    `(a) replay: ${countEvents(log)} events in ${log.entries.length} entries, ${(raw.length / 1e6).toFixed(1)} MB of JSON`,
  );
  console.log(`    generate ${ms(genMs)}, JSON.parse + parseLog (upcast + zod) ${ms(parseMs)}`);
  replayFinal(log); // warm-up
  const times: number[] = [];
  const cpu: number[] = [];
  let lines = 0;
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const [state, t] = time(() => replayFinal(log));
    cpu.push(cpuMs(c0));
    times.push(t);
    lines = state.cart.items.length;
  }
  times.sort((x, y) => x - y);
  cpu.sort((x, y) => x - y);
  console.log(
    `    replayFinal (one batched evolveAll): median ${ms(quantile(times, 0.5))}, best ${ms(times[0] ?? NaN)}, worst ${ms(times.at(-1) ?? NaN)} over ${runs} runs (final cart: ${lines} lines)`,
  );
  console.log(`    replayFinal CPU time: median ${ms(quantile(cpu, 0.5))}, best ${ms(cpu[0] ?? NaN)}`);
  const [, perEntry] = time(() => replay(log));
  console.log(`    replay (evolveAll per entry, keeps every state): ${ms(perEntry)}`);
}

function benchDispatch(dispatches: number): void {
  const catalog = generateCatalog(1000, 42);
  const products = sellable(catalog);
  const store = createStore({ decide, deps: fixedDeps() });
  const settings = generateSettings('1');
  store.dispatch({ type: 'ApplySettings', data: { settings } });
  store.dispatch({ type: 'ApplyCities', data: { cities: [city] } });
  store.dispatch({ type: 'StartSession', data: { cityCookie: CITY_ID, citySelectedCookie: 'true' } });
  store.dispatch({ type: 'ApplyCatalog', data: { catalog, version: '1' } });
  store.dispatch({ type: 'CompleteSignIn', data: { token: 'bench-token', user } });

  const r = random(99);
  const goodsLines = () => store.getState().cart.items.filter((l) => !l.isGift && !l.isHidden);
  const next = (): AppCommand => {
    const lines = goodsLines();
    const roll = r.float();
    if (lines.length === 0 || (roll < 0.45 && lines.length < 30)) {
      const product = r.pick(products);
      const mods =
        product.groupModifiers.length > 0
          ? [{ id: r.float() < 0.5 ? SIZE_MODS[0] : SIZE_MODS[1], amount: 1, groupId: GROUP_IDS.sizes }]
          : undefined;
      return { type: 'AddItem', data: { productId: product.id, ...(mods ? { mods } : {}), quantity: r.int(1, 2) } };
    }
    if (roll < 0.85) {
      const line = r.pick(lines);
      // a quarter of the changes take the line to 0, which removes it (keeps the cart realistic)
      const quantity = r.float() < 0.25 ? 0 : r.int(1, Math.max(1, line.product.maxPerPositionInOrder || 9));
      return { type: 'ChangeQuantity', data: { lineId: line.id, quantity } };
    }
    return {
      type: 'ApplyPromoResult',
      data: {
        response: {
          freeProducts: [],
          discountTotal: r.int(0, 30) * 10,
          lostGift: [],
          loyaltyProgramErrors: [],
          allowedBonus: r.int(0, 10) * 10,
        },
      },
    };
  };

  const cpu: number[] = [];
  const run = (count: number, record: number[] | null, kinds: Map<string, number[]>) => {
    for (let i = 0; i < count; i++) {
      const command = next();
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      store.dispatch(command);
      const t = performance.now() - t0;
      const c = cpuMs(c0);
      if (record) {
        cpu.push(c);
        record.push(t);
        const list = kinds.get(command.type) ?? [];
        list.push(t);
        kinds.set(command.type, list);
      }
    }
  };
  run(1000, null, new Map()); // warm-up
  const times: number[] = [];
  const kinds = new Map<string, number[]>();
  const [, total] = time(() => run(dispatches, times, kinds));
  times.sort((x, y) => x - y);
  console.log(`(b) dispatch: ${dispatches} commands through createStore (after 1,000 warm-up), ${ms(total)} in all`);
  cpu.sort((x, y) => x - y);
  console.log(
    `    wall time: median ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}, p99 ${ms(quantile(times, 0.99))}, max ${ms(times.at(-1) ?? NaN)}`,
  );
  console.log(
    `    CPU time:  median ${ms(quantile(cpu, 0.5))}, p95 ${ms(quantile(cpu, 0.95))}, p99 ${ms(quantile(cpu, 0.99))}, max ${ms(cpu.at(-1) ?? NaN)}`,
  );
  for (const [type, list] of [...kinds].sort()) {
    list.sort((x, y) => x - y);
    console.log(
      `    ${type.padEnd(16)} n=${String(list.length).padStart(5)}  wall median ${ms(quantile(list, 0.5))}, p99 ${ms(quantile(list, 0.99))}`,
    );
  }
  // A digest of the final state: a change to the store that alters behaviour shows up here.
  const digest = createHash('sha256').update(JSON.stringify(store.getState())).digest('hex').slice(0, 12);
  console.log(
    `    final cart: ${store.getState().cart.items.length} lines, log: ${store.entries().length} entries, state digest ${digest}`,
  );
}

console.log(`Client core benchmark, ${new Date().toISOString()}`);
console.log(machine());
const only = process.argv[process.argv.indexOf('--only') + 1];
if (only !== 'dispatch') benchReplay(option('events', SMOKE ? 10_000 : 100_000), option('runs', SMOKE ? 1 : 5));
if (only !== 'replay') benchDispatch(option('dispatches', SMOKE ? 1_000 : 10_000));
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
