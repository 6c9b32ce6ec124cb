// Operators' titles and descriptions through /api/v1/admin/seo: the page head uses them at once,
// the crawler documents are rebuilt (the 'seo' content version), bad input is a Russian 422.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageHeadForPath } from '../../../server/seo/pageHeadData.js';
import { callApi } from '../customers.js';
import { normalizeOverridePath } from '../../../server/seo/overrides.js';
import { createTestServer, type TestServer } from '../helpers.js';
import { signInStaff, type SignedInStaff } from '../admin/staffFixtures.js';

let server: TestServer;
let admin: SignedInStaff;
let operator: SignedInStaff;

beforeAll(async () => {
  server = await createTestServer({ config: { publicUrl: 'https://shop.example' } });
  admin = await signInStaff(server, 'admin');
  operator = await signInStaff(server, 'operator');
});
afterAll(async () => {
  await server?.close();
});

const save = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  server.app.inject({ method: 'PUT', url: '/api/v1/admin/seo', headers, payload });
const titleOf = async (path: string) => (await pageHeadForPath(server.ctx, path))?.head.title;

describe('/api/v1/admin/seo', () => {
  it('an admin sets a title; the page head shows it; both fields empty brings the generated one back', async () => {
    const generated = await titleOf('/angarsk/catalog/pizza');
    const sitemap0 = await server.app.inject({ method: 'GET', url: '/sitemap.xml' });

    const res = await save(admin.auth, { path: '/angarsk/catalog/pizza/', title: '  Пицца в Ангарске от 449 ₽  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      override: { path: '/angarsk/catalog/pizza', title: 'Пицца в Ангарске от 449 ₽', description: null },
    });
    expect(await titleOf('/angarsk/catalog/pizza')).toBe('Пицца в Ангарске от 449 ₽');
    expect(await titleOf('/irkutsk/catalog/pizza')).not.toBe('Пицца в Ангарске от 449 ₽');
    const sitemap1 = await server.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap1.headers.etag).not.toBe(sitemap0.headers.etag); // lastmod moved with the 'seo' version

    const list = await callApi(server, 'GET', '/admin/seo', admin.auth);
    expect(list.json<{ overrides: { path: string }[] }>().overrides.map((o) => o.path)).toEqual([
      '/angarsk/catalog/pizza',
    ]);

    const cleared = await save(admin.auth, { path: '/angarsk/catalog/pizza', title: '', description: ' ' });
    expect(cleared.json()).toEqual({ override: null });
    expect(await titleOf('/angarsk/catalog/pizza')).toBe(generated);

    const audit = await callApi(server, 'GET', '/admin/audit?entity=seo', admin.auth);
    expect(audit.body).toContain('seo.save');
  });

  it('a menu edit in /admin shows in the next head (heads are kept per content version)', async () => {
    const path = '/angarsk/catalog/pizza/pizza-margherita';
    expect(await titleOf(path)).toMatch(/^Маргарита — /);
    expect(await titleOf(path)).toMatch(/^Маргарита — /); // the kept head
    const res = await callApi(server, 'PATCH', '/admin/menu/products/pizza-margherita', admin.auth, {
      name: 'Маргарита с базиликом',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await titleOf(path)).toMatch(/^Маргарита с базиликом — /);
  });

  it('refuses a path that is no storefront page, and an operator (admin only)', async () => {
    for (const path of ['/admin/orders', '/api/v1/catalog', 'https://other.example//x']) {
      const res = await save(admin.auth, { path, title: 'x' });
      expect(res.statusCode, path).toBe(422);
      expect(res.json()).toMatchObject({ message: 'Укажите адрес страницы витрины, например /angarsk/catalog' });
    }
    const long = await save(admin.auth, { path: '/about', title: 'а'.repeat(201) });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ message: 'Заголовок длиннее 200 символов' });
    expect((await save(operator.auth, { path: '/about', title: 'x' })).statusCode).toBe(403);
    expect((await save({}, { path: '/about', title: 'x' })).statusCode).toBe(401);
  });

  it('paths are normalised: a trailing slash, a query or a full address name the same page', () => {
    expect(normalizeOverridePath('/angarsk/about/')).toBe('/angarsk/about');
    expect(normalizeOverridePath('https://shop.example/angarsk/about?utm=1')).toBe('/angarsk/about');
    expect(normalizeOverridePath('/')).toBe('/');
    expect(normalizeOverridePath('/admin')).toBeNull();
  });
});
