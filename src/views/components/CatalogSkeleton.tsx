// Placeholder cards in the shape of the product grid, shown while the menu loads, so the page does
// not jump when the cards arrive (skeletons instead of layout jumps).
import gridStyles from './ProductGrid.module.css';
import styles from './CatalogSkeleton.module.css';

export function CatalogSkeleton({ cards = 8 }: { cards?: number }) {
  return (
    <div className={styles.skeleton} role="status" aria-live="polite" data-testid="catalog-skeleton">
      <span className="visually-hidden">Загружаем меню…</span>
      <div className={styles.title} aria-hidden="true" />
      <div className={gridStyles.grid} aria-hidden="true">
        {Array.from({ length: cards }, (_, i) => (
          <div key={i} className={styles.card}>
            <div className={styles.media} />
            <div className={styles.line} />
            <div className={`${styles.line} ${styles.short}`} />
            <div className={styles.footer}>
              <div className={styles.price} />
              <div className={styles.button} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
