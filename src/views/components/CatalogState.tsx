// What a catalogue-driven page shows before it can be used: a skeleton of the product grid until
// the catalogue, the settings and the city list are all loaded (adding to the cart needs the three:
// a card clicked before the settings arrive would be refused as 'not-ready' with nothing shown),
// or a retry when a load failed.
import type { ReactNode } from 'react';
import type { Catalog } from '../../api/entities';
import type { AppState } from '../../projections/store';
import { useDispatch, useSelector } from '../app/store';
import { CatalogSkeleton } from './CatalogSkeleton';
import ui from './ui.module.css';

/** The catalogue once the storefront can act on it (settings and cities loaded too), else null. */
export function selectUsableCatalog(s: AppState): Catalog | null {
  if (s.setting.settings === null || s.city.status !== 'loaded') return null;
  return s.catalog.catalog;
}

export function WithCatalog({
  children,
  skeletonCards,
}: {
  children: (catalog: Catalog) => ReactNode;
  skeletonCards?: number;
}) {
  const catalog = useSelector(selectUsableCatalog);
  const failed = useSelector((s) => s.catalog.status === 'failed' && s.catalog.catalog === null);
  const settingsFailed = useSelector((s) => s.setting.status === 'failed' && s.setting.settings === null);
  const dispatch = useDispatch();
  if (catalog !== null) return <>{children(catalog)}</>;
  if (failed || settingsFailed) {
    return (
      <div className={ui.container}>
        <p>Не удалось загрузить меню.</p>
        <button
          type="button"
          className={ui.button}
          onClick={() =>
            dispatch(failed ? { type: 'StartCatalogLoad', data: {} } : { type: 'StartSettingsLoad', data: {} })
          }
        >
          Повторить
        </button>
      </div>
    );
  }
  return <CatalogSkeleton cards={skeletonCards} />;
}
