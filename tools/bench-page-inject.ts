// `npx tsx tools/bench-page-inject.ts`: the in-process cost of a cached server-rendered page
// (docs/SSR.md «Caching»): the demo chain on PGlite in production config, the built renderer,
// `app.inject` of one page sequentially (after a warm-up render), median and p90 per request.
// Load-independent enough to compare before/after on a shared machine; asserts nothing.
// Env: PAGE (/angarsk/catalog/pizza), REQUESTS (300), ACCEPT (text/html: a browser's navigation).
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
const REQUESTS = Number(process.env.REQUESTS ?? 300);
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
  const times: number[] = [];
  for (let i = 0; i < REQUESTS + 20; i++) {
    const start = performance.now();
    await app.inject({ method: 'GET', url: PAGE, headers });
    if (i >= 20) times.push(performance.now() - start);
  }
  if (session !== null && process.env.PROFILE !== undefined) {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(process.env.PROFILE, JSON.stringify(profile));
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => (times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? NaN).toFixed(2);
  console.log(
    `${PAGE} cached, ${REQUESTS} sequential app.inject: median ${at(0.5)} ms, p90 ${at(0.9)} ms ` +
      `(${first.rawPayload.length} B br; load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
  );
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
