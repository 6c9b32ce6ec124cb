// The application shell: header, the page of the route (lazy, faded, behind an error boundary),
// footer, modal host and toasts.
import { Suspense, useEffect, useRef } from 'react';
import type { SiteRouteMatch } from '../../api/siteRoutes';
import { useLocation } from 'wouter';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { PageLoader } from '../components/PageLoader';
import { Toasts } from '../components/Toasts';
import { ModalHost } from '../modals/ModalHost';
import { NotFoundPage } from '../pages/ErrorPage';
import { ErrorBoundary } from './ErrorBoundary';
import { FadeOutlet } from './FadeOutlet';
import { HydrationMark } from './hydration';
import { HEADER_OVER_SLIDER, pageElement } from './pages';
import { useCityBaseInUrl, useHash, useRouteState, type RouteState } from './routing';
import { useImagePreload } from './preload';
import { useListUnder, useProductAddressSync } from './productOverList';
import { useScrollLock } from './scroll';
import { shallowEqual, useSelector, useStore } from './store';
import styles from './App.module.css';

/**
 * The document's head (title, description, canonical, robots, og:, twitter:) follows client-side
 * navigation. The first page keeps the server's head (docs/SSR.md, docs/SEO.md); the head's code
 * is a chunk of its own, off the first load.
 */
function useDocumentHead(route: RouteState, pathname: string): void {
  const store = useStore();
  const data = useSelector(
    (s) => [s.catalog.catalog, s.page.entries, s.city.selectedId, s.city.list, s.setting.settings] as const,
    shallowEqual,
  );
  const landing = useRef(pathname);
  const moved = useRef(false);
  const match = route.status === 'matched' ? route.match : null;
  const routeKey = route.status === 'pending' ? null : JSON.stringify(match);
  useEffect(() => {
    if (pathname !== landing.current) moved.current = true;
    if (!moved.current || routeKey === null) return;
    const current: SiteRouteMatch | null = JSON.parse(routeKey) as SiteRouteMatch | null;
    void import('./documentHead').then(({ updateDocumentHead }) => {
      updateDocumentHead(document, store.getState(), current);
    });
  }, [pathname, routeKey, data, store]);
}

export function App() {
  const [pathname] = useLocation();
  const hash = useHash();
  const route = useRouteState();
  useCityBaseInUrl(route);
  useDocumentHead(route, pathname);
  useProductAddressSync();
  // A product opened from a list keeps the list on screen under its dialog, and the scroll with it.
  const listUnder = useListUnder();
  const shownPath = listUnder?.pathname ?? pathname;
  const shownHash = listUnder?.hash ?? hash;
  const shown = useRouteState(shownPath);
  const hiddenScroll = useSelector((s) => s.view.hiddenScroll);
  useScrollLock(hiddenScroll);
  useImagePreload();
  const overSlider = shown.status === 'matched' && HEADER_OVER_SLIDER.includes(shown.match.page);
  const content =
    shown.status === 'matched' ? (
      pageElement(shown.match)
    ) : shown.status === 'pending' ? (
      <PageLoader />
    ) : (
      <NotFoundPage />
    );
  return (
    <div className={styles.app}>
      {/* Behind an open modal the page is inert: no focus, no clicks, hidden from assistive tech. */}
      <div className={styles.page} inert={hiddenScroll}>
        <Header overSlider={overSlider} />
        <main className={overSlider ? styles.mainOverSlider : styles.main}>
          <ErrorBoundary resetKey={shownPath}>
            <FadeOutlet routeKey={shownPath} hash={shownHash}>
              <Suspense fallback={<PageLoader />}>
                {content}
                <HydrationMark />
              </Suspense>
            </FadeOutlet>
          </ErrorBoundary>
        </main>
        <Footer />
      </div>
      <ModalHost />
      <Toasts />
    </div>
  );
}
