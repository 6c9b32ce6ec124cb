import type { Catalog, Product } from '../../api/entities';
import { sectionSlugOf } from '../app/catalogView';
import { ProductCard } from './ProductCard';
import styles from './ProductGrid.module.css';

export function ProductGrid({ products, catalog }: { products: readonly Product[]; catalog: Pick<Catalog, 'groups'> }) {
  return (
    <div className={styles.grid}>
      {products.map((p) => (
        <ProductCard key={p.id} product={p} sectionSlug={sectionSlugOf(catalog, p)} />
      ))}
    </div>
  );
}
