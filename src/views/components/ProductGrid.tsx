import type { Catalog, Product } from '../../api/entities';
import { sectionSlugOf } from '../app/catalogView';
import { ProductCard } from './ProductCard';
import styles from './ProductGrid.module.css';

/** `eagerCards`: how many leading cards show on the first screen (their pictures load at once). */
export function ProductGrid({
  products,
  catalog,
  eagerCards = 0,
}: {
  products: readonly Product[];
  catalog: Pick<Catalog, 'groups'>;
  eagerCards?: number;
}) {
  return (
    <div className={styles.grid}>
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} sectionSlug={sectionSlugOf(catalog, p)} eager={i < eagerCards} />
      ))}
    </div>
  );
}
