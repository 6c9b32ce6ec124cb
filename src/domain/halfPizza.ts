// Half-and-half pizza (docs/HALF-PIZZA.md): one pizza of two halves of two pizzas of the pizza group
// at one size. The rules both sides share: which pizzas and sizes can be halved, what a half carries,
// what the whole costs (HALF_PIZZA's rule plus its fee), the line's own product and its merge key.
import type {
  CartItem,
  CartMod,
  Catalog,
  GroupModifier,
  HalfPizzaChoice,
  HalfPizzaParts,
  HalfPizzaSettings,
  PizzaHalf,
  Product,
  Settings,
} from '../api/entities';
import { cartModFor, findProduct } from './catalog';
import { roundMoney, unitPrice } from './price';

/** The line's name in the cart, checkout, history and the POS: 'Половинки: A + B'. */
export const halfPizzaName = (first: string, second: string): string => `Половинки: ${first} + ${second}`;

/**
 * The whole pizza's price from the prices of the two pizzas at the size: the chain's rule plus its
 * fee. Half of each is rounded up to a whole rouble, as the chain's prices and orders are whole roubles.
 */
export function halfPizzaPrice(
  rule: Pick<HalfPizzaSettings, 'pricing' | 'fee'>,
  firstWhole: number,
  secondWhole: number,
): number {
  const base =
    rule.pricing === 'dearer'
      ? Math.max(firstWhole, secondWhole)
      : Math.ceil(roundMoney(firstWhole / 2 + secondWhole / 2));
  return roundMoney(base + rule.fee);
}

/** A modifier choice a half takes without asking: its group and the modifier. */
export type DefaultChoice = { groupId: string; modifierId: string; price: number };

/**
 * What a half takes besides its size: the cheapest offered choice of each other required group (the
 * dough), as the card's 'от' price counts it. `offered` says whether a modifier product exists.
 */
export function defaultChoices(
  groupModifiers: readonly GroupModifier[],
  sizeGroupId: string,
  offered: (modifierId: string) => boolean,
): DefaultChoice[] | null {
  const choices: DefaultChoice[] = [];
  for (const group of groupModifiers) {
    if (!group.required || group.id === sizeGroupId) continue;
    const cheapest = group.modifiers
      .filter((m) => offered(m.modifierId))
      .reduce<GroupModifier['modifiers'][number] | null>(
        (min, m) => (min === null || m.price < min.price ? m : min),
        null,
      );
    if (cheapest === null) return null;
    choices.push({ groupId: group.id, modifierId: cheapest.modifierId, price: cheapest.price });
  }
  return choices;
}

/** Why a pizza cannot be a half at a size. */
export type HalfRefusal = 'not-a-pizza' | 'size-not-offered';

/** A pizza that can be halved: of the pizza group and offering choices of the size group. */
export function isHalvable(product: Product, pizzasGroupId: string, sizeGroupId: string): boolean {
  return product.parentGroup === pizzasGroupId && product.groupModifiers.some((g) => g.id === sizeGroupId);
}

/** One half from the catalogue: the pizza with its size and default choices, priced as they are now. */
export function halfOf(
  catalog: Pick<Catalog, 'groups' | 'products'>,
  product: Product,
  sizeId: string,
  pizzasGroupId: string,
  sizeGroupId: string,
): PizzaHalf | HalfRefusal {
  if (!isHalvable(product, pizzasGroupId, sizeGroupId)) return 'not-a-pizza';
  const size = cartModFor(catalog, product, sizeGroupId, sizeId);
  if (size === null) return 'size-not-offered';
  const defaults = defaultChoices(product.groupModifiers, sizeGroupId, (id) => findProduct(catalog, id) !== undefined);
  if (defaults === null) return 'size-not-offered';
  const mods: CartMod[] = [size];
  for (const d of defaults) {
    const mod = cartModFor(catalog, product, d.groupId, d.modifierId);
    if (mod === null) return 'size-not-offered';
    mods.push(mod);
  }
  return { product, mods };
}

/** The whole pizza a half is half of, at the size: what the rule compares or halves. */
export const wholePrice = (half: PizzaHalf): number => unitPrice(half);

/** The same halves in either order are the same pizza: the key sorts them. */
export const halfPizzaKey = (sizeId: string, firstId: string, secondId: string): string =>
  [sizeId, ...[firstId, secondId].sort()].join('\u0000');

/** FNV-1a, 32 bits, as 8 hex digits: a short stable id for a key (not a secret, not for security). */
function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The line's own product id: the same for the same halves in either order at the same size, within
 * the 64 characters of an Id however long the pizzas' ids are.
 */
export function halfPizzaProductId(sizeId: string, firstId: string, secondId: string): string {
  const key = halfPizzaKey(sizeId, firstId, secondId);
  return `half-${fnv1a(key, 0x811c9dc5)}${fnv1a(key, 0x01000193)}`;
}

/** The stricter of the two pizzas' maxPerPositionInOrder (0 = no limit). */
export function halvesMaxPerPosition(first: Product, second: Product): number {
  const limits = [first.maxPerPositionInOrder, second.maxPerPositionInOrder].filter((n) => n > 0);
  return limits.length === 0 ? 0 : Math.min(...limits);
}

