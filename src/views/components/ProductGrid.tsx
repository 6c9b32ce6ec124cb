import type { Catalog, Product } from '../../api/entities';
import { sectionSlugOf } from '../app/catalogView';
import { ProductCard } from './ProductCard';
import styles from './ProductGrid.module.css';

/**
 * `eagerCards`: how many leading cards show on the first screen (their pictures load at once);
 * `afterLargest`: another picture is the page's largest, so the cards' pictures load at low priority.
 */
export function ProductGrid({
  products,
  catalog,
  eagerCards = 0,
  afterLargest = false,
}: {
  products: readonly Product[];
  catalog: Pick<Catalog, 'groups'>;
  eagerCards?: number;
  afterLargest?: boolean;
}) {
  return (
    <div className={styles.grid}>
      {products.map((p, i) => (
        <ProductCard
          key={p.id}
          product={p}
          sectionSlug={sectionSlugOf(catalog, p)}
          eager={i < eagerCards}
          afterLargest={afterLargest}
        />
      ))}
    </div>
  );
}
