// A page's chunk, its own imports and styles go into its index.html as preloads; what the entry
// already loads does not (server/routes/pageAssets.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageAssets, pageAssetTags, type Manifest } from '../../server/routes/pageAssets.js';
import { PAGE_MODULES } from '../../src/views/app/pageModules.js';
import { SITE_ROUTE_PATHS, matchSiteRoute } from '../../src/api/siteRoutes.js';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-A1.js', isEntry: true, imports: ['_react-B2.js'], css: ['assets/index-C3.css'] },
  '_react-B2.js': { file: 'assets/react-B2.js' },
  '_ProductGrid-D4.js': { file: 'assets/ProductGrid-D4.js', imports: ['_react-B2.js'], css: ['assets/ProductGrid-E5.css'] },
  'src/views/pages/IndexPage.tsx': { file: 'assets/IndexPage-F6.js', imports: ['_react-B2.js', '_ProductGrid-D4.js'], css: ['assets/IndexPage-G7.css'] },
  'src/views/pages/CatalogPage.tsx': { file: 'assets/CatalogPage-H8.js', imports: ['_ProductGrid-D4.js'] },
};

describe('pageAssets', () => {
  it('the page chunk and its imports, minus what the entry loads; their styles', () => {
    expect(pageAssets(manifest, 'index')).toEqual({
      scripts: ['/assets/IndexPage-F6.js', '/assets/ProductGrid-D4.js'],
      styles: ['/assets/IndexPage-G7.css', '/assets/ProductGrid-E5.css'],
    });
    expect(pageAssets(manifest, 'catalog-section')).toEqual({ scripts: ['/assets/CatalogPage-H8.js', '/assets/ProductGrid-D4.js'], styles: ['/assets/ProductGrid-E5.css'] });
  });

  it('a page whose chunk the manifest does not know gets nothing', () => {
    expect(pageAssets(manifest, 'cart')).toEqual({ scripts: [], styles: [] });
  });

  it('tags as vite’s loader asks for them (crossorigin), styles preloaded, not applied', () => {
    expect(pageAssetTags({ scripts: ['/assets/a.js'], styles: ['/assets/a.css'] })).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/a.js" />',
      '<link rel="preload" as="style" crossorigin href="/assets/a.css" />',
    ]);
  });
});

describe('PAGE_MODULES', () => {
  it('names, for every page of the route table, the module pages.tsx loads lazily for it', () => {
    const pagesSource = fs.readFileSync(path.join(__dirname, '../../src/views/app/pages.tsx'), 'utf8');
    const lazyModules = new Set([...pagesSource.matchAll(/import\('\.\.\/pages\/([^']+)'\)/g)].map((m) => `src/views/pages/${m[1]}.tsx`));
    expect(new Set(Object.values(PAGE_MODULES))).toEqual(lazyModules);
    for (const p of [...SITE_ROUTE_PATHS.map((r) => r.replace(/:[a-zA-Z]+/g, 'x')), '/admin']) {
      const page = matchSiteRoute(p, [])?.page;
      expect(page, p).toBeDefined();
      if (page !== undefined) expect(PAGE_MODULES[page], p).toBeDefined();
    }
  });
});
