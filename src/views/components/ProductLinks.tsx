// The dishes of a long menu not yet shown as cards (src/views/app/reveal.ts): a compact list of
// real links with their prices, so the server's page names every dish of the menu (crawlers, no
// JavaScript) while rendering only the first cards. Each becomes a card as the menu reveals it.
import type { Catalog, Product } from '../../api/entities';
import { formatPriceLabel } from '../../domain/price';
import { sectionSlugOf } from '../app/catalogView';
import { AppLink } from '../app/routing';
import { productPath } from './ProductCard';
import styles from './ProductLinks.module.css';

type LinkRow = { to: string; label: string };

/**
 * Each dish's address and price label, worked out once per catalogue object (the server renders
 * every menu page of a data version from one): per dish and per render, the section lookup and
 * the price range were a quarter of an uncached menu page's render.
 */
const rowsByCatalog = new WeakMap<object, Map<Product, LinkRow>>();

function linkRows(catalog: Pick<Catalog, 'groups' | 'products'>): Map<Product, LinkRow> {
  let rows = rowsByCatalog.get(catalog);
  if (rows === undefined) {
    rows = new Map();
    rowsByCatalog.set(catalog, rows);
  }
  return rows;
}

function linkRow(catalog: Pick<Catalog, 'groups' | 'products'>, product: Product, offered: () => ReadonlySet<string>) {
  const rows = linkRows(catalog);
  let row = rows.get(product);
  if (row === undefined) {
    row = { to: productPath(sectionSlugOf(catalog, product), product), label: formatPriceLabel(product, offered()) };
    rows.set(product, row);
  }
  return row;
}

export function ProductLinks({
  products,
  catalog,
}: {
  products: readonly Product[];
  catalog: Pick<Catalog, 'groups' | 'products'>;
}) {
  if (products.length === 0) return null;
  // One set for the list, and only when a dish's row is new: built per dish, it made a 1,000-dish
  // menu quadratic.
  let offered: Set<string> | null = null;
  const offeredIds = () => (offered ??= new Set(catalog.products.map((p) => p.id)));
  return (
    <ul className={styles.list} data-testid="product-links">
      {products.map((p) => {
        const row = linkRow(catalog, p, offeredIds);
        return (
          <li key={p.id} className={styles.item}>
            <AppLink to={row.to} className={styles.link}>
              {p.name}
            </AppLink>
            <span className={styles.price}>{row.label}</span>
          </li>
        );
      })}
    </ul>
  );
}
