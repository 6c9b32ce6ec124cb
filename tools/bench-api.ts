// `npm run bench:api`: HTTP throughput of the real server in production mode.
// See docs/ARCHITECTURE.md «7. Tools: replay and benchmarks».
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../server/db/database.js';
import { users } from '../server/db/schema/customers.js';
import { seedDemoChain } from '../server/seed/index.js';
import { createSession } from '../server/services/sessions.js';
import { prepareBenchDatabase, startProductionFakes, type ProductionFakes } from './bench-production.js';

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
  /** Several URLs: connections are dealt round-robin over them. */
  url: string | string[];
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

const SMOKE = process.env.BENCH_SMOKE === '1';
const PG = process.env.BENCH_PG === '1';
const CAPTCHA = process.env.BENCH_CAPTCHA !== '0';
const DURATION = Number(process.env.BENCH_DURATION ?? (SMOKE ? 1 : 10));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? (SMOKE ? 10 : 100));
/**
 * Customers placing the orders. One customer's orders take turns on its row lock (place.ts), so
 * one customer measures that lock rather than the server; real load comes from many customers.
 * The first signs in through the OTP flow, the others get sessions seeded before the start.
 */
const CUSTOMERS = Math.max(1, Number(process.env.BENCH_CUSTOMERS ?? (SMOKE ? 2 : 100)));
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const CASES = new Set(
  (process.env.BENCH_CASES ?? (PG ? 'order' : 'catalog,page,promo,order')).split(',').map((c) => c.trim()),
);
/** Two processes show that orders stay exactly-once across processes sharing one PostgreSQL. */
const PROCESSES = PG ? 2 : 1;
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

/** The CPU seconds of each of these processes that /proc can read. */
function cpuByPid(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    const c = cpuSeconds(pid);
    if (c !== null) out.set(pid, c);
  }
  return out;
}

/** Each server's CPU seconds so far; null when any cannot be read. */
function serversCpu(servers: Server[]): number[] | null {
  const each: number[] = [];
  for (const s of servers) {
    const c = cpuSeconds(s.child.pid);
    if (c === null) return null;
    each.push(c);
  }
  return each;
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

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...NODE_ARGS, '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    // no load balancer to drain for: SIGTERM closes at once, still finishing requests in flight
    env: { ...process.env, SHUTDOWN_GRACE_S: '0', ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
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
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, child, stop };
}

