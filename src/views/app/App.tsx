// The application shell: header, the page of the route (lazy, faded, behind an error boundary),
// footer, modal host and toasts.
import { Suspense, useEffect, useRef } from 'react';
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
import { pageTitle } from './pageMeta';
import { HEADER_OVER_SLIDER, pageElement } from './pages';
import { useCityBaseInUrl, useHash, useRouteState } from './routing';
import { useImagePreload } from './preload';
import { useScrollLock } from './scroll';
import { useSelector } from './store';
import styles from './App.module.css';

/**
 * The document title follows client-side navigation. The first page keeps the server's head
 * (docs/SSR.md), so the title is only written once the page or its data changed.
 */
function useDocumentTitle(route: ReturnType<typeof useRouteState>): void {
  const title = useSelector((s) =>
    route.status === 'pending' ? null : pageTitle(s, route.status === 'matched' ? route.match : null),
  );
  const first = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (first.current === undefined) {
      first.current = title;
      return;
    }
    if (title !== null) document.title = title;
  }, [title]);
}

export function App() {
  const [pathname] = useLocation();
  const hash = useHash();
  const route = useRouteState();
  useCityBaseInUrl(route);
  useDocumentTitle(route);
  const hiddenScroll = useSelector((s) => s.view.hiddenScroll);
  useScrollLock(hiddenScroll);
  useImagePreload();
  const overSlider = route.status === 'matched' && HEADER_OVER_SLIDER.includes(route.match.page);
  const content =
    route.status === 'matched' ? (
      pageElement(route.match)
    ) : route.status === 'pending' ? (
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
          <ErrorBoundary resetKey={pathname}>
            <FadeOutlet routeKey={pathname} hash={hash}>
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
