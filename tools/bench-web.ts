// `npm run bench:web`: the storefront's web budgets, printed, never asserted.
// See docs/ARCHITECTURE.md «7. Tools: replay and benchmarks».
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  CHROMIUM_FLAGS,
  chromiumPath,
  ensureClientBuilt,
  launchBrowser,
  ROOT,
  startServer,
} from '../tests/e2e/harness';

const SMOKE = process.env.BENCH_SMOKE === '1';
const RUNS = Number(process.env.RUNS ?? (SMOKE ? 1 : 5));
// the index, the menu and a product page of the demo seed (docs/SSR.md: all server-rendered)
const PAGES = (process.env.PAGES ?? '/,/catalog,/catalog/rolls/philadelphia-classic')
  .split(',')
  .filter((p) => p !== '');
const CLIENT_DIR = path.join(ROOT, 'dist/client');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

/** The entry script and modulepreload links of index.html, or of a page's HTML as served. */
function entryScripts(html = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8')): string[] {
  const found = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1] ?? '');
  return [...new Set(found.filter((s) => s.endsWith('.js')))];
}

function localFile(urlPath: string): string | null {
  const file = path.join(CLIENT_DIR, decodeURIComponent(urlPath.replace(/^\//, '')));
  return file.startsWith(CLIENT_DIR) && fs.existsSync(file) ? file : null;
}

async function loadedScripts(url: string): Promise<string[]> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const u = new URL(response.url());
      if (u.pathname.endsWith('.js')) scripts.add(u.pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return [...scripts];
  } finally {
    await browser.close();
  }
}

type LighthouseRun = {
  performance: number;
  seo: number;
  accessibility: number;
  cls: number;
  tbt: number;
  lcp: number;
  fcp: number;
  /** Main-thread work and the long tasks as Lighthouse counts them (its simulation's figures). */
  mainThreadMs: number;
  longTasksMs: number[];
};

/** The durations of the long tasks Lighthouse lists ('long-tasks' audit), longest first. */
function longTasks(report: unknown): number[] {
  const items: unknown = [report, 'audits', 'long-tasks', 'details', 'items'].reduce((v: unknown, k) =>
    typeof k === 'string' && typeof v === 'object' && v !== null ? Reflect.get(v, k) : v,
  );
  if (!Array.isArray(items)) return [];
  return items
    .map((item: unknown) => (typeof item === 'object' && item !== null ? Reflect.get(item, 'duration') : undefined))
    .filter((d): d is number => typeof d === 'number')
    .map((d) => Math.round(d))
    .sort((a, b) => b - a);
}

function lighthouse(url: string, outDir: string, run: number): LighthouseRun | null {
  const out = path.join(outDir, `lh-${run}.json`);
  const result = spawnSync(
    'npx',
    [
      '--yes',
      'lighthouse@12',
      url,
      '--only-categories=performance,seo,accessibility',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      // the e2e suite's flags: no sandbox (root in CI), and no calls home from the browser
      `--chrome-flags=--headless=new ${CHROMIUM_FLAGS.join(' ')}`,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, CHROME_PATH: chromiumPath() },
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  if (result.status !== 0 || !fs.existsSync(out)) {
    console.error(`lighthouse ${url} failed (${String(result.status)}): ${result.stderr.slice(-800)}`);
    return null;
  }
  const report: unknown = JSON.parse(fs.readFileSync(out, 'utf8'));
  const num = (...keys: string[]): number => {
    let v: unknown = report;
    for (const k of keys) v = typeof v === 'object' && v !== null ? Reflect.get(v, k) : undefined;
    return typeof v === 'number' ? v : NaN;
  };
  return {
    performance: Math.round(num('categories', 'performance', 'score') * 100),
    seo: Math.round(num('categories', 'seo', 'score') * 100),
    accessibility: Math.round(num('categories', 'accessibility', 'score') * 100),
    cls: num('audits', 'cumulative-layout-shift', 'numericValue'),
    tbt: num('audits', 'total-blocking-time', 'numericValue'),
    lcp: num('audits', 'largest-contentful-paint', 'numericValue'),
    fcp: num('audits', 'first-contentful-paint', 'numericValue'),
    mainThreadMs: num('audits', 'mainthread-work-breakdown', 'numericValue'),
    longTasksMs: longTasks(report),
  };
}

async function main(): Promise<number> {
  let failed = 0;
  await ensureClientBuilt();
  const server = await startServer();
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-web-'));
  try {
    console.log(
      `bench:web against ${server.url} (${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );

    if (fs.readdirSync(path.join(CLIENT_DIR, 'assets')).some((f) => f.startsWith('jsx-dev-runtime'))) {
      console.log(
        'WARNING: dist/client is a development build (React dev runtime): rebuild with NODE_ENV=production npx vite build',
      );
    }
    const entry = entryScripts();
    const entryBytes = entry.reduce((sum, s) => sum + gzipSize(localFile(s) ?? ''), 0);
    console.log(`\nInitial JS for / (gzip -9):`);
    console.log(`  index.html entry + modulepreload: ${kb(entryBytes)} in ${entry.length} file(s)   budget ≤ 100 KB`);
    // A server-rendered page adds its page chunk's modulepreloads (server/routes/pageAssets.ts).
    for (const page of PAGES) {
      const scripts = entryScripts(await (await fetch(`${server.url}${page}`)).text());
      const bytes = scripts.reduce((sum, s) => sum + gzipSize(localFile(s) ?? ''), 0);
      console.log(`  ${page} as served, entry + modulepreload: ${kb(bytes)} in ${scripts.length} file(s)`);
    }
    const loaded = (await loadedScripts(`${server.url}/`))
      .map((s) => ({ s, file: localFile(s) }))
      .filter((x) => x.file !== null);
    const loadedBytes = loaded.reduce((sum, x) => sum + gzipSize(x.file ?? ''), 0);
    console.log(`  all JS / loads until network idle: ${kb(loadedBytes)} in ${loaded.length} file(s)`);
    for (const x of loaded.sort((a, b) => gzipSize(b.file ?? '') - gzipSize(a.file ?? ''))) {
      console.log(`    ${kb(gzipSize(x.file ?? '')).padStart(9)}  ${x.s}`);
    }

    console.log(
      `\nLighthouse 12 mobile, median of ${RUNS} (budgets: performance ≥ 97, SEO 100, accessibility ≥ 95, ` +
        `LCP ≤ 1.5 s, TBT ≤ 50 ms, CLS ≤ 0.02):`,
    );
    for (const page of PAGES) {
      const runs: LighthouseRun[] = [];
      // Lighthouse itself sometimes fails to record a trace ("Please run Lighthouse again",
      // NO_NAVSTART): up to two failed runs a page are made up by more runs, so a smoke run of one
      // measures every page. A page Lighthouse cannot measure three times still fails.
      for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt++) {
        const r = lighthouse(`${server.url}${page}`, outDir, attempt);
        if (r !== null) runs.push(r);
      }
      if (runs.length === 0) {
        console.log(`  ${page}: no successful run`);
        failed += 1;
        continue;
      }
      const m = (k: Exclude<keyof LighthouseRun, 'longTasksMs'>) => median(runs.map((r) => r[k]));
      console.log(
        `  ${page.padEnd(10)} performance ${m('performance')}  SEO ${m('seo')}  accessibility ${m('accessibility')}  ` +
          `CLS ${m('cls').toFixed(3)}  TBT ${Math.round(m('tbt'))} ms  ` +
          `LCP ${Math.round(m('lcp'))} ms  FCP ${Math.round(m('fcp'))} ms  (runs: ${runs.map((r) => r.performance).join(', ')})`,
      );
      for (const r of runs)
        console.log(
          `    run ${r.performance}: main thread ${Math.round(r.mainThreadMs)} ms, long tasks ${r.longTasksMs.join(', ') || 'none'} ms`,
        );
    }
  } finally {
    await server.stop();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  return failed === 0 ? 0 : 1;
}

// Exits explicitly: a handle left open by a child or a fake must not hold CI's smoke run.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
