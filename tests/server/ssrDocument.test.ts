// A rendered page paints from its HTML: its scripts (needed only at the first input or when idle,
// docs/SSR.md «Hydration») load at low priority, so the pictures on screen get the bandwidth first.
import { describe, expect, it } from 'vitest';
import { pageDocument } from '../../server/ssr/document';

const TEMPLATE =
  '<!doctype html><html lang="ru"><head><title>t</title>' +
  '<script type="module" crossorigin src="/assets/index-A.js"></script></head>' +
  '<body><div id="root"><div class="app-shell">shell</div></div></body></html>';
const PRELOAD = '<link rel="modulepreload" crossorigin href="/assets/Page-B.js" />';

describe('pageDocument', () => {
  it("a rendered page's entry script and module preloads load at low priority", () => {
    const html = pageDocument(TEMPLATE, { headTags: [PRELOAD], rendered: { html: '<main>menu</main>', state: {} } });
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-A.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Page-B.js" />');
    expect(html).toContain('<div id="root"><main>menu</main></div>');
  });

  it('a client-rendered page needs its scripts to paint: their priority is left as it is', () => {
    const html = pageDocument(TEMPLATE, { headTags: [PRELOAD] });
    expect(html).not.toContain('fetchpriority');
    expect(html).toContain(PRELOAD);
  });
});
