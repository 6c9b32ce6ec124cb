// Catalogue rules: the menu tree, stop lists, search and filters (PRODUCT.md §3–§5), and the lookups
// deciders need to turn a chosen modifier into a CartMod.
import type { Catalog, CartMod, Group, Product, StopListEntry } from '../api/entities';

export interface MenuNode {
  group: Group;
  subgroups: MenuNode[];
  items: Product[];
}

/** Search and filter are mutually exclusive (PRODUCT.md §4): one union member per mode, never both. */
export type CatalogQuery = { kind: 'none' } | { kind: 'search'; text: string } | { kind: 'filter'; code: string };

/** A group that must never show in the menu on its own account. */
function isHiddenGroup(group: Group): boolean {
  return !group.isIncludedInMenu || group.isGroupModifier || group.additionalInfo.isServiceGroup === true;
}

/**
 * Ids of the groups the menu shows: the group and every ancestor must be shown. A group whose parent
 * is missing from the catalogue (a half-synced menu) or that sits in a parent cycle is hidden too,
 * since there is nowhere to put it.
 */
export function menuGroupIds(groups: readonly Group[]): string[] {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const verdict = new Map<string, boolean>();
  const visible = (start: Group): boolean => {
    const chain: Group[] = [];
    let current: Group | undefined = start;
    let result = false;
    while (current !== undefined) {
      const known = verdict.get(current.id);
      if (known !== undefined) {
        result = known;
        break;
      }
      if (chain.includes(current) || isHiddenGroup(current)) break; // cycle or hidden: result stays false
      chain.push(current);
      if (current.parentGroup === null) {
        result = true;
        break;
      }
      current = byId.get(current.parentGroup);
    }
    for (const g of chain) verdict.set(g.id, result);
    return result;
  };
  return groups.filter(visible).map((g) => g.id);
}

/** Products the menu shows: those whose group is shown. Modifiers and service lines never are. */
export function menuProducts(catalog: Pick<Catalog, 'groups' | 'products'>): Product[] {
  const shown = new Set(menuGroupIds(catalog.groups));
  return catalog.products.filter((p) => shown.has(p.parentGroup));
}

// Stable sort: groups with equal `order` keep the catalogue's order.
const byOrder = (a: Group, b: Group): number => a.order - b.order;

/** Top-level menu groups with their subgroups and items, each level sorted by `order`. */
export function buildMenuTree(catalog: Pick<Catalog, 'groups' | 'products'>): MenuNode[] {
  const shown = new Set(menuGroupIds(catalog.groups));
  const groups = catalog.groups.filter((g) => shown.has(g.id)).sort(byOrder);
  const nodeOf = (group: Group): MenuNode => ({
    group,
    subgroups: groups.filter((g) => g.parentGroup === group.id).map(nodeOf),
    items: catalog.products.filter((p) => p.parentGroup === group.id),
  });
  return groups.filter((g) => g.parentGroup === null).map(nodeOf);
}

/** Products the terminal cannot cook now: balance ≤ 0 there. Each id once, in stop-list order. */
export function stoppedProductIds(stopList: readonly StopListEntry[], deliveryTerminalId: string): string[] {
  const ids = stopList
    .filter((entry) => entry.deliveryTerminalId === deliveryTerminalId)
    .flatMap((entry) => entry.items.filter((item) => item.balance <= 0).map((item) => item.productId));
  return [...new Set(ids)];
}

export function isStopped(stopList: readonly StopListEntry[], deliveryTerminalId: string, productId: string): boolean {
  return stoppedProductIds(stopList, deliveryTerminalId).includes(productId);
}

