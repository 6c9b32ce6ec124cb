// A page's chunk, its own imports and styles go into its index.html as preloads; what the entry
// already loads does not (server/routes/pageAssets.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageAssets, pageAssetTags, type Manifest } from '../../server/routes/pageAssets.js';
import {
  ACCOUNT_CALLS_MODULE,
  AFTER_FIRST_PAINT_EFFECT_MODULE,
  CHECKOUT_EFFECT_MODULE,
  PAGE_EFFECT_MODULES,
  PAGE_MODULES,
} from '../../src/api/pageModules.js';
import { SITE_ROUTE_PATHS, matchSiteRoute } from '../../src/api/siteRoutes.js';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-A1.js', isEntry: true, imports: ['_react-B2.js'], css: ['assets/index-C3.css'] },
  '_react-B2.js': { file: 'assets/react-B2.js' },
  '_ProductGrid-D4.js': {
    file: 'assets/ProductGrid-D4.js',
    imports: ['_react-B2.js'],
    css: ['assets/ProductGrid-E5.css'],
  },
  'src/views/pages/IndexPage.tsx': {
    file: 'assets/IndexPage-F6.js',
    imports: ['_react-B2.js', '_ProductGrid-D4.js'],
    css: ['assets/IndexPage-G7.css'],
  },
  'src/views/pages/CatalogPage.tsx': { file: 'assets/CatalogPage-H8.js', imports: ['_ProductGrid-D4.js'] },
  '_store-J1.js': { file: 'assets/store-J1.js' },
  'src/views/pages/CompletePage.tsx': { file: 'assets/CompletePage-K2.js', imports: ['_react-B2.js', '_store-J1.js'] },
  'src/effects/checkoutBrowser.ts': { file: 'assets/checkoutBrowser-L3.js', imports: ['index.html', '_store-J1.js'] },
  'src/views/app/storefrontCore.ts': { file: 'assets/storefrontCore-M4.js', imports: ['_store-J1.js'] },
};

