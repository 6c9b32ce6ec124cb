// 'Меню:' — the catalogue menu of settings CATALOG_MENU (or the top menu groups when unset).
import { TITLE_CATALOG_MENU } from '../../projections/modal';
import { AppLink } from '../app/routing';
import { selectMenuTree } from '../app/selectors';
import { jsonEqual, useSelector } from '../app/store';
import { Dialog } from './Dialog';
import styles from './modals.module.css';

export function CatalogMenuModal({ onClose }: { onClose: () => void }) {
  const entries = useSelector((s) => {
    const groups = s.catalog.catalog?.groups ?? [];
    const menu = s.setting.settings?.CATALOG_MENU ?? [];
    const fromSettings = menu.flatMap((m) => {
      const g = groups.find((x) => x.id === m.groupId);
      return g === undefined ? [] : [{ slug: g.slug, title: m.title }];
    });
    return fromSettings.length > 0
      ? fromSettings
      : selectMenuTree(s).map((n) => ({ slug: n.group.slug, title: n.group.name }));
  }, jsonEqual);
  return (
    <Dialog title={TITLE_CATALOG_MENU} onClose={onClose} size="s">
      <nav className={styles.menuLinks} aria-label="Разделы меню">
        <AppLink to="/catalog" className={styles.menuLink} onClick={onClose}>
          Всё меню
        </AppLink>
        {entries.map((e) => (
          <AppLink
            key={e.slug}
            to={`/catalog/${encodeURIComponent(e.slug)}`}
            className={styles.menuLink}
            onClick={onClose}
          >
            {e.title}
          </AppLink>
        ))}
      </nav>
    </Dialog>
  );
}
