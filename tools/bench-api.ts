// `npm run bench:api`: HTTP throughput of the real server (node server/main.ts on PGlite in a
// temporary DATA_DIR, loopback only) with autocannon, 100 connections, ~10 s per case. Prints
// req/s and latency percentiles; asserts nothing (DESIGN "Testing": benchmarks print figures).
//
// Cases: GET /api/v1/catalog 200 (gzip) and 304 (If-None-Match), POST /api/v1/promo, POST
// /api/v1/order signed in (OTP code read from the sms_outbox table, a fresh Idempotency-Key per
// request; the temp database's restaurants are set open around the clock), then a check that
// the orders written equal the 2xx answers (none lost or doubled).
// Options (environment): BENCH_DURATION seconds per case (10), BENCH_CONNECTIONS (100),
// BENCH_CASES (comma-separated subset of catalog,promo,order; all by default), BENCH_NODE_ARGS
// (extra node options for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof').
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite } from '../server/db/database.js';

// autocannon ships no types: the part used here.
interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: CannonRequest, context: Record<string, unknown>) => CannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}
type Cannon = (options: {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: CannonRequest[];
  timeout?: number;
}) => Promise<CannonResult>;
const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as Cannon;

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const CASES = new Set((process.env.BENCH_CASES ?? 'catalog,promo,order').split(',').map((c) => c.trim()));
const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere.
 * On a shared machine req/s depends on what else runs; CPU per request much less.
 */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    if (pid === undefined) return null;
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    const perSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isFinite(ticks) && perSecond > 0 ? ticks / perSecond : null;
  } catch {
    return null;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(dataDir: string, clientDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...NODE_ARGS, '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, CLIENT_DIR: clientDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    const poll = setInterval(() => {
      if (output.includes(`Storefront: http://localhost:${port}`)) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Reads the PGlite DATA_DIR directly (the server must be stopped: one process per DATA_DIR). */
async function query<T extends Record<string, unknown>>(dataDir: string, text: ReturnType<typeof sql>): Promise<T[]> {
  const db = await openPglite(dataDir);
  try {
    const result = await db.run((x) => x.execute<T>(text));
    return result.rows as T[];
  } finally {
    await db.close();
  }
}

async function json(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { raw: text.slice(0, 200) };
  }
}

interface Row {
  name: string;
  result: CannonResult | null;
  note: string;
}

function format(rows: Row[]): string {
  const lines = ['| Case | req/s | p50 ms | p99 ms | 2xx | non-2xx | errors | note |', '|---|---:|---:|---:|---:|---:|---:|---|'];
  for (const { name, result, note } of rows) {
    if (!result) {
      lines.push(`| ${name} | – | – | – | – | – | – | ${note} |`);
      continue;
    }
    const codes = Object.entries(result.statusCodeStats ?? {})
      .map(([code, s]) => `${code}×${s.count}`)
      .join(' ');
    lines.push(
      `| ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result['2xx']} | ${result.non2xx} | ${result.errors + result.timeouts} | ${[codes, note].filter(Boolean).join('; ')} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html lang="ru"><body><div id="root"></div></body></html>');
  const rows: Row[] = [];
  const phone = '+79990001122';
  let server = await startServer(dataDir, clientDir);
  try {
    // Sign-in, part 1: request a code, then read it from sms_outbox (server stopped meanwhile).
    const codeAnswer = await fetch(`${server.url}/api/v1/auth/code`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone }) });
    const codeRequested = codeAnswer.ok;
    if (!codeRequested) console.error('auth/code:', codeAnswer.status, await json(codeAnswer));
    await server.stop();
    const outbox = codeRequested
      ? await query<{ text: string }>(dataDir, sql`select text from sms_outbox where phone = ${phone} order by created_at desc limit 1`).catch(() => [])
      : [];
    // Open around the clock in this throwaway database, so the order case does not depend on
    // the hour the benchmark runs at (orders outside working hours are refused).
    const allDay = JSON.stringify(Array.from({ length: 7 }, () => ({ open: '00:00', close: '00:01', isNextDay: true })));
    await query(dataDir, sql`update restaurants set hours = ${allDay}::jsonb`);
    const code = /(\d{6})/.exec(outbox[0]?.text ?? '')?.[1] ?? null;
    server = await startServer(dataDir, clientDir);

    let token: string | null = null;
    let userId: string | null = null;
    if (code) {
      const res = await fetch(`${server.url}/api/v1/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, code, name: 'Нагрузка', personalData: true }),
      });
      const answer = await json(res);
      if (res.ok && typeof answer.token === 'string') {
        token = answer.token;
        const user = answer.user as { id?: unknown } | undefined;
        userId = typeof user?.id === 'string' ? user.id : null;
      } else console.error('auth/token:', res.status, answer);
    }

    // GET /catalog: 200 gzip, then 304.
    const first = await fetch(`${server.url}/api/v1/catalog`, { headers: { 'accept-encoding': 'gzip' } });
    const etag = first.headers.get('etag');
    const catalog = await json(first);
    const run = (options: Omit<Parameters<Cannon>[0], 'url' | 'connections' | 'duration'>) =>
      autocannon({ url: server.url, connections: CONNECTIONS, duration: DURATION, timeout: 30, ...options });

    if (CASES.has('catalog')) {
      console.error(`GET /api/v1/catalog (gzip), ${CONNECTIONS} connections, ${DURATION} s…`);
      rows.push({
        name: 'GET /api/v1/catalog → 200, gzip',
        result: await run({ requests: [{ method: 'GET', path: '/api/v1/catalog', headers: { 'accept-encoding': 'gzip' } }] }),
        note: first.headers.get('content-encoding') === null ? 'answer not compressed' : `${first.headers.get('content-encoding')}`,
      });
      if (etag) {
        console.error('GET /api/v1/catalog (If-None-Match)…');
        rows.push({
          name: 'GET /api/v1/catalog → 304',
          result: await run({ requests: [{ method: 'GET', path: '/api/v1/catalog', headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } }] }),
          note: '',
        });
      } else rows.push({ name: 'GET /api/v1/catalog → 304', result: null, note: 'no ETag on the catalogue answer' });
    }

    // A cart of two products that exist in the seeded catalogue.
    const products = Array.isArray(catalog.products) ? (catalog.products as { id: string; name: string; code: string; price: number }[]) : [];
    const pickup = {
      cityId: 'city-angarsk',
      deliveryMethod: 'self',
      items: [{ productId: 'set-philadelphia', amount: 1, mods: [] }],
      deliveryTerminalId: 'dt-angarsk-2',
      paymentMethod: 'cash',
    };
    const promoItems = products.slice(0, 2).map((p) => ({ id: p.id, name: p.name, amount: 1, sum: p.price, code: p.code, modifiers: [] }));
    const total = promoItems.reduce((s, i) => s + i.sum, 0);
    const promoBody = JSON.stringify({
      coupon: null,
      fullPrice: total,
      notGiftsAndNotDeliveryTotal: total,
      cityId: 'city-angarsk',
      deliveryMethod: 'self',
      spendBonus: 0,
      customer: { phone, name: 'Нагрузка' },
      order: { phone, date: null, items: promoItems, address: null },
    });
    const promoCheck = await fetch(`${server.url}/api/v1/promo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: promoBody });
    if (!CASES.has('promo')) {
      // not asked for
    } else if (promoCheck.ok) {
      console.error('POST /api/v1/promo…');
      rows.push({
        name: 'POST /api/v1/promo (anonymous)',
        result: await run({ requests: [{ method: 'POST', path: '/api/v1/promo', headers: { 'content-type': 'application/json' }, body: promoBody }] }),
        note: '',
      });
    } else rows.push({ name: 'POST /api/v1/promo (anonymous)', result: null, note: `skipped: ${promoCheck.status} ${JSON.stringify(await json(promoCheck))}` });

    let orderResult: CannonResult | null = null;
    let clientShare = 0;
    let serverCpu: number | null = null;
    let orderNote = '';
    const answered = new Set<string>();
    if (!CASES.has('order')) {
      // not asked for
    } else if (token && userId) {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      const body = JSON.stringify(pickup);
      const probe = await fetch(`${server.url}/api/v1/order`, { method: 'POST', headers: { ...headers, 'idempotency-key': randomUUID() }, body });
      if (probe.ok) {
        console.error('POST /api/v1/order…');
        const clientCpu = process.cpuUsage();
        const serverCpuBefore = cpuSeconds(server.child.pid);
        orderResult = await run({
          requests: [
            {
              method: 'POST',
              path: '/api/v1/order',
              headers,
              body,
              // one request at a time per connection, so the connection's context holds its key
              setupRequest: (request, context) => {
                const key = randomUUID();
                context.key = key;
                return { ...request, headers: { ...headers, 'idempotency-key': key } };
              },
              onResponse: (status, _body, context) => {
                if (status >= 200 && status < 300 && typeof context.key === 'string') answered.add(context.key);
              },
            },
          ],
        });
        // How much of a core the load generator itself took (it shares the machine with the server).
        const used = process.cpuUsage(clientCpu);
        clientShare = (used.user + used.system) / 1e6 / DURATION;
        const serverCpuAfter = cpuSeconds(server.child.pid);
        if (serverCpuBefore !== null && serverCpuAfter !== null) serverCpu = serverCpuAfter - serverCpuBefore;
      } else orderNote = `skipped: ${probe.status} ${JSON.stringify(await json(probe))}`;
    } else orderNote = 'skipped: could not sign in';

    // SIGTERM lets the requests still in flight when autocannon stopped finish first.
    await server.stop();
    if (orderResult && userId) {
      // Every 2xx answer must have its order (none lost); orders must equal the keys that
      // completed (none doubled). Requests in flight at the end complete server-side unseen.
      const counted = await query<{ n: number }>(dataDir, sql`select count(*)::int as n from orders where user_id = ${userId}`);
      const keys = await query<{ key: string }>(
        dataDir,
        sql`select key from idempotency_keys where user_id = ${userId} and state = 'done' and response_status between 200 and 299`,
      );
      const done = new Set(keys.map((k) => k.key));
      const orders = (counted[0]?.n ?? 0) - 1; // minus the probe
      const completedKeys = done.size - 1;
      const lost = [...answered].filter((k) => !done.has(k)).length;
      const unseen = [...done].filter((k) => !answered.has(k)).length - 1;
      const ok = lost === 0 && orders === completedKeys && answered.size === orderResult['2xx'];
      orderNote =
        `2xx ${orderResult['2xx']}, orders written ${orders}, keys completed ${completedKeys}, ` +
        `2xx without an order ${lost}, finished after the client stopped ${unseen}: ${ok ? 'none lost or doubled' : 'MISMATCH'}; ` +
        `load generator ${Math.round(clientShare * 100)} % of a core` +
        (serverCpu !== null && orderResult['2xx'] > 0
          ? `; server CPU ${((serverCpu * 1000) / orderResult['2xx']).toFixed(1)} ms per answered order (${Math.round(orderResult['2xx'] / serverCpu)} per CPU-second)`
          : '');
    }
    if (CASES.has('order')) rows.push({ name: 'POST /api/v1/order (signed in, new Idempotency-Key each)', result: orderResult, note: orderNote });
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(clientDir, { recursive: true, force: true });
  }

  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`\nAPI benchmark, ${new Date().toISOString().slice(0, 10)}: ${cpu} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${os.platform()} ${os.release()}`);
  console.log(`PGlite in a temp DATA_DIR, loopback, autocannon ${CONNECTIONS} connections, ${DURATION} s per case.\n`);
  console.log(format(rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
