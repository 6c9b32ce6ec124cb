// Prices and numbers of PRODUCT.md §5: the catalogue price range, 'от' labels, cart line totals and
// Russian number formatting with space thousand separators.
import type { CartItem, Product } from '../api/entities';

export interface PriceRange {
  min: number;
  max: number;
}

const NO_BREAK_SPACE = '\u00A0';
const numberFormat = new Intl.NumberFormat('ru-RU');
const moneyFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/**
 * ICU versions differ on the Russian group separator: U+00A0 in some, the narrow U+202F in others.
 * We pin U+00A0 so that output (and exact tests, and snapshots) is the same on every machine, and a
 * no-break space keeps '1 234 ₽' from wrapping.
 */
export function toNoBreakSpaces(text: string): string {
  return text.replace(/[\u202F ]/g, NO_BREAK_SPACE);
}

// -0 would print as '-0'.
const unsignedZero = (n: number): number => (Object.is(n, -0) ? 0 : n);

/** '1 234', '1 234,5' (Intl ru-RU, separator U+00A0). */
export function formatNumber(n: number): string {
  return toNoBreakSpaces(numberFormat.format(unsignedZero(n)));
}

/** '1 234 ₽'; kopecks only when present ('99,5 ₽'). All spaces are U+00A0. */
export function formatPrice(n: number): string {
  return `${toNoBreakSpaces(moneyFormat.format(unsignedZero(n)))}${NO_BREAK_SPACE}₽`;
}

/** Money is summed in floating point; rounding to kopecks keeps 0.1 + 0.2 equal to 0.3. */
export function roundMoney(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * The price a product can be ordered for: base price plus, for each required modifier group, the
 * cheapest choice (min) or the dearest one (max); one choice per group, as the card shows.
 * Optional groups do not count. When the catalogue's products are given, a choice whose modifier
 * product is not among them cannot be taken and is ignored; a required group with no choice left
 * adds nothing (the card still shows the base price rather than hiding the product).
 */
/** The catalogue's products, or their ids as a set (a long list prices each dish without rebuilding it). */
export type OfferedProducts = readonly Product[] | ReadonlySet<string>;

export function productPriceRange(product: Product, catalogProducts?: OfferedProducts): PriceRange {
  const offered =
    catalogProducts === undefined
      ? null
      : 'has' in catalogProducts
        ? catalogProducts
        : new Set(catalogProducts.map((p) => p.id));
  let min = product.price;
  let max = product.price;
  for (const group of product.groupModifiers) {
    if (!group.required) continue;
    const prices = group.modifiers.filter((m) => offered === null || offered.has(m.modifierId)).map((m) => m.price);
    if (prices.length === 0) continue;
    min += Math.min(...prices);
    max += Math.max(...prices);
  }
  return { min: roundMoney(min), max: roundMoney(max) };
}

/** 'от 450 ₽' when the price depends on the chosen modifiers, else '450 ₽' (no-break spaces). */
export function formatPriceLabel(product: Product, catalogProducts?: OfferedProducts): string {
  const { min, max } = productPriceRange(product, catalogProducts);
  return min === max ? formatPrice(min) : `от${NO_BREAK_SPACE}${formatPrice(min)}`;
}

/** One unit of a cart line: product price plus each modifier's price times its amount. */
export function unitPrice(item: Pick<CartItem, 'product' | 'mods'>): number {
  return roundMoney(item.mods.reduce((sum, mod) => sum + mod.price * mod.amount, item.product.price));
}

/** (product.price + Σ mod.price × mod.amount) × quantity, in kopeck precision. */
export function lineTotal(item: Pick<CartItem, 'product' | 'mods' | 'quantity'>): number {
  return roundMoney(unitPrice(item) * item.quantity);
}
