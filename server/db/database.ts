// The one way the server reaches PostgreSQL: PGlite (embedded, in DATA_DIR) by default, or a
// PostgreSQL server when DATABASE_URL is set. Both speak the same SQL and the same migrations.
//
// PGlite has a single connection and lets a plain query slip into another caller's open
// transaction, so every piece of database work goes through `run`/`transaction`, which a
// FIFO mutex serialises for PGlite. Never call `run` from inside `run` (it would wait on
// itself): pass the executor you were given down instead.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, parse, protocol, types, type QueryOptions, type Results } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type Assume, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { applyMigrations } from './migrate.js';
import { acquireDirLock } from './lock.js';

/** What `execute` answers on both drivers (pg's QueryResult and PGlite's Results share it). */
export interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<Assume<this['row'], Record<string, unknown>>>;
}
interface RowsResult<T> {
  rows: T[];
}

/** Drizzle executor: the database itself or an open transaction. */
export type Executor = PgDatabase<RowsResultHKT>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /**
   * This process's boot id: random per start, a positive bigint as text. Work it claims (POST
   * /order's idempotency keys) carries it, so a claim can be told dead (see `OWNER_ALIVE_SQL`).
   */
  readonly bootId: string;
  /** Runs `fn` with exclusive use of the connection (PGlite) or a pooled one (PostgreSQL). */
  run<T>(fn: (db: Executor) => Promise<T>): Promise<T>;
  /** Runs `fn` in one transaction; a throw rolls it back. */
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  /** NOTIFY on a channel; the payload is a string (JSON by convention), at most 8000 bytes. */
  notify(channel: string, payload: string): Promise<void>;
  /** LISTEN on a channel; the returned function stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * FIFO mutex: each task starts when the previous one has settled. Every QUEUE_TASKS_PER_TURN
 * tasks it waits for one turn of the event loop first: chained on promise callbacks alone, a
 * busy queue rarely lets Node read sockets and run timers, and under load a few requests waited
 * for the whole run (`npm run bench:api`, POST /order: the slowest answer took 9.5 s of a 10 s
 * run while the median was 0.3 s). A turn before every task cost about a tenth of the order
 * throughput; one every 8 tasks kept the slowest answers near 1 s at full throughput, one every
 * 32 let them grow again (p99 3–4.7 s).
 */
export const QUEUE_TASKS_PER_TURN = 8;

function createQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  let sinceTurn = 0;
  const turn = (): Promise<void> | undefined => {
    sinceTurn += 1;
    if (sinceTurn < QUEUE_TASKS_PER_TURN) return undefined;
    sinceTurn = 0;
    return new Promise<void>((resolve) => setImmediate(resolve));
  };
  return function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const result = tail.then(turn, turn).then(task);
    tail = result.catch(() => undefined);
    return result;
  };
}

/** A random positive 63-bit integer, as text (it is an advisory lock key on PostgreSQL). */
export function newBootId(): string {
  const bytes = randomBytes(8);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  const id = bytes.readBigInt64BE(0);
  return (id === 0n ? 1n : id).toString();
}

/**
 * SQL true when the process of boot id `owner` (a bigint expression) is alive: it is this
 * process, or on PostgreSQL it holds the session advisory lock on its boot id (`holdLease` in
 * openPostgres), which the server drops the moment its connection dies. PGlite has one process
 * per DATA_DIR and takes no such lock, so there only this process's own claims are alive.
 */
export function ownerAliveSql(db: Database, owner: SQL): SQL {
  return sql`(${owner} = ${db.bootId}::bigint or exists (
    select 1 from pg_locks l
    where l.locktype = 'advisory' and l.granted and l.objsubid = 1
      and l.database = (select oid from pg_database where datname = current_database())
      and ((l.classid::int8 << 32) | l.objid::int8) = ${owner}))`;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`invalid channel name ${channel}`);
}

// Drizzle passes these parsers with every PGlite query (timestamps, intervals and dates stay
// text; Drizzle maps them itself), and PGlite merges them into its ~300 default parsers on every
// query: about 0.1 ms each, a tenth of an order's time under load. So the client is created
// with them as its defaults and Drizzle talks to it through `leanClient`, which leaves them out.
const identity = (value: string) => value;
const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    identity,
  ]),
);

interface QueryClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}
interface LeanClient extends QueryClient {
  transaction<T>(fn: (tx: LeanClient) => Promise<T>): Promise<T>;
}

/** Prepared statements kept per PGlite client; the oldest is closed past this many. */
export const PGLITE_PREPARED_MAX = 500;