/** The line's own product: what the cart, the totals and every list of lines read. */
export function halfPizzaProduct(
  rule: Pick<HalfPizzaSettings, 'pricing' | 'fee'>,
  sizeId: string,
  first: PizzaHalf,
  second: PizzaHalf,
): Product {
  const a = first.product;
  const b = second.product;
  const size = first.mods[0]?.name ?? '';
  const allergens = [...a.allergens, ...b.allergens.filter((x) => !a.allergens.some((y) => y.code === x.code))];
  return {
    id: halfPizzaProductId(sizeId, a.id, b.id),
    name: halfPizzaName(a.name, b.name),
    description: size,
    code: '',
    price: halfPizzaPrice(rule, wholePrice(first), wholePrice(second)),
    oldPrice: null,
    weight: null,
    nutrition: null,
    parentGroup: a.parentGroup,
    slug: '',
    imageUrl: a.imageUrl,
    groupModifiers: [],
    allergens,
    filters: [],
    maxPerPositionInOrder: halvesMaxPerPosition(a, b),
    additionalInfo: {},
    likesCount: 0,
    isLiked: false,
  };
}

/** The halves as a request (order, quote, promo) or a repeated order names them. */
export const halfPizzaChoice = (parts: HalfPizzaParts): HalfPizzaChoice => ({
  sizeId: parts.sizeId,
  productIds: [parts.halves[0].product.id, parts.halves[1].product.id],
});

/** A half-and-half line (its own kind: merged by its halves, never a gift). */
export const isHalfPizzaLine = (line: Pick<CartItem, 'halfPizza'>): boolean => line.halfPizza !== undefined;

/** The sizes the pizzas of the group offer, in the size group's order, with their names. */
export function halfPizzaSizes(
  catalog: Pick<Catalog, 'groups' | 'products'>,
  pizzasGroupId: string,
  sizeGroupId: string,
): { id: string; name: string }[] {
  const ids: string[] = [];
  for (const p of catalog.products) {
    if (!isHalvable(p, pizzasGroupId, sizeGroupId)) continue;
    for (const m of p.groupModifiers.find((g) => g.id === sizeGroupId)?.modifiers ?? [])
      if (!ids.includes(m.modifierId)) ids.push(m.modifierId);
  }
  return ids.flatMap((id) => {
    const name = findProduct(catalog, id)?.name;
    return name === undefined ? [] : [{ id, name }];
  });
}

/** The pizzas that can be a half at a size, each with its half (priced at that size). */
export function halvesAtSize(
  catalog: Pick<Catalog, 'groups' | 'products'>,
  pizzasGroupId: string,
  sizeGroupId: string,
  sizeId: string,
): PizzaHalf[] {
  return catalog.products.flatMap((p) => {
    const half = halfOf(catalog, p, sizeId, pizzasGroupId, sizeGroupId);
    return typeof half === 'string' ? [] : [half];
  });
}

/** Why a half-and-half pizza cannot be made from the catalogue now. */
export type HalfPizzaProblem = 'half-pizza-off' | 'same-halves' | 'unknown-product' | HalfRefusal;

/** The line's parts and own product as the catalogue and HALF_PIZZA make them now. */
export function buildHalfPizza(
  catalog: Pick<Catalog, 'groups' | 'products'>,
  settings: Pick<Settings, 'HALF_PIZZA' | 'PIZZAS_GROUP_ID'>,
  sizeId: string,
  firstId: string,
  secondId: string,
): { ok: true; parts: HalfPizzaParts; product: Product } | { ok: false; reason: HalfPizzaProblem } {
  // A snapshot recorded before HALF_PIZZA existed has no such key: off, as the schema's default.
  const rule = settings.HALF_PIZZA ?? null;
  if (rule === null) return { ok: false, reason: 'half-pizza-off' };
  if (firstId === secondId) return { ok: false, reason: 'same-halves' };
  const first = findProduct(catalog, firstId);
  const second = findProduct(catalog, secondId);
  if (first === undefined || second === undefined) return { ok: false, reason: 'unknown-product' };
  const a = halfOf(catalog, first, sizeId, settings.PIZZAS_GROUP_ID, rule.sizeGroupId);
  if (typeof a === 'string') return { ok: false, reason: a };
  const b = halfOf(catalog, second, sizeId, settings.PIZZAS_GROUP_ID, rule.sizeGroupId);
  if (typeof b === 'string') return { ok: false, reason: b };
  return { ok: true, parts: { sizeId, halves: [a, b] }, product: halfPizzaProduct(rule, sizeId, a, b) };
}

/** Today's price of a half-and-half pizza named by its halves, or null when it cannot be made now. */
export function halfPizzaPriceNow(
  catalog: Pick<Catalog, 'groups' | 'products'>,
  settings: Pick<Settings, 'HALF_PIZZA' | 'PIZZAS_GROUP_ID'>,
  choice: HalfPizzaChoice,
): number | null {
  const built = buildHalfPizza(catalog, settings, choice.sizeId, choice.productIds[0], choice.productIds[1]);
  return built.ok ? built.product.price : null;
}
