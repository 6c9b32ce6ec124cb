// The dishes of a long menu not yet shown as cards (src/views/app/reveal.ts): a compact list of
// real links with their prices, so the server's page names every dish of the menu (crawlers, no
// JavaScript) while rendering only the first cards. Each becomes a card as the menu reveals it.
import type { Catalog, Product } from '../../api/entities';
import { formatPriceLabel } from '../../domain/price';
import { sectionSlugOf } from '../app/catalogView';
import { AppLink } from '../app/routing';
import { productPath } from './ProductCard';
import styles from './ProductLinks.module.css';

export function ProductLinks({
  products,
  catalog,
}: {
  products: readonly Product[];
  catalog: Pick<Catalog, 'groups' | 'products'>;
}) {
  if (products.length === 0) return null;
  // One set for the list: built per dish, it made a 1,000-dish menu quadratic.
  const offered = new Set(catalog.products.map((p) => p.id));
  return (
    <ul className={styles.list} data-testid="product-links">
      {products.map((p) => (
        <li key={p.id} className={styles.item}>
          <AppLink to={productPath(sectionSlugOf(catalog, p), p)} className={styles.link}>
            {p.name}
          </AppLink>
          <span className={styles.price}>{formatPriceLabel(p, offered)}</span>
        </li>
      ))}
    </ul>
  );
}
