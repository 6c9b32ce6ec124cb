// View-level selectors: narrow reads of AppState for the components (pure, no mutation).
import type { City, Product, Settings } from '../../api/entities';
import { buildMenuTree, type MenuNode } from '../../domain/catalog';
import { selectCartAmounts } from '../../projections/amounts';
import { selectCartTotals } from '../../projections/cart';
import { selectCity, selectCityData, selectIsSignedIn, type AppState } from '../../projections/store';

export const selectSettingsOrNull = (s: AppState): Settings | null => s.setting.settings;
export const selectCurrentCity = (s: AppState): City | undefined => selectCity(s);
export const selectSignedIn = selectIsSignedIn;

export type CartBadge = { count: number; sum: number };
/** The header's cart button: number of goods and the sum to pay, the cart's own (src/domain/amounts.ts). */
export function selectCartBadge(s: AppState): CartBadge {
  return { count: selectCartTotals(s.cart).count, sum: selectCartAmounts(s).toPay };
}

/** The current city's free-delivery threshold (CITIES_DATA freeDeliveryFrom), or null. */
export const selectFreeDeliveryFrom = (s: AppState): number | null => selectCityData(s)?.freeDeliveryFrom ?? null;

/** The menu tree (top groups with subgroups and items), empty before the catalogue loads. */
export function selectMenuTree(s: AppState): MenuNode[] {
  const c = s.catalog.catalog;
  return c === null ? [] : buildMenuTree(c);
}

/** Allergen codes the signed-in user excluded. */
export const selectExcludedAllergens = (s: AppState): readonly string[] => s.user.profile?.userAllergens ?? [];

export function selectProductById(s: AppState, id: string): Product | undefined {
  return s.catalog.catalog?.products.find((p) => p.id === id);
}

/** A product addressed by the route's id segment: its id or, failing that, its slug. */
export function selectProductByRouteId(s: AppState, idOrSlug: string): Product | undefined {
  const products = s.catalog.catalog?.products ?? [];
  return products.find((p) => p.id === idOrSlug) ?? products.find((p) => p.slug === idOrSlug);
}
