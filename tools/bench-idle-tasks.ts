// `npm run bench:idle`: the long tasks after the load event on a 4× slowed CPU,
// where bug reporting starts (docs/ARCHITECTURE.md «Bug reporting after the first paint»). Printed, never asserted.
import { launchBrowser, startServer } from '../tests/e2e/harness';

// BENCH_SMOKE=1 (CI): one run, to keep the script from rotting.
const RUNS = Number(process.env.RUNS ?? (process.env.BENCH_SMOKE === '1' ? 1 : 5));
const PAGE = process.env.PAGE ?? '/catalog';

type Visit = { tasks: number[]; ringBytes: number; install: number; write: number };

async function visit(url: string, reuse: Awaited<ReturnType<Awaited<ReturnType<typeof launchBrowser>>['newContext']>>) {
  const page = await reuse.newPage();
  const cdp = await reuse.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    w.__longTasks = [];
    // When the ring is written, to tell the recorder's tasks from the page's.
    const writes: number[] = [];
    (window as unknown as { __ringWrites: number[] }).__ringWrites = writes;
    const reads: number[] = [];
    (window as unknown as { __ringReads: number[] }).__ringReads = reads;
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (key: string) {
      if (key === 'storefront:log') reads.push(performance.now());
      return getItem.call(this, key);
    };
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === 'storefront:log') writes.push(performance.now());
      setItem.call(this, key, value);
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  // The recorder writes its ring within a throttle period of starting; wait for that, then a quiet moment.
  // (`in`, not getItem: the recorder's own reads of the ring are what the install is found by)
  await page.waitForFunction(() => 'storefront:log' in localStorage, null, { timeout: 30_000 });
  await page.waitForTimeout(3000);
  const result = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    const loadEnd = performance.getEntriesByType('navigation')[0]?.toJSON() as { loadEventEnd: number };
    const writes = (window as unknown as { __ringWrites: number[] }).__ringWrites;
    const reads = (window as unknown as { __ringReads: number[] }).__ringReads;
    const after = w.__longTasks.filter((t) => t.start >= loadEnd.loadEventEnd);
    // The recorder reads the ring when it is made (the install task) and writes it a second later.
    // (no named helper here: tsx would wrap it in a `__name` the page does not have)
    const install = after.find(
      (t) => reads[0] !== undefined && t.start <= reads[0] && reads[0] <= t.start + t.duration,
    );
    const write = after.find(
      (t) => writes[0] !== undefined && t.start <= writes[0] && writes[0] <= t.start + t.duration,
    );
    return {
      install: install === undefined ? 0 : Math.round(install.duration),
      write: write === undefined ? 0 : Math.round(write.duration),
      tasks: after.map((t) => Math.round(t.duration)),
      ringBytes: (localStorage.getItem('storefront:log') ?? '').length,
    };
  });
  await page.close();
  return result satisfies Visit;
}

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true });
      const first = await visit(server.url + PAGE, context);
      const second = await visit(server.url + PAGE, context);
      const sum = (v: Visit) => v.tasks.reduce((a, b) => a + b, 0);
      console.log(
        `run ${run + 1}: first visit: install ${first.install} ms, first write ${first.write} ms, all after load ${JSON.stringify(first.tasks)} = ${sum(first)} ms (ring ${first.ringBytes} B); ` +
          `second visit: install ${second.install} ms, first write ${second.write} ms, all ${JSON.stringify(second.tasks)} = ${sum(second)} ms`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