describe('pageAssets', () => {
  it('the page chunk and its imports, minus what the entry loads; their styles', () => {
    expect(pageAssets(manifest, 'index')).toEqual({
      scripts: [
        '/assets/IndexPage-F6.js',
        '/assets/ProductGrid-D4.js',
        '/assets/storefrontCore-M4.js',
        '/assets/store-J1.js',
      ],
      styles: ['/assets/IndexPage-G7.css', '/assets/ProductGrid-E5.css'],
    });
    expect(pageAssets(manifest, 'catalog-section')).toEqual({
      scripts: [
        '/assets/CatalogPage-H8.js',
        '/assets/ProductGrid-D4.js',
        '/assets/storefrontCore-M4.js',
        '/assets/store-J1.js',
      ],
      styles: ['/assets/ProductGrid-E5.css'],
    });
  });

  it('a page whose first events ask for the checkout effect preloads its chunk too, shared imports once', () => {
    expect(pageAssets(manifest, 'complete').scripts).toEqual([
      '/assets/CompletePage-K2.js',
      '/assets/store-J1.js',
      '/assets/storefrontCore-M4.js',
      '/assets/checkoutBrowser-L3.js',
    ]);
    expect(pageAssets(manifest, 'index').scripts).not.toContain('/assets/checkoutBrowser-L3.js');
  });

  it('a page whose chunk the manifest does not know gets nothing', () => {
    expect(pageAssets(manifest, 'cart')).toEqual({ scripts: [], styles: [] });
  });

  it('the client core grouped into its named chunk by the build is found by that name', () => {
    const { 'src/views/app/storefrontCore.ts': _core, ...withoutCore } = manifest;
    const grouped: Manifest = { ...withoutCore, '_core-Z9.js': { file: 'assets/core-Z9.js', name: 'core' } };
    expect(pageAssets(grouped, 'index').scripts).toContain('/assets/core-Z9.js');
  });

  it('the client core, which the entry loads at once on a client-rendered page, comes with every page chunk', () => {
    const { 'src/views/app/storefrontCore.ts': _core, ...withoutCore } = manifest;
    expect(pageAssets(withoutCore, 'index').scripts).toEqual(['/assets/IndexPage-F6.js', '/assets/ProductGrid-D4.js']);
    expect(pageAssets(manifest, 'index').scripts).toContain('/assets/storefrontCore-M4.js');
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
    const lazyModules = new Set(
      [...pagesSource.matchAll(/import\('\.\.\/pages\/([^']+)'\)/g)].map((m) => `src/views/pages/${m[1]}.tsx`),
    );
    expect(new Set(Object.values(PAGE_MODULES))).toEqual(lazyModules);
    for (const p of [...SITE_ROUTE_PATHS.map((r) => r.replace(/:[a-zA-Z]+/g, 'x')), '/admin']) {
      const page = matchSiteRoute(p, [])?.page;
      expect(page, p).toBeDefined();
      if (page !== undefined) expect(PAGE_MODULES[page], p).toBeDefined();
    }
  });
});

describe('PAGE_EFFECT_MODULES', () => {
  /** The modules the registry of lazy areas imports with import(), as paths from the project root. */
  const registryImports = (): string[] =>
    [
      ...fs
        .readFileSync(path.join(__dirname, '../../src/views/app/lazyAreas.ts'), 'utf8')
        .matchAll(/import\('([^']+)'\)/g),
    ].map((m) => path.posix.join('src/views/app', m[1] ?? '').replace(/^(src\/(effects|api)\/\w+)$/, '$1.ts'));

  it('names the modules the lazy areas load', () => {
    expect(registryImports()).toEqual(
      expect.arrayContaining([CHECKOUT_EFFECT_MODULE, AFTER_FIRST_PAINT_EFFECT_MODULE, ACCOUNT_CALLS_MODULE]),
    );
  });

  it('names the checkout chunk and the account calls for the pages that dispatch OpenCheckout or LoadOrder', () => {
    const checkoutPages = Object.entries(PAGE_EFFECT_MODULES).filter(([, modules]) =>
      modules?.includes(CHECKOUT_EFFECT_MODULE),
    );
    expect(checkoutPages.map(([page]) => page).sort()).toEqual(['checkout', 'complete', 'complete-error']);
    // the quote (POST /checkout/quote) and GET /order/{id} are account calls, loaded on first use
    for (const [, modules] of checkoutPages) expect(modules).toEqual([CHECKOUT_EFFECT_MODULE, ACCOUNT_CALLS_MODULE]);
  });

  it('names the account chunk and the account calls for every page of InfoPage and for the history', () => {
    const infoPages = Object.entries(PAGE_MODULES)
      .filter(([, module]) => module === 'src/views/pages/InfoPage.tsx')
      .map(([page]) => page);
    expect(infoPages).toHaveLength(9);
    const dataPages = Object.entries(PAGE_EFFECT_MODULES).filter(([, modules]) =>
      modules?.includes(AFTER_FIRST_PAINT_EFFECT_MODULE),
    );
    expect(dataPages.map(([page]) => page).sort()).toEqual([...infoPages, 'personal-history'].sort());
    for (const [, modules] of dataPages)
      expect(modules).toEqual([AFTER_FIRST_PAINT_EFFECT_MODULE, ACCOUNT_CALLS_MODULE]);
  });

  it('the history page preloads the effects chunk and the account calls beside its own chunk', () => {
    const withData: Manifest = {
      ...manifest,
      'src/views/pages/personal/HistoryPage.tsx': { file: 'assets/HistoryPage-M4.js', imports: ['_store-J1.js'] },
      'src/effects/afterFirstPaint.ts': {
        file: 'assets/afterFirstPaint-N5.js',
        imports: ['index.html', '_user.decide-P6.js'],
      },
      '_user.decide-P6.js': { file: 'assets/user.decide-P6.js' },
      'src/api/accountCalls.ts': { file: 'assets/accountCalls-Q7.js', imports: ['index.html'] },
    };
    expect(pageAssets(withData, 'personal-history').scripts).toEqual([
      '/assets/HistoryPage-M4.js',
      '/assets/store-J1.js',
      '/assets/storefrontCore-M4.js',
      '/assets/afterFirstPaint-N5.js',
      '/assets/user.decide-P6.js',
      '/assets/accountCalls-Q7.js',
    ]);
  });
});
