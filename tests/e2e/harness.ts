// End-to-end harness: the real server (node --import tsx server/main.ts) on a free port with a
// throwaway DATA_DIR, Debian's Chromium driven by playwright-core, and helpers for the tests.
//
//   const e2e = await startE2E();          // in beforeAll (builds dist/client first if stale)
//   const { page, problems } = await e2e.open('/catalog', { width: 375 });
//   const code = await e2e.server.latestSmsCode('+79991234567');
//   await e2e.screenshot(page, 'catalog-375');   // → test-results/screenshots/catalog-375.png
//   expect(problems()).toEqual([]);        // uncaught page errors and console errors
//   await e2e.close();                     // in afterAll: pages, browser, server, DATA_DIR
//
// Chromium missing is a failure with a clear message, never a skip (.ci/run installs it).
// Screenshots go to test-results/screenshots/ (E2E_SCREENSHOT_DIR overrides), kept by CI.
// The client is built into dist/client when missing or older than src/ (E2E_BUILD=never skips).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { openPglite, type Database } from '../../server/db/database';
import { seedDemoChain } from '../../server/seed/index';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SCREENSHOT_DIR = path.resolve(ROOT, process.env.E2E_SCREENSHOT_DIR ?? 'test-results/screenshots');
const CLIENT_DIR = path.join(ROOT, 'dist/client');
const SSR_ENTRY = path.join(ROOT, 'dist/server/renderPage.js');
const BUILD_LOCK = path.join(ROOT, 'dist/.e2e-build.lock');

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** Phone widths the suite looks at: a small phone and a desktop. */
export const WIDTHS = { phone: 375, desktop: 1280 } as const;

// ---------------------------------------------------------------------------------------------
// Client build

/** Newest modification time under a path (files only), 0 when it does not exist. */
function newestMtime(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when dist/client or the SSR build (dist/server) is missing or older than the client sources. */
export function clientIsStale(): boolean {
  const built = Math.min(newestMtime(path.join(CLIENT_DIR, 'index.html')), newestMtime(path.join(SSR_ENTRY)));
  if (built === 0) return true;
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'src')),
    newestMtime(path.join(ROOT, 'index.html')),
    newestMtime(path.join(ROOT, 'vite.config.ts')),
    newestMtime(path.join(ROOT, 'public')),
  );
  return sources > built;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Builds the client with `vite build` when dist/client is missing or older than src/. A lock
 * directory keeps two test processes (or two engineers) from building into dist/ at once.
 */