/** Lower case, 'ё' as 'е' (people rarely type ё), whitespace trimmed and collapsed. */
export function normalizeSearchText(text: string): string {
  return text.toLocaleLowerCase('ru').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

/** Names of the group and its ancestors, nearest first (the product's categories). */
export function categoryNames(groups: readonly Group[], groupId: string): string[] {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const names: string[] = [];
  const seen = new Set<string>();
  let current = byId.get(groupId);
  while (current !== undefined && !seen.has(current.id)) {
    seen.add(current.id);
    names.push(current.name);
    current = current.parentGroup === null ? undefined : byId.get(current.parentGroup);
  }
  return names;
}

/**
 * Products whose name, description or category names contain the query. Every word of the query
 * must occur, in any of those fields, so 'лосось запеченный' finds 'Запечённый лосось'.
 * An empty query keeps everything.
 */
export function searchProducts(products: readonly Product[], groups: readonly Group[], query: string): Product[] {
  const words = normalizeSearchText(query)
    .split(' ')
    .filter((w) => w !== '');
  if (words.length === 0) return [...products];
  return products.filter((p) => {
    const haystack = normalizeSearchText([p.name, p.description, ...categoryNames(groups, p.parentGroup)].join('\n'));
    return words.every((w) => haystack.includes(w));
  });
}

/** Products carrying the filter code (PRODUCT.md §5 "filter mode matches by filter code"). */
export function filterProducts(products: readonly Product[], filterCode: string): Product[] {
  return products.filter((p) => p.filters.some((f) => f.code === filterCode));
}

/** Products with none of the allergen codes the user excluded. */
export function withoutAllergens(products: readonly Product[], excludedAllergens: readonly string[]): Product[] {
  if (excludedAllergens.length === 0) return [...products];
  const excluded = new Set(excludedAllergens);
  return products.filter((p) => !p.allergens.some((a) => excluded.has(a.code)));
}

/** What the catalogue page lists: menu products, minus excluded allergens, then the query. */
export function applyCatalogQuery(
  catalog: Pick<Catalog, 'groups' | 'products'>,
  query: CatalogQuery,
  excludedAllergens: readonly string[],
): Product[] {
  const allowed = withoutAllergens(menuProducts(catalog), excludedAllergens);
  switch (query.kind) {
    case 'none':
      return allowed;
    case 'search':
      return searchProducts(allowed, catalog.groups, query.text);
    case 'filter':
      return filterProducts(allowed, query.code);
    default: {
      const unreachable: never = query;
      return unreachable;
    }
  }
}

/** The product of that id; undefined when absent or before the catalogue is loaded (null). */
export function findProduct(catalog: Pick<Catalog, 'products'> | null, productId: string): Product | undefined {
  return catalog?.products.find((p) => p.id === productId);
}

export function findGroup(catalog: Pick<Catalog, 'groups'> | null, groupId: string): Group | undefined {
  return catalog?.groups.find((g) => g.id === groupId);
}

/** A modifier is itself a product (of a group-modifier group); its name is that product's name. */
export function modifierName(catalog: Pick<Catalog, 'products'>, modifierId: string): string | undefined {
  return findProduct(catalog, modifierId)?.name;
}

export function groupName(catalog: Pick<Catalog, 'groups'>, groupId: string): string | undefined {
  return findGroup(catalog, groupId)?.name;
}

/**
 * The CartMod for choosing `modifierId` from the product's modifier group `groupId`, priced as the
 * product offers it now; null when the product no longer offers it or the modifier product has left
 * the catalogue (the cases PRODUCT.md §4 cart validation drops). A group missing from the groups list
 * only costs its display name (''), since the POS identifies it by id.
 */
export function cartModFor(
  catalog: Pick<Catalog, 'groups' | 'products'>,
  product: Product,
  groupId: string,
  modifierId: string,
  amount = 1,
): CartMod | null {
  const offer = product.groupModifiers
    .find((g) => g.id === groupId)
    ?.modifiers.find((m) => m.modifierId === modifierId);
  const modifier = findProduct(catalog, modifierId);
  if (offer === undefined || modifier === undefined) return null;
  return {
    id: modifierId,
    name: modifier.name,
    amount,
    price: offer.price,
    code: modifier.code,
    groupId,
    groupName: groupName(catalog, groupId) ?? '',
  };
}
