// Out-in fade between pages (PRODUCT.md §2, §9): the old page fades out, then the new one fades in.
// The first page is not a change and shows at once: faded in, the server's HTML would be invisible on
// its first frame, and the browser would not count its pictures as the page's largest paint.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useScrollAfterNavigation } from './scroll';
import styles from './App.module.css';

export const FADE_MS = 180;

export function FadeOutlet({ routeKey, hash, children }: { routeKey: string; hash: string; children: ReactNode }) {
  const [displayedKey, setDisplayedKey] = useState(routeKey);
  const shown = useRef<{ key: string; node: ReactNode }>({ key: routeKey, node: children });
  const fadingOut = displayedKey !== routeKey;
  const navigated = useRef(false);
  if (fadingOut) navigated.current = true;
  if (!fadingOut) shown.current = { key: routeKey, node: children };
  useEffect(() => {
    if (!fadingOut) return;
    const timer = window.setTimeout(() => setDisplayedKey(routeKey), FADE_MS);
    return () => window.clearTimeout(timer);
  }, [fadingOut, routeKey]);
  useScrollAfterNavigation(displayedKey, hash);
  return (
    <div key={shown.current.key} className={fadingOut ? styles.fadeOut : navigated.current ? styles.fadeIn : undefined}>
      {shown.current.node}
    </div>
  );
}
