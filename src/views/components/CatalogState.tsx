// What a catalogue-driven page shows before the catalogue is there: a loader or a retry.
import type { ReactNode } from 'react';
import type { Catalog } from '../../api/entities';
import { useDispatch, useSelector } from '../app/store';
import { PageLoader } from './PageLoader';
import ui from './ui.module.css';

export function WithCatalog({ children }: { children: (catalog: Catalog) => ReactNode }) {
  const catalog = useSelector((s) => s.catalog.catalog);
  const status = useSelector((s) => s.catalog.status);
  const dispatch = useDispatch();
  if (catalog !== null) return <>{children(catalog)}</>;
  if (status === 'failed') {
    return (
      <div className={ui.container}>
        <p>Не удалось загрузить меню.</p>
        <button type="button" className={ui.button} onClick={() => dispatch({ type: 'StartCatalogLoad', data: {} })}>
          Повторить
        </button>
      </div>
    );
  }
  return <PageLoader />;
}
