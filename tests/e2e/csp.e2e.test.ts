// The Content-Security-Policy in a real browser: each page type is served with it and loads
// without a single violation (the app shell's inline style, the page chunks, the preloaded API
// calls, the pictures), and without console errors.
import { describe, expect, it } from 'vitest';
import { e2ePerFile } from './steps';

const CITY_COOKIES = { cityId: 'city-angarsk', isCitySelected: 'true' };

const e2e = e2ePerFile();

describe('Content-Security-Policy in Chromium', () => {
  it.each([
    ['index', '/angarsk'],
    ['catalogue', '/angarsk/catalog'],
    ['product', '/angarsk/catalog/pizza/pizza-pepperoni'],
    ['checkout', '/angarsk/checkout'],
    ['admin', '/admin'],
  ])('%s (%s): served with the policy, no violation', async (_kind, pathname) => {
    const context = await e2e.newContext({ width: 1280, cookies: CITY_COOKIES });
    // recorded from the first script on, before any of the page's own
    await context.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { __cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    const page = await context.newPage();
    const problems = e2e.watch(page);
    const response = await page.goto(pathname, { waitUntil: 'load' });
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.locator('h1').first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
    expect(violations).toEqual([]);
    expect(problems()).toEqual([]);
    await context.close();
  });
});
