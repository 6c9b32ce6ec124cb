// SEO end to end in Debian's Chromium against the real server: an admin sets a page's title on
// /admin/seo through the form; the crawler documents (robots.txt, sitemap.xml, the Yandex feed)
// come from the same server, and the sitemap's lastmod moves with the change.
import { describe, expect, it } from 'vitest';
import { startE2E, WIDTHS } from './harness';
import { perFile } from '../support/perFile';
import { openAdminSection, signInToAdmin, withFirstAdmin } from './steps';

const ADMIN = { login: 'e2e-seo-admin', password: 'e2e-seo-admin-password-1' };

const e2e = perFile(
  () => startE2E(withFirstAdmin(ADMIN)),
  (started) => started.close(),
);

describe('SEO', () => {
  it('an admin overrides a page title on /admin/seo; sitemap.xml and robots.txt are served from the database', async () => {
    const { page, problems } = await e2e.open('/admin', { width: WIDTHS.desktop });
    const origin = e2e.server.url.replace(/\/$/, '');

    const robots = await page.request.get(`${origin}/robots.txt`);
    expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const sitemapBefore = await page.request.get(`${origin}/sitemap.xml`);
    expect(await sitemapBefore.text()).toContain(`<loc>${origin}/angarsk/catalog</loc>`);
    const feed = await page.request.get(`${origin}/feeds/yandex`);
    expect(feed.url()).toBe(`${origin}/feeds/yandex.xml`);
    expect(await feed.text()).toContain('<yml_catalog date="');

    await signInToAdmin(page, ADMIN);
    await openAdminSection(page, 'SEO', 'SEO: заголовки и описания');
    await page.getByText('Все страницы используют заголовки и описания по шаблону.').waitFor();

    await page.getByLabel('Адрес страницы').fill('/angarsk/catalog');
    await page.getByLabel('Заголовок (title)').fill('Меню роллов и пиццы в Ангарске');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Заголовок и описание сохранены').waitFor();
    const row = page.getByRole('row').filter({ hasText: '/angarsk/catalog' });
    await row.getByText('Меню роллов и пиццы в Ангарске').waitFor();
    await e2e.screenshot(page, 'admin-seo-1280');

    const sitemapAfter = await page.request.get(`${origin}/sitemap.xml`);
    expect(sitemapAfter.headers().etag).not.toBe(sitemapBefore.headers().etag);

    await row.getByRole('button', { name: 'Убрать' }).click();
    await page.getByText('Все страницы используют заголовки и описания по шаблону.').waitFor();
    expect(problems()).toEqual([]);
  });
});
