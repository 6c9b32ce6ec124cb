// Menu editing: groups and products, pictures through /img, stop-list toggles; each
// change bumps the catalogue version and publishes catalog:update, and GET /catalog shows it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../src/api/contract/admin/menu.js';
import { callApi } from '../customers.js';
import type { Catalog } from '../../../src/api/entities.js';
import { expectRefusal, testServerPerFile } from '../helpers.js';
import { staffPerFile } from './staffFixtures.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-menu-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const server = testServerPerFile({ config: { dataDir, imageCacheDir: path.join(dataDir, 'img-cache') } });
const admin = staffPerFile(server, 'admin');
const operator = staffPerFile(server, 'operator');

const version = async () =>
  (await server.app.inject({ method: 'GET', url: '/api/v1/storage/version' })).json<{ version: string }>().version;
const catalog = async () => (await server.app.inject({ method: 'GET', url: '/api/v1/catalog' })).json<Catalog>();

describe('groups and products', () => {
  it('creates a group and a product with modifiers, allergens, filters, sale flag and limit; the storefront sees them', async () => {
    const v0 = await version();
    server.pushed.length = 0;
    const group = await callApi(server, 'POST', '/admin/menu/groups', admin.auth, {
      id: 'g-new',
      name: 'Боулы',
      slug: 'bowls',
      order: 90,
    });
    expect(group.statusCode, group.body).toBe(200);
    const product = await callApi(server, 'POST', '/admin/menu/products', admin.auth, {
      id: 'bowl-salmon',
      name: 'Боул с лососем',
      description: 'Рис, лосось, авокадо',
      price: 450,
      weight: 320,
      nutrition: { energy: 180, proteins: 9, fats: 6, carbohydrates: 22 },
      parentGroup: 'g-new',
      slug: 'bowl-salmon',
      allergens: [{ code: 'fish', name: 'Рыба' }],
      filters: [{ code: 'hit', name: 'Хит' }],
      maxPerPositionInOrder: 2,
      sale: false,
      groupModifiers: [{ id: 'g-new', required: false, maxAmount: 1, modifiers: [] }],
    });
    expect(product.statusCode, product.body).toBe(200);
    expect(product.json<AdminProduct>()).toMatchObject({
      price: 450,
      maxPerPositionInOrder: 2,
      sale: false,
      isVisible: true,
    });
    const v1 = await version();
    expect(Number(v1)).toBeGreaterThan(Number(v0));
    expect(server.pushed).toContainEqual({ type: 'catalog:update', version: v1 });
    const seen = (await catalog()).products.find((p) => p.id === 'bowl-salmon');
    expect(seen).toMatchObject({
      price: 450,
      maxPerPositionInOrder: 2,
      additionalInfo: { sale: false },
      allergens: [{ code: 'fish', name: 'Рыба' }],
    });
  });

  it('a price change reaches GET /catalog with a new version, and the audit keeps before and after', async () => {
    const v0 = await version();
    const res = await callApi(server, 'PATCH', '/admin/menu/products/bowl-salmon', admin.auth, { price: 490 });
    expect(res.statusCode, res.body).toBe(200);
    expect(Number(await version())).toBeGreaterThan(Number(v0));
    expect((await catalog()).products.find((p) => p.id === 'bowl-salmon')?.price).toBe(490);
    const audit = await callApi(
      server,
      'GET',
      '/admin/audit?entity=product&entityId=bowl-salmon&action=product.update',
      admin.auth,
    );
    const entry = audit.json<{
      entries: { staffLogin: string; before: { price: number }; after: { price: number } }[];
    }>().entries[0];
    expect(entry).toMatchObject({ staffLogin: admin.login, before: { price: 450 }, after: { price: 490 } });
  });

  it('hiding a product takes it out of the storefront catalogue but not out of the admin menu', async () => {
    await callApi(server, 'PATCH', '/admin/menu/products/bowl-salmon', admin.auth, { isVisible: false });
    expect((await catalog()).products.some((p) => p.id === 'bowl-salmon')).toBe(false);
    const menu = await callApi(server, 'GET', '/admin/menu', operator.auth);
    expect(menu.json<{ products: AdminProduct[] }>().products.find((p) => p.id === 'bowl-salmon')?.isVisible).toBe(
      false,
    );
  });

  it('refuses a taken slug (409), an unknown modifier (422) and deleting a group with products (409), in Russian', async () => {
    const slug = await callApi(server, 'POST', '/admin/menu/groups', admin.auth, { name: 'Ещё боулы', slug: 'bowls' });
    expectRefusal(slug, 409, 'Такой адрес (slug) уже занят');
    const mod = await callApi(server, 'PATCH', '/admin/menu/products/bowl-salmon', admin.auth, {
      groupModifiers: [{ id: 'g-new', required: true, modifiers: [{ modifierId: 'no-such', price: 10 }] }],
    });
    expectRefusal(mod, 422, 'Модификатор no-such не найден в меню');
    const del = await callApi(server, 'DELETE', '/admin/menu/groups/g-new', admin.auth);
    expectRefusal(del, 409, 'В группе есть товары или подгруппы: скройте её или сначала перенесите их');
  });

  it('deletes a product, then its empty group', async () => {
    expect((await callApi(server, 'DELETE', '/admin/menu/products/bowl-salmon', admin.auth)).statusCode).toBe(204);
    expect((await callApi(server, 'DELETE', '/admin/menu/groups/g-new', admin.auth)).statusCode).toBe(204);
    expect((await callApi(server, 'DELETE', '/admin/menu/groups/g-new', admin.auth)).statusCode).toBe(404);
  });
});

