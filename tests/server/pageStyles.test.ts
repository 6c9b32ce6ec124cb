// A server-rendered page carries its styles inline (server/routes/pageStyles.ts): no render-blocking
// stylesheet request, each block named by hash in the CSP; and none of index.html's preloads of the
// first API answers, which the page's own data makes early requests that only compete with its pictures.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderingServer } from './renderingServer.js';
import { inlineHashes } from '../../server/http/securityHeaders.js';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const ENTRY_CSS = '.entry{color:red}';
const PAGE_CSS = '.catalog{color:blue}';
const INDEX =
  '<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><title>t</title>\n' +
  '    <link rel="preload" href="/api/v1/setting" as="fetch" crossorigin="anonymous" />\n' +
  '    <style>.app-shell{height:64px}</style>\n' +
  '    <script type="module" crossorigin src="/assets/index-A1.js"></script>\n' +
  '    <link rel="stylesheet" crossorigin href="/assets/index-E1.css">\n' +
  '  </head><body><div id="root"><div class="app-shell">shell</div></div></body></html>';

function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('styles inline in a server-rendered page', () => {
  const server = renderingServer({
    prefix: 'storefront-page-styles-',
    index: INDEX,
    files: {
      'assets/index-E1.css': ENTRY_CSS,
      'assets/CatalogPage-C3.css': PAGE_CSS,
      '.vite/manifest.json': JSON.stringify({
        'index.html': { file: 'assets/index-A1.js', isEntry: true, css: ['assets/index-E1.css'] },
        'src/views/pages/CatalogPage.tsx': { file: 'assets/CatalogPage-B2.js', css: ['assets/CatalogPage-C3.css'] },
      }),
    },
  });
  const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('the entry’s and the page chunk’s styles are <style> blocks, in that order, and nothing links them', async () => {
    const res = await get('/catalog');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Филадельфия'); // rendered
    const entry = res.body.indexOf(`<style>${ENTRY_CSS}</style>`);
    const page = res.body.indexOf(`<style>${PAGE_CSS}</style>`);
    expect(entry).toBeGreaterThan(0);
    expect(page).toBeGreaterThan(entry);
    expect(res.body).not.toMatch(/<link[^>]*\.css/);
    // its scripts wait for the first input or an idle moment (docs/SSR.md «Hydration»): none is preloaded
    expect(res.body).not.toContain('modulepreload');
  });

  it('the policy names every inline style of the page by hash, and no inline script', async () => {
    const res = await get('/catalog');
    const csp = directives(res.headers['content-security-policy']);
    const inline = inlineHashes(res.body);
    expect(inline.styles).toEqual(expect.arrayContaining([hash(ENTRY_CSS), hash(PAGE_CSS)]));
    for (const style of inline.styles) expect(csp['style-src']).toContain(style);
    expect(csp['style-src']).not.toContain("'unsafe-inline'");
  });

  it('drops index.html’s preloads of API answers from a rendered page, keeps them for the client-rendered cart', async () => {
    expect((await get('/catalog')).body).not.toContain('/api/v1/setting');
    const cart = await get('/cart');
    expect(cart.body).toContain('<link rel="preload" href="/api/v1/setting" as="fetch" crossorigin="anonymous" />');
    expect(cart.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-E1.css">');
  });
});