/** Where the benchmark's data lives, and how this process reaches it. */
interface Backend {
  description: string;
  /** Environment of each server process (DATABASE_URL, DATA_DIR). */
  serverEnv: Record<string, string>[];
  /**
   * The PostgreSQL server's processes (backends of every connection, background workers), when
   * they run on this machine and /proc can read them: their CPU is the order's too.
   */
  databasePids?(): Promise<number[]>;
  /** The database from this process: for PGlite only while no server runs (one process per DATA_DIR). */
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

function pgliteBackend(): Backend {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
  return {
    description: 'PGlite in a temp DATA_DIR, one process',
    serverEnv: [{ DATA_DIR: dataDir, DATABASE_URL: '' }],
    open: () => openPglite(dataDir),
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A database of its own on the PostgreSQL server at TEST_DATABASE_URL, dropped afterwards. */
async function postgresBackend(): Promise<Backend> {
  const baseUrl = process.env.TEST_DATABASE_URL ?? '';
  if (baseUrl === '')
    throw new Error(
      'BENCH_PG=1 needs TEST_DATABASE_URL (a PostgreSQL server it may create a database on): run `npm run bench:api:pg`',
    );
  const name = `storefront_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const version = (await admin.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? '?';
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const dataDirs = Array.from({ length: PROCESSES }, () => fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-')));
  return {
    description: `PostgreSQL ${version} (throwaway, on loopback), ${PROCESSES} server processes, PG_POOL_SIZE ${process.env.PG_POOL_SIZE ?? 10} each`,
    serverEnv: dataDirs.map((dir) => ({ DATA_DIR: dir, DATABASE_URL: url.toString() })),
    open: () => openPostgres(url.toString()),
    databasePids: async () => {
      const rows = (await admin.query<{ pid: number }>('select pid from pg_stat_activity')).rows;
      return rows.map((r) => r.pid).filter((pid) => fs.existsSync(`/proc/${pid}/stat`));
    },
    cleanup: async () => {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
        for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

async function withDatabase<T>(backend: Backend, fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await backend.open();
  try {
    return await fn(db);
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
  const lines = [
    '| Case | req/s | p50 ms | p99 ms | 2xx | non-2xx | errors | note |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  ];
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

/** Server CPU per answered order, and with several processes how the work split between them. */
function cpuNote(each: number[], answered: number): string {
  const total = each.reduce((a, b) => a + b, 0);
  const split =
    each.length > 1 && total > 0
      ? ` (${each.map((c) => `${Math.round((c / total) * 100)} %`).join(' / ')} by process)`
      : '';
  return `server CPU ${((total * 1000) / answered).toFixed(1)} ms per answered order${split}, ${Math.round(answered / total)} per CPU-second`;
}

type Run = (options: Omit<Parameters<Cannon>[0], 'url' | 'connections' | 'duration'>) => Promise<CannonResult>;

/**
 * GET /catalog/pizza, a server-rendered page (docs/SSR.md): served from the render cached for
 * the data version, brotli, then 304 on its ETag. No answer of the expected status is a problem.
 */
async function pageCases(url: string, run: Run, problems: string[]): Promise<Row[]> {
  const path = '/angarsk/catalog/pizza';
  const first = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'br' } });
  const etag = first.headers.get('etag');
  if (!first.ok || !(await first.text()).includes('storefront-state')) {
    problems.push(`page: ${path} answered ${first.status} without a rendered page (is dist/server built?)`);
    return [{ name: `GET ${path} → 200, br`, result: null, note: 'not server-rendered' }];
  }
  console.error(`GET ${path} (br), ${CONNECTIONS} connections, ${DURATION} s…`);
  const rendered = await run({ requests: [{ method: 'GET', path, headers: { 'accept-encoding': 'br' } }] });
  if (rendered['2xx'] === 0) problems.push('page 200: no answer');
  const rows: Row[] = [{ name: `GET ${path} → 200, br (cached render)`, result: rendered, note: '' }];
  if (etag === null) {
    problems.push('page 304: no ETag on the page');
    return rows;
  }
  const notModified = await run({
    requests: [{ method: 'GET', path, headers: { 'accept-encoding': 'br', 'if-none-match': etag } }],
  });
  if ((notModified.statusCodeStats?.['304']?.count ?? 0) === 0) problems.push('page 304: no answer');
  rows.push({ name: `GET ${path} → 304`, result: notModified, note: '' });
  return rows;
}

/** Signs the benchmark's customer in through the OTP flow on `url`; the code comes from the fake SMS gateway. */
async function signIn(url: string, phone: string, fakes: ProductionFakes): Promise<{ token: string; userId: string }> {
  const post = (route: string, body: unknown) =>
    fetch(`${url}/api/v1/auth/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const codeAnswer = await post('code', { phone, captchaToken: fakes.captchaToken() });
  if (!codeAnswer.ok) throw new Error(`auth/code: ${codeAnswer.status} ${JSON.stringify(await json(codeAnswer))}`);
  const code = await fakes.signInCode(phone);
  if (code === null) throw new Error('auth/code: no code reached the fake SMS gateway');
  const res = await post('token', { phone, code, name: 'Нагрузка', personalData: true });
  const answer = await json(res);
  const user = answer.user as { id?: unknown } | undefined;
  if (!res.ok || typeof answer.token !== 'string' || typeof user?.id !== 'string')
    throw new Error(`auth/token: ${res.status} ${JSON.stringify(answer)}`);
  return { token: answer.token, userId: user.id };
}

/** Customers with a session each, written before the server starts (the OTP flow is shown by the first). */
async function seedCustomers(db: Database, count: number): Promise<{ token: string; userId: string }[]> {
  const now = new Date();
  const out: { token: string; userId: string }[] = [];
  for (let i = 0; i < count; i++) {
    const userId = randomUUID();
    const phone = `+7999${String(2000000 + i).padStart(7, '0')}`;
    const token = await db.transaction(async (tx) => {
      await tx.insert(users).values({ id: userId, phone, name: 'Нагрузка', personalData: true });
      return createSession(tx, userId, now);
    });
    out.push({ token, userId });
  }
  return out;
}

async function main(): Promise<number> {
  const benchRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
  const clientDir = path.join(benchRoot, 'client');
  fs.mkdirSync(clientDir);
  // Pages are rendered by the SSR build found beside the client directory (docs/SSR.md).
  const ssrBuild = path.resolve(import.meta.dirname, '../dist/server');
  if (fs.existsSync(ssrBuild)) fs.symlinkSync(ssrBuild, path.join(benchRoot, 'server'), 'dir');
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="ru"><body><div id="root"></div></body></html>',
  );
  const rows: Row[] = [];
  /** What kept the benchmark from measuring (a skipped case, a lost or doubled order): exit 1. */
  const problems: string[] = [];
  const phone = '+79990001122';
  const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const loadAtStart = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const fakes = await startProductionFakes();
  let backend: Backend | null = null;
  let servers: Server[] = [];
  try {
    backend = PG ? await postgresBackend() : pgliteBackend();
    // Seeded here rather than by the server, so the benchmark's settings are in before it starts.
    const seeded = await withDatabase(backend, async (db) => {
      await seedDemoChain(db);
      await prepareBenchDatabase(db, { captcha: CAPTCHA });
      return seedCustomers(db, CUSTOMERS - 1);
    });
    console.error(`starting ${PROCESSES} server process(es), NODE_ENV=production against local fakes…`);
    // allSettled: when one process fails to start, the other is still stopped in `finally`
    const starts = await Promise.allSettled(
      backend.serverEnv.map((env) => startServer({ ...fakes.env, ...env, CLIENT_DIR: clientDir })),
    );
    servers = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    for (const s of starts) if (s.status === 'rejected') throw s.reason;
    const urls = servers.map((s) => s.url);
    const first = urls[0] ?? '';

    const signedIn = await signIn(first, phone, fakes);
    const customers = [signedIn, ...seeded];
    const userIds = customers.map((c) => c.userId);

    // GET /catalog: 200 gzip, then 304.
    const catalogAnswer = await fetch(`${first}/api/v1/catalog`, { headers: { 'accept-encoding': 'gzip' } });
    const etag = catalogAnswer.headers.get('etag');
    const catalog = await json(catalogAnswer);
    const run = (options: Omit<Parameters<Cannon>[0], 'url' | 'connections' | 'duration'>) =>
      autocannon({
        url: urls.length === 1 ? first : urls,
        connections: CONNECTIONS,
        duration: DURATION,
        timeout: 30,
        ...options,
      });
    const expectAnswers = (name: string, result: CannonResult, count: number) => {
      if (count === 0) problems.push(`${name}: no answer of the expected status`);
      return result;
    };

    if (CASES.has('page')) rows.push(...(await pageCases(first, run, problems)));

    if (CASES.has('catalog')) {
      console.error(`GET /api/v1/catalog (gzip), ${CONNECTIONS} connections, ${DURATION} s…`);
      const result = await run({
        requests: [{ method: 'GET', path: '/api/v1/catalog', headers: { 'accept-encoding': 'gzip' } }],
      });
      rows.push({
        name: 'GET /api/v1/catalog → 200, gzip',
        result: expectAnswers('catalog 200', result, result['2xx']),
        note:
          catalogAnswer.headers.get('content-encoding') === null
            ? 'answer not compressed'
            : `${catalogAnswer.headers.get('content-encoding')}`,
      });
      if (etag) {
        console.error('GET /api/v1/catalog (If-None-Match)…');
        const notModified = await run({
          requests: [
            { method: 'GET', path: '/api/v1/catalog', headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } },
          ],
        });
        rows.push({
          name: 'GET /api/v1/catalog → 304',
          result: expectAnswers('catalog 304', notModified, notModified.statusCodeStats?.['304']?.count ?? 0),
          note: '',
        });
      } else {
        rows.push({ name: 'GET /api/v1/catalog → 304', result: null, note: 'no ETag on the catalogue answer' });
        problems.push('catalog 304: no ETag on the catalogue answer');
      }
    }

    // A cart of two products that exist in the seeded catalogue.
    const products = Array.isArray(catalog.products)
      ? (catalog.products as { id: string; name: string; code: string; price: number }[])
      : [];
    const pickup = {
      cityId: 'city-angarsk',
      deliveryMethod: 'self',
      items: [{ productId: 'set-philadelphia', amount: 1, mods: [] }],
      deliveryTerminalId: 'dt-angarsk-2',
      paymentMethod: 'cash',
    };
    const promoItems = products
      .slice(0, 2)
      .map((p) => ({ id: p.id, name: p.name, amount: 1, sum: p.price, code: p.code, modifiers: [] }));
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
    if (CASES.has('promo')) {
      const promoCheck = await fetch(`${first}/api/v1/promo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: promoBody,
      });
      if (promoCheck.ok) {
        console.error('POST /api/v1/promo…');
        const result = await run({
          requests: [
            { method: 'POST', path: '/api/v1/promo', headers: { 'content-type': 'application/json' }, body: promoBody },
          ],
        });
        rows.push({
          name: 'POST /api/v1/promo (anonymous)',
          result: expectAnswers('promo', result, result['2xx']),
          note: '',
        });
      } else {
        const note = `skipped: ${promoCheck.status} ${JSON.stringify(await json(promoCheck))}`;
        rows.push({ name: 'POST /api/v1/promo (anonymous)', result: null, note });
        problems.push(`promo ${note}`);
      }
    }

    let orderResult: CannonResult | null = null;
    let clientShare = 0;
    let serverCpu: number[] | null = null;
    let databaseCpu: number | null = null;
    let orderNote = '';
    let probes = 0;
    let checksBefore = 0;
    const answered = new Set<string>();
    if (CASES.has('order')) {
      const headersOf = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });
      const headers = headersOf(signedIn.token);
      let dealt = 0;
      const order = (captchaToken: string | null) => JSON.stringify({ ...pickup, captchaToken });
      // One order through each process first: the case runs only when every process takes orders.
      let refused = '';
      for (const url of urls) {
        const probe = await fetch(`${url}/api/v1/order`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': randomUUID() },
          body: order(fakes.captchaToken()),
        });
        if (probe.ok) probes += 1;
        else refused ||= `${probe.status} ${JSON.stringify(await json(probe))}`;
      }
      if (refused === '') {
        console.error(`POST /api/v1/order over ${urls.length} process(es)…`);
        checksBefore = fakes.captchaChecks();
        const clientCpu = process.cpuUsage();
        const serverCpuBefore = serversCpu(servers);
        const databaseCpuBefore = backend.databasePids ? cpuByPid(await backend.databasePids()) : null;
        orderResult = await run({
          requests: [
            {
              method: 'POST',
              path: '/api/v1/order',
              headers,
              // one request at a time per connection, so the connection's context holds its key
              setupRequest: (request, context) => {
                const key = randomUUID();
                context.key = key;
                // each connection orders as one customer, dealt round-robin
                if (typeof context.token !== 'string') context.token = customers[dealt++ % customers.length]?.token;
                const token = typeof context.token === 'string' ? context.token : signedIn.token;
                return {
                  ...request,
                  headers: { ...headersOf(token), 'idempotency-key': key },
                  body: order(fakes.captchaToken()),
                };
              },
              onResponse: (status, _body, context) => {
                if (status >= 200 && status < 300 && typeof context.key === 'string') answered.add(context.key);
              },
            },
          ],
        });
        // How much of a core the load generator itself took (it shares the machine with the
        // server; it also runs the fake captcha that checks every order's token).
        const used = process.cpuUsage(clientCpu);
        clientShare = (used.user + used.system) / 1e6 / DURATION;
        const serverCpuAfter = serversCpu(servers);
        // backends the pools opened during the run count from 0
        const databaseCpuAfter = backend.databasePids ? cpuByPid(await backend.databasePids()) : null;
        if (databaseCpuBefore !== null && databaseCpuAfter !== null)
          databaseCpu = [...databaseCpuAfter].reduce((sum, [pid, c]) => sum + c - (databaseCpuBefore.get(pid) ?? 0), 0);
        if (serverCpuBefore !== null && serverCpuAfter !== null)
          serverCpu = serverCpuAfter.map((after, i) => after - (serverCpuBefore[i] ?? 0));
      } else {
        orderNote = `skipped: ${refused}`;
        problems.push(`order ${orderNote}`);
      }
    }

    // SIGTERM lets the requests still in flight when autocannon stopped finish first.
    await Promise.all(servers.map((s) => s.stop()));
    if (orderResult) {
      // Every 2xx answer must have its order (none lost); orders must equal the keys that
      // completed (none doubled). Requests in flight at the end complete server-side unseen.
      const [counted, keys] = await withDatabase(backend, async (db) => [
        (
          await db.run((x) =>
            x.execute<{ n: number }>(sql`select count(*)::int as n from orders where user_id in ${userIds}`),
          )
        ).rows,
        (
          await db.run((x) =>
            x.execute<{ key: string }>(
              sql`select key from idempotency_keys where user_id in ${userIds} and state = 'done' and response_status between 200 and 299`,
            ),
          )
        ).rows,
      ]);
      const done = new Set(keys.map((k) => k.key));
      const orders = Number(counted[0]?.n ?? 0) - probes;
      const completedKeys = done.size - probes;
      const lost = [...answered].filter((k) => !done.has(k)).length;
      const unseen = [...done].filter((k) => !answered.has(k)).length - probes;
      const ok = lost === 0 && orders === completedKeys && answered.size === orderResult['2xx'];
      if (!ok) problems.push('order: lost or doubled (see the note)');
      expectAnswers('order', orderResult, orderResult['2xx']);
      orderNote =
        `2xx ${orderResult['2xx']}, orders written ${orders}, keys completed ${completedKeys}, ` +
        `2xx without an order ${lost}, finished after the client stopped ${unseen}: ${ok ? 'none lost or doubled' : 'MISMATCH'}; ` +
        `captcha verifications ${fakes.captchaChecks() - checksBefore}; ` +
        `load generator ${Math.round(clientShare * 100)} % of a core` +
        (serverCpu !== null && orderResult['2xx'] > 0 ? `; ${cpuNote(serverCpu, orderResult['2xx'])}` : '') +
        (databaseCpu !== null && orderResult['2xx'] > 0
          ? `; PostgreSQL CPU ${((databaseCpu * 1000) / orderResult['2xx']).toFixed(1)} ms per answered order`
          : '') +
        (orderResult['2xx'] > 0
          ? `; load generator ${((clientShare * DURATION * 1000) / orderResult['2xx']).toFixed(1)} ms per answered order`
          : '');
    }
    if (CASES.has('order')) {
      const name = `POST /api/v1/order (${CUSTOMERS} customer${CUSTOMERS === 1 ? '' : 's'} signed in, new Idempotency-Key each${CAPTCHA ? ', captcha token' : ''}${PROCESSES > 1 ? `, ${PROCESSES} processes` : ''})`;
      rows.push({ name, result: orderResult, note: orderNote });
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await fakes.close();
    await backend?.cleanup();
    fs.rmSync(benchRoot, { recursive: true, force: true });
  }

  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `\nAPI benchmark, started ${startedAt} UTC: ${cpu} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${os.platform()} ${os.release()}, load average ${loadAtStart} at the start, ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the end`,
  );
  console.log(
    `${backend?.description ?? ''}; NODE_ENV=production with SMS, CloudPayments and captcha on local fakes (captcha check ${CAPTCHA ? 'on' : 'configured, off in settings'}); ` +
      `loopback, autocannon ${CONNECTIONS} connections, ${DURATION} s per case${SMOKE ? ' (smoke run: figures mean little)' : ''}.\n`,
  );
  console.log(format(rows));
  for (const problem of problems) console.error(`PROBLEM: ${problem}`);
  return problems.length === 0 ? 0 : 1;
}

// Exits explicitly: a handle left open by a child or a fake must not hold CI's smoke run.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
