// The harness itself: the real server answers, the built client renders the city modal of a
// first visit in Chromium, and a sign-in code can be read from the server's SMS outbox log.
import { describe, expect, it } from 'vitest';
import { e2ePerFile } from './steps';

const e2e = e2ePerFile();

describe('e2e harness', () => {
  it("first visit shows the city modal 'Выберите свой город' without page errors", async () => {
    const { page, problems } = await e2e.open('/', { width: 375 });
    await page.getByRole('dialog', { name: 'Выберите свой город' }).waitFor();
    await e2e.screenshot(page, 'first-visit-375');
    expect(problems()).toEqual([]);
  });

  it('before any script runs the page already shows the header with the logo and the page (server-rendered)', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${e2e.server.url}/`);
      const logo = page.getByRole('link', { name: /Ролл и Пицца/ }).first();
      expect(await logo.isVisible()).toBe(true);
      expect((await page.locator('header').boundingBox())?.height).toBe(64); // --header-height on a phone
      expect(await page.getByRole('region', { name: 'Акции' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the rendered page preloads its first slide and only the entry script; the page chunk, settings and city list come once each from the app', async () => {
    const context = await e2e.newContext({ width: 375 });
    try {
      const page = await context.newPage();
      // Who started each request: 'parser' is the HTML's preload, 'script' a fetch of the app.
      const calls: string[] = [];
      const slides: { url: string; initiator: string }[] = [];
      const parserScripts: string[] = [];
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
        const { pathname } = new URL(request.url);
        if (pathname === '/api/v1/setting' || pathname === '/api/v1/city/') calls.push(`${pathname} ${initiator.type}`);
        if (pathname.startsWith('/img/slides/')) slides.push({ url: request.url, initiator: initiator.type });
        if (/^\/assets\/IndexPage-[\w-]+\.js$/.test(pathname)) calls.push(`IndexPage chunk ${initiator.type}`);
        if (pathname.endsWith('.js') && initiator.type === 'parser') parserScripts.push(pathname);
      });
      const unusedPreloads: string[] = [];
      page.on('console', (message) => {
        if (/preloaded using link preload but not used/.test(message.text())) unusedPreloads.push(message.text());
      });
      await page.goto(`${e2e.server.url}/`);
      await page.getByRole('dialog', { name: 'Выберите свой город' }).waitFor();
      // Nothing of the client runs before the first input or an idle moment (docs/SSR.md «Hydration»):
      // the HTML names only the entry; the page's chunk comes with the core. The settings and cities
      // are in the page's state: no preload competes with its pictures.
      expect(calls.sort()).toEqual(['/api/v1/city/ script', '/api/v1/setting script', 'IndexPage chunk script']);
      expect(parserScripts).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)]);
      expect(unusedPreloads).toEqual([]);
      // The first slide comes from the server's preload in the HTML, and the slider reuses it.
      await page.getByRole('region', { name: 'Акции' }).locator('img').first().waitFor();
      expect(slides[0]?.initiator).toBe('parser');
      expect(new Set(slides.map((s) => s.url)).size).toBe(slides.length);
    } finally {
      await context.close();
    }
  });

  it('reads the sign-in code sent to a phone from the server log', async () => {
    const { token, user } = await e2e.server.signIn('+79990000001', 'Проверка');
    expect(token.length).toBeGreaterThan(10);
    expect(user.phone).toBe('+79990000001');
  });
});
