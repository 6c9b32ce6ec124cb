// The catalogue as the pages show it: menu sections with their products after the allergen
// exclusion and the search / filter query (mutually exclusive, PRODUCT.md §4–§5).
import type { Catalog, Coded, Group, Product } from '../../api/entities';
import { buildMenuTree, menuProducts, withoutAllergens, type MenuNode } from '../../domain/catalog';
import { visibleProducts, type CatalogQuery } from '../../projections/catalog';

export type Section = { group: Group; products: Product[] };

/** Products of a node and its subgroups, in menu order. */
function nodeProducts(node: MenuNode): Product[] {
  return [...node.items, ...node.subgroups.flatMap(nodeProducts)];
}

/** Menu sections (top groups) with their visible products; empty sections are dropped. */
export function menuSections(
  catalog: Pick<Catalog, 'groups' | 'products'>,
  excludedAllergens: readonly string[],
): Section[] {
  const allowed = new Set(withoutAllergens(menuProducts(catalog), excludedAllergens).map((p) => p.id));
  return buildMenuTree(catalog)
    .map((node) => ({ group: node.group, products: nodeProducts(node).filter((p) => allowed.has(p.id)) }))
    .filter((s) => s.products.length > 0);
}

/** Products matching the projection's query (search or filter), allergen-excluded ones hidden. */
export function queriedProducts(
  catalog: Pick<Catalog, 'groups' | 'products'>,
  query: CatalogQuery,
  excludedAllergens: readonly string[],
): Product[] {
  return visibleProducts(catalog, query, excludedAllergens);
}

/** Every filter the menu's products carry, once, in first-seen order. */
export function availableFilters(catalog: Pick<Catalog, 'groups' | 'products'>): Coded[] {
  const seen = new Map<string, Coded>();
  for (const p of menuProducts(catalog)) for (const f of p.filters) if (!seen.has(f.code)) seen.set(f.code, f);
  return [...seen.values()];
}

/** The top menu group a product is listed under (its section), for product links. */
export function sectionSlugOf(catalog: Pick<Catalog, 'groups'>, product: Pick<Product, 'parentGroup'>): string {
  const byId = new Map(catalog.groups.map((g) => [g.id, g]));
  let g = byId.get(product.parentGroup);
  const seen = new Set<string>();
  while (g !== undefined && g.parentGroup !== null && !seen.has(g.id)) {
    seen.add(g.id);
    const parent = byId.get(g.parentGroup);
    if (parent === undefined) break;
    g = parent;
  }
  return g?.slug ?? 'menu';
}
