// The sticky bar of menu sections: anchors on the index page, links on the catalogue.
import { useEffect, useRef } from 'react';
import type { Group } from '../../api/entities';
import { AppLink } from '../app/routing';
import ui from './ui.module.css';
import styles from './SectionBar.module.css';

export function SectionBar({
  groups,
  mode,
  active,
}: {
  groups: readonly Group[];
  mode: 'anchor' | 'link';
  active?: string | null;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // Bring the current section's chip into view (horizontally only).
  useEffect(() => {
    const el = scroller.current;
    const chip = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (el === null || el === undefined || chip === null || chip === undefined) return;
    el.scrollLeft = Math.max(0, chip.offsetLeft - el.clientWidth / 2 + chip.clientWidth / 2);
  }, [active]);
  return (
    <nav className={styles.bar} aria-label="Разделы меню">
      <div className={styles.scroller} ref={scroller}>
        {mode === 'link' && (
          <AppLink
            to="/catalog"
            className={active === null ? `${ui.chip} ${ui.chipActive}` : ui.chip}
            aria-current={active === null ? 'page' : undefined}
          >
            Всё меню
          </AppLink>
        )}
        {groups.map((g) =>
          mode === 'anchor' ? (
            <a key={g.id} href={`#section-${g.slug}`} className={ui.chip}>
              {g.name}
            </a>
          ) : (
            <AppLink
              key={g.id}
              to={`/catalog/${encodeURIComponent(g.slug)}`}
              className={active === g.slug ? `${ui.chip} ${ui.chipActive}` : ui.chip}
              aria-current={active === g.slug ? 'page' : undefined}
            >
              {g.name}
            </AppLink>
          ),
        )}
      </div>
    </nav>
  );
}
