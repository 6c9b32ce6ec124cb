// `npx tsx tools/bench-ssr.ts`: how long the server takes to render a page it has not cached
// (docs/SSR.md), with the generated 1,000-product catalogue of tools/gen-catalog.ts: the built
// renderer (dist/server/renderPage.js, `npx vite build --ssr`) called as the server calls it.
// Each render is timed with the page's state block serialised (jsonForScript, as the server writes
// it), in wall and CPU time (the CPU figure moves far less with the machine's load).
// Prints median and p99 per page; asserts nothing (budget: p99 ≤ 30 ms, BENCHMARKS.md).
// React's production build, as the server runs (`npm run bench:ssr` sets NODE_ENV=production).
// Env: PRODUCTS (1000), RENDERS (60 per page after 5 warm-up ones); BENCH_SMOKE=1 renders twice;
// SSR_ENTRY: another build's renderPage.js (a before/after comparison), used as it is.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { PageRenderInput, RenderPage } from '../src/api/pageRender';
import { matchSiteRoute } from '../src/api/siteRoutes';
import { jsonForScript } from '../server/seo/escape';
import { ssrEntryPath } from '../server/ssr/renderer';
import { city, generateCatalog, generateSettings, sellable } from './gen-catalog';
import { ensureClientBuilt, ROOT } from '../tests/e2e/harness';

const PRODUCTS = Number(process.env.PRODUCTS ?? 1000);
const RENDERS = Number(process.env.RENDERS ?? (process.env.BENCH_SMOKE === '1' ? 2 : 60));
const WARM_UP = 5;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function main(): Promise<void> {
  if (process.env.NODE_ENV !== 'production')
    console.warn(
      'bench:ssr: NODE_ENV is not production: React renders with its development build (several times slower)',
    );
  const entry = process.env.SSR_ENTRY ?? ssrEntryPath(`${ROOT}/dist/client`);
  if (process.env.SSR_ENTRY === undefined) await ensureClientBuilt();
  const module: unknown = await import(pathToFileURL(entry).href);
  const renderPage = typeof module === 'object' && module !== null && 'renderPage' in module ? module.renderPage : null;
  if (typeof renderPage !== 'function') throw new Error('dist/server/renderPage.js: run `npx vite build --ssr`');
  const render = renderPage as RenderPage;
  const catalog = generateCatalog(PRODUCTS);
  const product = sellable(catalog)[0];
  const section = catalog.groups.find((g) => g.id === product?.parentGroup);
  if (product === undefined || section === undefined) throw new Error('the generated catalogue has no product');
  const paths = ['/', '/catalog', `/catalog/${section.slug}`, `/catalog/${section.slug}/${product.slug}`, '/nope/x'];
  console.log(
    `bench:ssr: ${catalog.products.length} products, ${RENDERS} renders per page ` +
      `(${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
  );
  for (const pathname of paths) {
    const input: PageRenderInput = {
      pathname,
      search: '',
      match: matchSiteRoute(pathname, [city.slug]),
      settings: generateSettings(),
      cities: [city],
      catalog,
      catalogVersion: null,
      cityId: city.id,
      page: null,
      pageFailure: null,
      now: new Date().toISOString(),
    };
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let markup = 0;
    let state = 0;
    for (let i = 0; i < WARM_UP + RENDERS; i++) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      const result = await render(input);
      const block = jsonForScript(result.state);
      const used = process.cpuUsage(cpu);
      const ms = performance.now() - start;
      if (i >= WARM_UP) {
        times.push(ms);
        cpuTimes.push((used.user + used.system) / 1000);
      }
      markup = Buffer.byteLength(result.html);
      state = Buffer.byteLength(block);
    }
    times.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    const ms = (n: number) => n.toFixed(1).padStart(6);
    console.log(
      `  ${pathname.padEnd(28)} median ${ms(percentile(times, 50))} ms  p99 ${ms(percentile(times, 99))} ms  ` +
        `CPU median ${ms(percentile(cpuTimes, 50))} ms  p99 ${ms(percentile(cpuTimes, 99))} ms  ` +
        `(markup ${(markup / 1024).toFixed(0)} KB, state ${(state / 1024).toFixed(0)} KB)`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