function concatMessages(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * PGlite sends a parameterised query as six protocol calls (parse, describe, bind, describe,
 * execute, sync), each a trip into the WebAssembly backend, and PostgreSQL parses and plans the
 * text again each time: most of an order's CPU. Here each query text is prepared once as a named
 * statement (its parameter types read then) and afterwards runs as ONE call: bind, describe,
 * execute, sync. Values are serialised by the parameter types as PGlite's own `query` does, and
 * answers parsed by its own `parseResults`. Only for use under the queue of `openPglite`: it
 * bypasses PGlite's own mutexes, as every caller already takes turns there. It also skips
 * PGlite's per-query `syncToFs`, which does nothing for the file and memory stores used here.
 */
function preparedQueries(client: PGlite) {
  const statements = new Map<string, { name: string; types: number[] }>();
  let counter = 0;
  const call = (parts: Uint8Array[]) => client.execProtocolStream(concatMessages(parts), { syncToFs: false });

  async function prepare(key: string, text: string, options: QueryOptions | undefined) {
    const name = `sf_${++counter}`;
    const parts = [
      protocol.serialize.parse({ name, text, types: options?.paramTypes }),
      protocol.serialize.describe({ type: 'S', name }),
    ];
    let evicted: string | undefined;
    if (statements.size >= PGLITE_PREPARED_MAX) {
      const oldest = statements.entries().next().value;
      if (oldest) {
        statements.delete(oldest[0]);
        evicted = oldest[1].name;
        parts.push(protocol.serialize.close({ type: 'S', name: evicted }));
      }
    }
    const messages = await call([...parts, protocol.serialize.sync()]);
    const statement = { name, types: parse.parseDescribeStatementResults(messages) };
    statements.set(key, statement);
    return statement;
  }

  return async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const key = options?.paramTypes ? `${text}\u0000${options.paramTypes.join(',')}` : text;
    const statement = statements.get(key) ?? (await prepare(key, text, options));
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.types[i] ?? 0;
      const serialize = options?.serializers?.[oid] ?? client.serializers[oid];
      return serialize ? serialize(param) : String(param);
    });
    const messages = await call([
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    const [result] = parse.parseResults(messages, client.parsers, options);
    if (!result) throw new Error('PGlite answered a query with no result');
    return result as Results<T>;
  };
}

function leanQuery(query: QueryClient['query']): QueryClient['query'] {
  return (text, params, options) =>
    query(text, params, options?.parsers ? { ...options, parsers: undefined } : options);
}

function leanClient(client: PGlite): LeanClient {
  const prepared = preparedQueries(client);
  const query = leanQuery(prepared);
  // BEGIN / COMMIT / ROLLBACK as one simple-protocol call each (PGlite's transaction sends two).
  const simple = async (text: string) => {
    await client.execProtocolStream(protocol.serialize.query(text), { syncToFs: false });
  };
  const tx: LeanClient = {
    query,
    transaction: () => Promise.reject(new Error('nested transactions go through savepoints')),
  };
  return {
    query,
    transaction: async (fn) => {
      await simple('BEGIN');
      let result;
      try {
        result = await fn(tx);
      } catch (error) {
        await simple('ROLLBACK');
        throw error;
      }
      await simple('COMMIT');
      return result;
    },
  };
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  let releaseLock: (() => void) | null = null;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDirLock(dataDir);
  }
  let client: PGlite;
  try {
    client = dataDir
      ? new PGlite(path.join(dataDir, 'pgdata'), { parsers: DRIZZLE_PARSERS })
      : new PGlite({ parsers: DRIZZLE_PARSERS });
    await client.waitReady;
  } catch (error) {
    releaseLock?.();
    throw error;
  }
  const orm = drizzlePglite({ client: leanClient(client) as unknown as PGlite }) as unknown as Executor;
  const enqueue = createQueue();
  const db: Database = {
    kind: 'pglite',
    bootId: newBootId(),
    run: (fn) => enqueue(() => fn(orm)),
    transaction: (fn) => enqueue(() => orm.transaction((tx) => fn(tx as unknown as Executor))),
    notify: async (channel, payload) => {
      checkChannel(channel);
      await enqueue(() => orm.execute(sql`select pg_notify(${channel}, ${payload})`));
    },
    listen: async (channel, onPayload) => {
      checkChannel(channel);
      const unsubscribe = await enqueue(() => client.listen(channel, onPayload));
      return () => enqueue(() => unsubscribe());
    },
    close: async () => {
      await enqueue(async () => {
        if (!client.closed) await client.close();
      });
      releaseLock?.();
    },
  };
  await enqueue(() =>
    client.transaction(async (tx) => {
      await applyMigrations({ exec: (script) => tx.exec(script), query: (text, params) => tx.query(text, params) });
    }),
  );
  return db;
}

