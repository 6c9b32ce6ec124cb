// One lazily loaded chunk per page (route-level code splitting); the page of a route match.
import type { ReactNode } from 'react';
import { isInformationalPage, type SiteRouteMatch } from '../../api/siteRoutes';
import { RequireAuth } from './guards';
import { lazyPage } from './lazyPage';

const IndexPage = lazyPage(() => import('../pages/IndexPage'));
const CatalogPage = lazyPage(() => import('../pages/CatalogPage'));
const ProductPage = lazyPage(() => import('../pages/ProductPage'));
const CartPage = lazyPage(() => import('../pages/CartPage'));
const CheckoutPage = lazyPage(() => import('../pages/CheckoutPage'));
const CompletePage = lazyPage(() => import('../pages/CompletePage'));
const CompleteErrorPage = lazyPage(() => import('../pages/CompleteErrorPage'));
const InfoPage = lazyPage(() => import('../pages/InfoPage'));
const ProfilePage = lazyPage(() => import('../pages/personal/ProfilePage'));
const AddressesPage = lazyPage(() => import('../pages/personal/AddressesPage'));
const FavoritesPage = lazyPage(() => import('../pages/personal/FavoritesPage'));
const HistoryPage = lazyPage(() => import('../pages/personal/HistoryPage'));
const AdminPage = lazyPage(() => import('../pages/AdminPage'));

/** Pages the header sits over the slider on (PRODUCT.md §2). */
export const HEADER_OVER_SLIDER: readonly SiteRouteMatch['page'][] = ['index', 'about', 'vacancies'];

const PAGE_CHUNKS: Record<SiteRouteMatch['page'], { preload(): Promise<void> }> = {
  index: IndexPage,
  catalog: CatalogPage,
  'catalog-section': CatalogPage,
  product: ProductPage,
  cart: CartPage,
  checkout: CheckoutPage,
  complete: CompletePage,
  'complete-error': CompleteErrorPage,
  about: InfoPage,
  delivery: InfoPage,
  legal: InfoPage,
  masterclass: InfoPage,
  promo: InfoPage,
  'push-notifications-rules': InfoPage,
  'receive-advertising-information': InfoPage,
  rule: InfoPage,
  vacancies: InfoPage,
  personal: ProfilePage,
  'personal-address': AddressesPage,
  'personal-favorite': FavoritesPage,
  'personal-history': HistoryPage,
  admin: AdminPage,
};

/** Loads the page's chunk ahead, so that hydration renders it in the same pass (docs/SSR.md). */
export function preloadPage(match: SiteRouteMatch | null): Promise<void> {
  return match === null ? Promise.resolve() : PAGE_CHUNKS[match.page].preload();
}

export function pageElement(match: SiteRouteMatch): ReactNode {
  const p = match.params;
  if (isInformationalPage(match.page)) return <InfoPage slug={match.page} />;
  switch (match.page) {
    case 'index':
      return <IndexPage />;
    case 'catalog':
      return <CatalogPage section={null} />;
    case 'catalog-section':
      return <CatalogPage section={p.section ?? null} />;
    case 'product':
      return <ProductPage section={p.section ?? ''} productId={p.productId ?? ''} />;
    case 'cart':
      return <CartPage />;
    case 'checkout':
      // CheckoutPage applies the cart-empty guard itself (a placed order empties the cart and goes to /complete).
      return <CheckoutPage />;
    case 'complete':
      return <CompletePage />;
    case 'complete-error':
      return <CompleteErrorPage />;
    case 'personal':
      return (
        <RequireAuth>
          <ProfilePage />
        </RequireAuth>
      );
    case 'personal-address':
      return (
        <RequireAuth>
          <AddressesPage />
        </RequireAuth>
      );
    case 'personal-favorite':
      return (
        <RequireAuth>
          <FavoritesPage />
        </RequireAuth>
      );
    case 'personal-history':
      return (
        <RequireAuth>
          <HistoryPage />
        </RequireAuth>
      );
    case 'admin':
      return <AdminPage />;
    default: {
      const unreachable: never = match.page;
      throw new Error(`unknown page ${String(unreachable)}`);
    }
  }
}
