// `npx tsx tools/bench-idle-tasks.ts`: the long tasks after the load event on a 4× slowed CPU,
// where bug reporting starts (docs/ARCHITECTURE.md «Bug reporting after the first paint»). Printed, never asserted.
import { launchBrowser, startServer } from '../tests/e2e/harness';

const RUNS = Number(process.env.RUNS ?? 5);
const PAGE = process.env.PAGE ?? '/catalog';

type Visit = { tasks: number[]; ringBytes: number };

async function visit(url: string, reuse: Awaited<ReturnType<Awaited<ReturnType<typeof launchBrowser>>['newContext']>>) {
  const page = await reuse.newPage();
  const cdp = await reuse.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  // The recorder writes its ring within a throttle period of starting; wait for that, then a quiet moment.
  await page.waitForFunction(() => localStorage.getItem('storefront:log') !== null, null, { timeout: 30_000 });
  await page.waitForTimeout(3000);
  const result = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    const loadEnd = performance.getEntriesByType('navigation')[0]?.toJSON() as { loadEventEnd: number };
    return {
      tasks: w.__longTasks.filter((t) => t.start >= loadEnd.loadEventEnd).map((t) => Math.round(t.duration)),
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
        `run ${run + 1}: first visit after load ${JSON.stringify(first.tasks)} = ${sum(first)} ms (ring ${first.ringBytes} B); ` +
          `second visit ${JSON.stringify(second.tasks)} = ${sum(second)} ms (ring ${second.ringBytes} B)`,
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