export async function ensureClientBuilt(): Promise<void> {
  // E2E_BUILD=never: test the dist/client that is there (while sources are mid-edit)
  if (process.env.E2E_BUILD === 'never') {
    if (newestMtime(path.join(CLIENT_DIR, 'index.html')) === 0)
      throw new Error('e2e: E2E_BUILD=never but dist/client is not built');
    return;
  }
  if (!clientIsStale()) return;
  fs.mkdirSync(path.dirname(BUILD_LOCK), { recursive: true });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(BUILD_LOCK);
      break;
    } catch {
      // another build runs; a lock older than 10 minutes is a leftover of a killed build
      const age = Date.now() - newestMtime(BUILD_LOCK);
      if (age > 10 * 60_000) fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`e2e: waited 10 minutes for ${BUILD_LOCK}`);
      await sleep(1000);
    }
  }
  try {
    if (!clientIsStale()) return; // built by whoever held the lock
    // Vitest sets NODE_ENV=test, and vite build would keep it: React's development build (twice
    // the size, dev-only warnings). The suite tests the production build.
    // The browser build, then the server-rendering build of the same App (docs/SSR.md).
    for (const args of [
      ['vite', 'build'],
      ['vite', 'build', '--ssr'],
    ]) {
      const result = spawnSync('npx', [...args, '--logLevel', 'warn'], {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
      if (result.status !== 0) throw new Error(`e2e: ${args.join(' ')} failed`);
    }
  } finally {
    fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Server

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface E2EServer {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** Everything the server wrote to stdout and stderr so far. */
  log(): string;
  /** The latest sign-in code sent to `phone` ('+79991234567'), waiting up to `timeoutMs`. */
  latestSmsCode(phone: string, options?: { after?: number; timeoutMs?: number }): Promise<string>;
  /** How many SMS lines the log holds; pass as `after` to wait for a newer code. */
  smsCount(): number;
  /** A JSON call to /api/v1 (path without the prefix), with an optional bearer token. */
  api<T = unknown>(
    method: string,
    apiPath: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: T }>;
  /** Signs `phone` in through the API (code from the SMS outbox); returns the token and user. */
  signIn(phone: string, name?: string): Promise<{ token: string; user: { id: string; phone: string; name: string } }>;
  stop(): Promise<void>;
}

interface SmsLine {
  phone: string;
  text: string;
}

/** SMS lines of the outbox provider: "SMS (outbox) to +7…: <text>" inside pino's JSON `msg`. */
function smsLines(log: string): SmsLine[] {
  const lines: SmsLine[] = [];
  for (const raw of log.split('\n')) {
    if (!raw.includes('SMS (outbox) to')) continue;
    let msg = raw;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed === 'object' && parsed !== null && 'msg' in parsed && typeof parsed.msg === 'string')
        msg = parsed.msg;
    } catch {
      // not JSON (pretty printer): read the raw line
    }
    const m = /SMS \(outbox\) to (\+\d+): (.*)$/.exec(msg);
    if (m?.[1] !== undefined && m[2] !== undefined) lines.push({ phone: m[1], text: m[2] });
  }
  return lines;
}

export interface ServerOptions {
  env?: Record<string, string>;
  /**
   * Restaurants open around the clock (every day 00:00 → 00:01 next day), so adding to the cart
   * and ordering do not depend on the hour the suite runs at. On by default.
   */
  openAroundTheClock?: boolean;
  /** Runs on the migrated, seeded database before the server starts (the server skips seeding). */
  prepare?: (db: Database) => Promise<void>;
}

/** Every day open from 00:00 to 00:01 the next day: open at any hour. */
export const OPEN_ALL_DAY = Array.from({ length: 7 }, () => ({ open: '00:00', close: '00:01', isNextDay: true }));

/** Migrates and seeds the demo chain into dataDir in this process, then runs the preparation. */
async function prepareDatabase(dataDir: string, options: ServerOptions): Promise<void> {
  const db = await openPglite(dataDir);
  try {
    await seedDemoChain(db);
    if (options.openAroundTheClock !== false) {
      await db.run((x) => x.execute(sql`update restaurants set hours = ${JSON.stringify(OPEN_ALL_DAY)}::jsonb`));
    }
    await options.prepare?.(db);
  } finally {
    await db.close();
  }
}

export async function startServer(options: ServerOptions = {}): Promise<E2EServer> {
  await ensureClientBuilt();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-'));
  if (options.openAroundTheClock !== false || options.prepare !== undefined) {
    try {
      await prepareDatabase(dataDir, options);
    } catch (error) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SHUTDOWN_GRACE_S: '0', // no load balancer to drain for
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => (output += chunk));
  child.stderr?.on('data', (chunk: string) => (output += chunk));
  let exited: number | null = null;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      exited = code ?? -1;
      resolve();
    }),
  );

  const stop = async (): Promise<void> => {
    if (exited === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(killer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  // wait for /api/v1/health (first start migrates and seeds PGlite: tens of seconds on a busy box)
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(
        `e2e: the server exited with ${String(exited)} before answering /api/v1/health:\n${output.slice(-4000)}`,
      );
    }
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`e2e: the server did not answer /api/v1/health within 180 s:\n${output.slice(-4000)}`);
    }
    await sleep(250);
  }

  const api = async <T>(method: string, apiPath: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${url}/api/v1${apiPath}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      parsed = text;
    }
    // the caller states the answer's shape it expects; the status tells whether it holds
    return { status: res.status, body: parsed as T };
  };

  const server: E2EServer = {
    url,
    port,
    dataDir,
    log: () => output,
    smsCount: () => smsLines(output).length,
    async latestSmsCode(phone, { after = 0, timeoutMs = 15_000 } = {}) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const lines = smsLines(output)
          .slice(after)
          .filter((l) => l.phone === phone);
        const last = lines.at(-1);
        const code = last === undefined ? undefined : /(\d{4,8})/.exec(last.text)?.[1];
        if (code !== undefined) return code;
        if (Date.now() > until) throw new Error(`e2e: no SMS code for ${phone} in the server log`);
        await sleep(200);
      }
    },
    api,
    async signIn(phone, name = 'Тест') {
      const after = smsLines(output).length;
      const sent = await api('POST', '/auth/code', { phone });
      if (sent.status !== 200)
        throw new Error(`e2e: POST /auth/code answered ${sent.status}: ${JSON.stringify(sent.body)}`);
      const code = await server.latestSmsCode(phone, { after });
      const res = await api<{ token: string; user: { id: string; phone: string; name: string } }>(
        'POST',
        '/auth/token',
        {
          phone,
          code,
          name,
          personalData: true,
        },
      );
      if (res.status !== 200)
        throw new Error(`e2e: POST /auth/token answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    },
    stop,
  };
  return server;
}

// ---------------------------------------------------------------------------------------------
// Browser

/** Debian's Chromium, or a failure that says how to install it. */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv !== undefined && fromEnv !== '' && fs.existsSync(fromEnv)) return fromEnv;
  const which = spawnSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' });
  const found = which.stdout.trim().split('\n')[0] ?? '';
  if (which.status !== 0 || found === '') {
    throw new Error(
      "e2e: Chromium is not installed. The browser suite needs Debian's chromium: `sudo apt-get install -y chromium` " +
        '(.ci/run installs it). Do not run `npx playwright install`.',
    );
  }
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
}

export interface OpenOptions {
  width?: number;
  height?: number;
  /** Cookies to set before the first request, e.g. the chosen city. */
  cookies?: Record<string, string>;
  /** Reuse a context (keeps localStorage and cookies between pages). */
  context?: BrowserContext;
  /** Console error texts to tolerate (regular expressions), e.g. an expected 401. */
  allowConsole?: RegExp[];
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught page errors and console errors seen so far (minus the allowed ones). */
  problems(): string[];
}

export interface E2E {
  server: E2EServer;
  browser: Browser;
  /** A new context (own cookies and storage) sized to `width` (375 by default). */
  newContext(options?: { width?: number; height?: number; cookies?: Record<string, string> }): Promise<BrowserContext>;
  /** Opens `path` of the storefront in a page and starts collecting its errors. */
  open(pathname: string, options?: OpenOptions): Promise<OpenedPage>;
  /** Starts collecting errors of a page opened elsewhere. */
  watch(page: Page, allowConsole?: RegExp[]): () => string[];
  /** Waits until a server-rendered page has hydrated (it does on the first input, or when idle). */
  hydrated(page: Page): Promise<void>;
  /** Saves a full-page PNG as SCREENSHOT_DIR/<name>.png; returns the file path. */
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * React's hydration complaints: a mismatch (development text, or the production build's error
 * codes 418, 419, 422, 423, 425) or our own report of a recoverable hydration error (main.tsx).
 */
export function isHydrationProblem(text: string): boolean {
  return /hydrat|did not match|mismatch|react\.dev\/errors\/(418|419|422|423|425)\b|React error #(418|419|422|423|425)\b/i.test(
    text,
  );
}

function viewportHeight(width: number): number {
  return width < 768 ? 812 : 900;
}

export async function startE2E(options: ServerOptions = {}): Promise<E2E> {
  // Chromium first: a missing browser fails fast, before a server is started
  chromiumPath();
  const server = await startServer(options);
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await server.stop();
    throw error;
  }
  const contexts: BrowserContext[] = [];

  const newContext: E2E['newContext'] = async ({ width = WIDTHS.phone, height, cookies = {} } = {}) => {
    const context = await browser.newContext({
      viewport: { width, height: height ?? viewportHeight(width) },
      deviceScaleFactor: 1,
      isMobile: width < 768,
      hasTouch: width < 768,
      locale: 'ru-RU',
      timezoneId: 'Asia/Irkutsk',
      baseURL: server.url,
    });
    const entries = Object.entries(cookies);
    if (entries.length > 0) {
      await context.addCookies(entries.map(([name, value]) => ({ name, value, url: server.url })));
    }
    contexts.push(context);
    return context;
  };

  // A hydration mismatch fails the suite even where a test does not look at problems(): it is
  // never allowed, and close() throws with every one seen.
  const mismatches: string[] = [];
  const watch: E2E['watch'] = (page, allowConsole = []) => {
    const seen: string[] = [];
    const allowed = (text: string) => !isHydrationProblem(text) && allowConsole.some((re) => re.test(text));
    const note = (text: string) => {
      if (isHydrationProblem(text)) mismatches.push(`${page.url()}: ${text}`);
      if (!allowed(text)) seen.push(text);
    };
    page.on('pageerror', (error) => note(`pageerror: ${error.message}`));
    page.on('console', (message: ConsoleMessage) => {
      const type = message.type();
      if (type === 'error') note(`console.error: ${message.text()}`);
      else if (type === 'warning' && isHydrationProblem(message.text())) note(`console.warn: ${message.text()}`);
    });
    return () => [...seen];
  };

  const hydrated: E2E['hydrated'] = async (page) => {
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  };

  const open: E2E['open'] = async (pathname, opts = {}) => {
    const context =
      opts.context ?? (await newContext({ width: opts.width, height: opts.height, cookies: opts.cookies }));
    const page = await context.newPage();
    const problems = watch(page, opts.allowConsole);
    await page.goto(pathname, { waitUntil: 'load' });
    return { page, context, problems };
  };

  const screenshot: E2E['screenshot'] = async (page, name) => {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    return file;
  };

  const close = async (): Promise<void> => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser.close().catch(() => undefined);
    await server.stop();
    if (mismatches.length > 0) throw new Error(`e2e: hydration problems:\n${mismatches.join('\n')}`);
  };

  return { server, browser, newContext, open, watch, hydrated, screenshot, close };
}
