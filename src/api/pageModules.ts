// The source module of each page's lazy chunk (the imports in pages.tsx), for the server: it
// names a page's chunk and styles in index.html (server/routes/pageAssets.ts) so they load with
// the HTML instead of after the main scripts ran. A test keeps this table and pages.tsx in step.
import type { SitePage } from './siteRoutes';

export const PAGE_MODULES: Partial<Record<SitePage, string>> = {
  index: 'src/views/pages/IndexPage.tsx',
  catalog: 'src/views/pages/CatalogPage.tsx',
  'catalog-section': 'src/views/pages/CatalogPage.tsx',
  product: 'src/views/pages/ProductPage.tsx',
  cart: 'src/views/pages/CartPage.tsx',
  checkout: 'src/views/pages/CheckoutPage.tsx',
  complete: 'src/views/pages/CompletePage.tsx',
  'complete-error': 'src/views/pages/CompleteErrorPage.tsx',
  about: 'src/views/pages/InfoPage.tsx',
  delivery: 'src/views/pages/InfoPage.tsx',
  legal: 'src/views/pages/InfoPage.tsx',
  masterclass: 'src/views/pages/InfoPage.tsx',
  promo: 'src/views/pages/InfoPage.tsx',
  'push-notifications-rules': 'src/views/pages/InfoPage.tsx',
  'receive-advertising-information': 'src/views/pages/InfoPage.tsx',
  rule: 'src/views/pages/InfoPage.tsx',
  vacancies: 'src/views/pages/InfoPage.tsx',
  personal: 'src/views/pages/personal/ProfilePage.tsx',
  'personal-address': 'src/views/pages/personal/AddressesPage.tsx',
  'personal-favorite': 'src/views/pages/personal/FavoritesPage.tsx',
  'personal-history': 'src/views/pages/personal/HistoryPage.tsx',
  admin: 'src/views/pages/AdminPage.tsx',
};

/**
 * The client core (ENTRY_AREAS.core in src/views/app/entryAreas.ts): the entry loads it at once on a
 * client-rendered page, which therefore preloads it with its own chunk. The build puts it and all it
 * imports in one chunk of this name (vite.config.ts), which the manifest lists under that chunk's key.
 */
export const CORE_MODULE = 'src/views/app/storefrontCore.ts';
export const CORE_CHUNK_NAME = 'core';

/** The checkout effect's chunk (LAZY_AREAS.checkout in src/views/app/lazyAreas.ts). */
export const CHECKOUT_EFFECT_MODULE = 'src/effects/checkoutBrowser.ts';

/** The chunk of the effects nothing on the first paint needs (LAZY_AREAS.account). */
export const AFTER_FIRST_PAINT_EFFECT_MODULE = 'src/effects/afterFirstPaint.ts';

/** The API calls a first visit to the menu does not make (LAZY_AREAS.account.calls). */
export const ACCOUNT_CALLS_MODULE = 'src/api/accountCalls.ts';

/** An informational page's data and the order history load through both (LoadPage, LoadOrderHistory). */
const PAGE_DATA_MODULES = [AFTER_FIRST_PAINT_EFFECT_MODULE, ACCOUNT_CALLS_MODULE] as const;

/** The checkout's quote and the order pages' GET /order go through both. */
const CHECKOUT_MODULES = [CHECKOUT_EFFECT_MODULE, ACCOUNT_CALLS_MODULE] as const;

/**
 * Effect chunks a page's first events ask for at once (CheckoutOpened, LoadOrder, LoadPage,
 * LoadOrderHistory), and the calls module the page's data comes through: preloaded with the
 * page's chunk, so landing on /checkout, coming back to /complete from the payment page or
 * opening /about does not wait for the main scripts to run before fetching them.
 */
export const PAGE_EFFECT_MODULES: Partial<Record<SitePage, readonly string[]>> = {
  checkout: CHECKOUT_MODULES,
  complete: CHECKOUT_MODULES,
  'complete-error': CHECKOUT_MODULES,
  about: PAGE_DATA_MODULES,
  delivery: PAGE_DATA_MODULES,
  legal: PAGE_DATA_MODULES,
  masterclass: PAGE_DATA_MODULES,
  promo: PAGE_DATA_MODULES,
  'push-notifications-rules': PAGE_DATA_MODULES,
  'receive-advertising-information': PAGE_DATA_MODULES,
  rule: PAGE_DATA_MODULES,
  vacancies: PAGE_DATA_MODULES,
  'personal-history': PAGE_DATA_MODULES,
};
