// `npx tsx tools/bench-idle-tasks.ts`: the long tasks after the load event on a 4× slowed CPU,
// where bug reporting starts (docs/ARCHITECTURE.md «Bug reporting after the first paint»). Printed, never asserted.
import { launchBrowser, startServer } from '../tests/e2e/harness';

const RUNS = Number(process.env.RUNS ?? 5);
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
  await page.waitForFunction(() => localStorage.getItem('storefront:log') !== null, null, { timeout: 30_000 });
  await page.waitForTimeout(3000);
  const result = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    const loadEnd = performance.getEntriesByType('navigation')[0]?.toJSON() as { loadEventEnd: number };
    const chunk = performance.getEntriesByType('resource').find((r) => r.name.includes('/bugReportUi-')) as
      PerformanceResourceTiming | undefined;
    const writes = (window as unknown as { __ringWrites: number[] }).__ringWrites;
    const after = w.__longTasks.filter((t) => t.start >= loadEnd.loadEventEnd);
    // The install runs in the first task after its chunk arrived; the first write is the task around the first setItem.
    const install = after.find((t) => chunk !== undefined && t.start >= chunk.responseEnd);
    const firstWrite = writes[0];
    const write = after.find(
      (t) => firstWrite !== undefined && t.start <= firstWrite && firstWrite <= t.start + t.duration,
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
