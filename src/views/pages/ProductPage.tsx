// /catalog/{section}/{product_id}: the product detail as a page.
import { AppLink } from '../app/routing';
import { selectProductByRouteId } from '../app/selectors';
import { useSelector } from '../app/store';
import { WithCatalog } from '../components/CatalogState';
import { ProductDetail } from '../components/ProductDetail';
import ui from '../components/ui.module.css';
import { NotFoundPage } from './ErrorPage';
import styles from './ProductPage.module.css';

function ProductContent({ section, productId }: { section: string; productId: string }) {
  const product = useSelector((s) => selectProductByRouteId(s, productId));
  const catalog = useSelector((s) => s.catalog.catalog);
  const group = catalog?.groups.find((g) => g.slug === section);
  // A product gone from the menu (hidden, deleted) still points to its section.
  if (product === undefined || catalog === null)
    return (
      <>
        <NotFoundPage />
        {group !== undefined && (
          <p className={`${ui.container} ${styles.section}`}>
            <AppLink to={`/catalog/${encodeURIComponent(group.slug)}`}>{`Все блюда раздела «${group.name}»`}</AppLink>
          </p>
        )}
      </>
    );
  return (
    <div className={ui.container}>
      <nav className={styles.crumbs} aria-label="Навигация">
        <AppLink to="/catalog">Меню</AppLink>
        <span aria-hidden="true"> / </span>
        {group !== undefined && (
          <>
            <AppLink to={`/catalog/${encodeURIComponent(group.slug)}`}>{group.name}</AppLink>
            <span aria-hidden="true"> / </span>
          </>
        )}
        <span>{product.name}</span>
      </nav>
      <ProductDetail product={product} catalog={catalog} headingLevel={1} />
    </div>
  );
}

export default function ProductPage({ section, productId }: { section: string; productId: string }) {
  return <WithCatalog>{() => <ProductContent section={section} productId={productId} />}</WithCatalog>;
}