/** Back-off of the LISTEN connection's reconnects. */
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/** What the start's connection retries log through (a pino logger fits). */
export interface ConnectLog {
  warn(obj: object, msg: string): void;
}

/** The start could not reach PostgreSQL; the message (Russian) is for the person starting it. */
export class DatabaseConnectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseConnectError';
  }
}

/** Host and port of a connection string, for messages: never its user or password. */
export function databaseAddress(url: string): { host: string; port: number } {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^\[|\]$/g, '') || parsed.searchParams.get('host') || 'localhost';
    return { host, port: Number(parsed.port) || 5432 };
  } catch {
    return { host: 'unknown', port: 5432 };
  }
}

function connectFailure(error: unknown): { reason: string; permanent: boolean } {
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : '';
  const message = error instanceof Error ? error.message : String(error);
  // pg's messages hold no password; an AggregateError (several addresses) has only its code
  const reason =
    message === '' ? code || 'unknown error' : code !== '' && !message.includes(code) ? `${code}: ${message}` : message;
  // a wrong password or a missing database does not fix itself by waiting
  return { reason, permanent: code.startsWith('28') || code === '3D000' };
}

const CONNECT_RETRY_MIN_MS = 250;
const CONNECT_RETRY_MAX_MS = 5_000;

/**
 * Waits until PostgreSQL accepts a connection: a process manager may start the server before the
 * database. Retries with back-off for `timeoutS` seconds (0: one try), logging each failed try.
 */
export async function waitForPostgres(url: string, timeoutS: number, log?: ConnectLog): Promise<void> {
  const { host, port } = databaseAddress(url);
  const deadline = Date.now() + timeoutS * 1000;
  let delayMs = CONNECT_RETRY_MIN_MS;
  for (let attempt = 1; ; attempt++) {
    // one try may not outlast the deadline by much (a host that drops packets never refuses)
    const tryMs = Math.max(1_000, Math.min(deadline - Date.now(), 10_000));
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: tryMs });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end().catch(() => undefined);
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      const { reason, permanent } = connectFailure(error);
      const leftMs = deadline - Date.now();
      const retryInMs = permanent || leftMs <= 0 ? null : Math.min(delayMs, leftMs);
      log?.warn(
        { host, port, attempt, reason, retryInMs },
        retryInMs === null ? 'database connection failed' : 'database not reachable yet, retrying',
      );
      if (permanent) {
        throw new DatabaseConnectError(
          `PostgreSQL на ${host}:${port} отказал в подключении: ${reason}. Проверьте пользователя, пароль и имя базы в DATABASE_URL`,
        );
      }
      if (retryInMs === null) {
        throw new DatabaseConnectError(
          `Не удалось подключиться к PostgreSQL на ${host}:${port} за ${timeoutS} с (попыток: ${attempt}; последняя ошибка: ${reason}). ` +
            'Проверьте, что сервер базы данных запущен и DATABASE_URL указан верно; сколько ждать, задаёт DATABASE_CONNECT_TIMEOUT_S',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
      delayMs = Math.min(delayMs * 2, CONNECT_RETRY_MAX_MS);
    }
  }
}

/** Query texts prepared as named statements on PostgreSQL (per process; each connection prepares on first use). */
export const PG_PREPARED_MAX = 500;

/**
 * A pg Client that sends each query text as a named prepared statement: pg sends queries unnamed,
 * so PostgreSQL parsed and planned every statement again (POST /order's CTE statements most of
 * all), on the same 2 cores as the server. Names map one to one to texts, shared by the pool's
 * connections; past PG_PREPARED_MAX texts (lists of varying length make new texts) the rest
 * run unnamed as before. Simple queries (a plain string: BEGIN, COMMIT, the migrations) and
 * queries that carry their own name are left as they are.
 */