describe('stop list', () => {
  it('an operator puts a product on a restaurant’s stop list and takes it off; the catalogue shows it', async () => {
    const v0 = await version();
    const on = await callApi(server, 'PUT', '/admin/stop-list/dt-angarsk-2/set-philadelphia', operator.auth, {
      stopped: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(Number(on.json<{ version: string }>().version)).toBeGreaterThan(Number(v0));
    const entry = (await catalog()).stopList.find((e) => e.deliveryTerminalId === 'dt-angarsk-2');
    expect(entry?.items.map((i) => i.productId)).toContain('set-philadelphia');
    const off = await callApi(server, 'PUT', '/admin/stop-list/dt-angarsk-2/set-philadelphia', operator.auth, {
      stopped: false,
    });
    expect(off.statusCode).toBe(200);
    expect(
      (await catalog()).stopList.find((e) => e.deliveryTerminalId === 'dt-angarsk-2')?.items.map((i) => i.productId) ??
        [],
    ).not.toContain('set-philadelphia');
  });

  it('404 for an unknown restaurant or product', async () => {
    expect(
      (await callApi(server, 'PUT', '/admin/stop-list/dt-nowhere/set-philadelphia', operator.auth, { stopped: true }))
        .statusCode,
    ).toBe(404);
    expect(
      (await callApi(server, 'PUT', '/admin/stop-list/dt-angarsk-2/no-such', operator.auth, { stopped: true }))
        .statusCode,
    ).toBe(404);
  });
});

describe('pictures', () => {
  it('stores an uploaded picture under DATA_DIR and serves it through /img with resizing', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const res = await callApi(server, 'POST', '/admin/images', admin.auth, {
      kind: 'products',
      dataBase64: png.toString('base64'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { imageUrl, width, height } = res.json<{ imageUrl: string; width: number; height: number }>();
    expect(imageUrl).toMatch(/^\/img\/uploads\/products\/[0-9a-f-]+\.webp$/);
    expect([width, height]).toEqual([640, 480]);
    expect(fs.existsSync(path.join(dataDir, imageUrl.replace('/img/', '')))).toBe(true);
    const served = await server.app.inject({ method: 'GET', url: `${imageUrl}?w=200&format=png` });
    expect(served.statusCode).toBe(200);
    // 200 is one of the widths /img serves (server/routes/img.ts).
    expect((await sharp(served.rawPayload).metadata()).width).toBe(200);
  });

  it('accepts a picture above the API’s usual 1 MB body limit, and makes it at most 2000 px wide', async () => {
    const noisy = await sharp(randomBytes(2400 * 400 * 3), { raw: { width: 2400, height: 400, channels: 3 } })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1_100_000);
    const res = await callApi(server, 'POST', '/admin/images', admin.auth, {
      kind: 'slides',
      dataBase64: noisy.toString('base64'),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json<{ width: number; height: number }>()).toEqual(
      expect.objectContaining({ width: 2000, height: 333 }),
    );
  });

  it('refuses what is not a picture with 422 in Russian', async () => {
    const res = await callApi(server, 'POST', '/admin/images', admin.auth, {
      kind: 'slides',
      dataBase64: Buffer.from('not an image at all').toString('base64'),
    });
    expectRefusal(res, 422, 'Файл не похож на изображение JPEG, PNG, WebP, AVIF или GIF');
  });
});
