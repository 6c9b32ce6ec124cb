// `npm run bench:page`: the in-process cost of a cached server-rendered page (docs/SSR.md
// «Caching»): the demo chain on PGlite, the built renderer, `app.inject` of one page sequentially
// (after a warm-up render), median and p90 per request in wall and CPU time, for the page itself
// (brotli) and for its revalidation (If-None-Match → 304). The CPU median bounds what one core can
// answer (1,000 / ms per second, before sockets and TLS). Load-independent enough to compare
// before/after on a shared machine; asserts nothing.
// Env: PAGE (/angarsk/catalog/pizza), REQUESTS (300; BENCH_SMOKE=1: 20), ACCEPT (text/html: a
// browser's navigation), PROFILE (a .cpuprofile of the measured requests).
import { performance } from 'node:perf_hooks';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openPglite } from '../server/db/database';
import { seedDemoChain } from '../server/seed/index';
import { ensureClientBuilt, ROOT } from '../tests/e2e/harness';

const PAGE = process.env.PAGE ?? '/angarsk/catalog/pizza';
const REQUESTS = Number(process.env.REQUESTS ?? (process.env.BENCH_SMOKE === '1' ? 20 : 300));
const WARM_UP = 20;
const ACCEPT = process.env.ACCEPT ?? 'text/html,application/xhtml+xml';

async function main(): Promise<void> {
  await ensureClientBuilt();
  const db = await openPglite(null);
  await seedDemoChain(db);
  const app = await buildApp({
    config: { ...loadConfig({}), clientDir: path.join(ROOT, 'dist/client') },
    db,
    clock: { now: () => new Date() },
    push: { publish: async () => undefined },
    sms: { send: async () => undefined },
  });
  await app.ready();
  const headers = { 'accept-encoding': 'br, gzip', accept: ACCEPT };
  const first = await app.inject({ method: 'GET', url: PAGE, headers });
  if (first.statusCode !== 200 || first.headers['content-encoding'] !== 'br')
    throw new Error(`${PAGE}: ${first.statusCode} ${String(first.headers['content-encoding'])}`);
  // PROFILE=file.cpuprofile: a CPU profile of the measured requests only (not the seeding).
  const session = process.env.PROFILE === undefined ? null : new Session();
  session?.connect();
  await session?.post('Profiler.enable');
  await session?.post('Profiler.start');
  const etag = String(first.headers.etag);
  const cases: { name: string; headers: Record<string, string>; status: number }[] = [
    { name: '200 br', headers, status: 200 },
    { name: '304', headers: { ...headers, 'if-none-match': etag }, status: 304 },
  ];
  const at = (sorted: number[], p: number) =>
    (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN).toFixed(3);
  console.log(
    `${PAGE} cached (${first.rawPayload.length} B br), ${REQUESTS} sequential app.inject per case ` +
      `(${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
  );
  for (const c of cases) {
    const times: number[] = [];
    const cpuTimes: number[] = [];
    for (let i = 0; i < REQUESTS + WARM_UP; i++) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      const res = await app.inject({ method: 'GET', url: PAGE, headers: c.headers });
      const used = process.cpuUsage(cpu);
      if (res.statusCode !== c.status) throw new Error(`${PAGE} ${c.name}: ${res.statusCode}`);
      if (i >= WARM_UP) {
        times.push(performance.now() - start);
        cpuTimes.push((used.user + used.system) / 1000);
      }
    }
    times.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    const cpuMedian = Number(at(cpuTimes, 0.5));
    console.log(
      `  ${c.name.padEnd(7)} wall median ${at(times, 0.5)} ms, p90 ${at(times, 0.9)} ms; ` +
        `CPU median ${at(cpuTimes, 0.5)} ms, p90 ${at(cpuTimes, 0.9)} ms (≈ ${Math.round(1000 / cpuMedian)}/s a core)`,
    );
  }
  if (session !== null && process.env.PROFILE !== undefined) {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(process.env.PROFILE, JSON.stringify(profile));
  }
  await app.close();
  await db.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