function preparingClient(): typeof pg.Client {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= PG_PREPARED_MAX) return known;
    const name = `sf_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  const withName = (config: unknown): unknown => {
    if (typeof config !== 'object' || config === null || 'submit' in config) return config;
    if (!('text' in config) || typeof config.text !== 'string' || ('name' in config && config.name)) return config;
    const name = nameOf(config.text);
    return name === undefined ? config : { ...config, name };
  };
  return class PreparingClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      this.query = ((...args: unknown[]) =>
        query(withName(args[0]), ...args.slice(1))) as unknown as pg.Client['query'];
    }
  };
}

export async function openPostgres(
  url: string,
  options: { poolSize?: number; connectTimeoutS?: number; log?: ConnectLog } = {},
): Promise<Database> {
  await waitForPostgres(url, options.connectTimeoutS ?? 0, options.log);
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, Client: preparingClient() });
  pool.on('error', () => undefined); // an idle client's error is retried by the next checkout
  const orm = drizzlePg(pool) as unknown as Executor;
  // One dedicated connection for LISTEN, opened on first use. When it drops (a server restart,
  // a failover, an idle-connection reaper), it is reopened with back-off and every channel is
  // LISTENed again; what was NOTIFYed in between is lost, which push.ts's version polling covers
  // for catalogue and settings updates.
  let listener: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let reconnectDelayMs = RECONNECT_MIN_MS;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined); // 'end' follows and reconnects
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    await client.connect();
    for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
    client.on('end', () => {
      if (listener === client) listener = null;
      if (!closed) scheduleReconnect();
    });
    reconnectDelayMs = RECONNECT_MIN_MS;
    listener = client;
    return client;
  }
  function scheduleReconnect(): void {
    const delay = reconnectDelayMs;
    reconnectDelayMs = Math.min(reconnectDelayMs * 2, RECONNECT_MAX_MS);
    setTimeout(() => {
      if (closed || listener || connecting) return;
      listenerClient().catch(() => scheduleReconnect());
    }, delay).unref();
  }
  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    if (!connecting) connecting = connectListener().finally(() => (connecting = null));
    return connecting;
  }
  // The lease: a session advisory lock on the boot id, on a connection of its own, held while
  // the process lives (a claim of ours is 'alive' to other processes while they see it). A dropped
  // connection is reopened with back-off; meanwhile our claims look dead and may be taken over,
  // which orders.ts makes safe (an answer is stored only by the claim that still holds the key).
  const bootId = newBootId();
  let lease: pg.Client | null = null;
  let leaseDelayMs = RECONNECT_MIN_MS;
  async function holdLease(): Promise<void> {
    const client = new pg.Client({ connectionString: url, application_name: `storefront ${bootId}` });
    client.on('error', () => undefined); // 'end' follows and reconnects
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1::bigint)', [bootId]);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    client.on('end', () => {
      if (lease === client) lease = null;
      if (!closed) scheduleLease();
    });
    leaseDelayMs = RECONNECT_MIN_MS;
    lease = client;
    if (closed) await client.end().catch(() => undefined);
  }
  function scheduleLease(): void {
    const delay = leaseDelayMs;
    leaseDelayMs = Math.min(leaseDelayMs * 2, RECONNECT_MAX_MS);
    setTimeout(() => {
      if (closed || lease) return;
      holdLease().catch(() => scheduleLease());
    }, delay).unref();
  }
  const db: Database = {
    kind: 'postgres',
    bootId,
    run: (fn) => fn(orm),
    transaction: (fn) => orm.transaction((tx) => fn(tx as unknown as Executor)),
    notify: async (channel, payload) => {
      checkChannel(channel);
      await orm.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    listen: async (channel, onPayload) => {
      checkChannel(channel);
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN ${channel}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0) {
          handlers.delete(channel);
          // the connection of today, which may not be the one LISTEN ran on
          await listener?.query(`UNLISTEN ${channel}`).catch(() => undefined);
        }
      };
    },
    close: async () => {
      closed = true;
      await listener?.end().catch(() => undefined);
      await lease?.end().catch(() => undefined);
      await pool.end();
    },
  };
  const migrator = await pool.connect();
  try {
    await migrator.query('begin');
    await applyMigrations({
      exec: (script) => migrator.query(script),
      query: (text, params) => migrator.query(text, params),
    });
    await migrator.query('commit');
    migrator.release();
  } catch (error) {
    await migrator.query('rollback').catch(() => undefined);
    migrator.release();
    await pool.end();
    throw error;
  }
  try {
    await holdLease();
  } catch (error) {
    closed = true;
    await pool.end();
    throw error;
  }
  return db;
}

export function openDatabase(
  config: { databaseUrl: string | null; dataDir: string; pgPoolSize: number; databaseConnectTimeoutSeconds: number },
  log?: ConnectLog,
): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, {
        poolSize: config.pgPoolSize,
        connectTimeoutS: config.databaseConnectTimeoutSeconds,
        log,
      })
    : openPglite(config.dataDir);
}
