// Re-pricing of cart lines from the catalogue. The server never trusts a price, a sum or a
// modifier price the client sends: a line is its product's price plus, for each chosen modifier,
// the price the product's own groupModifiers give that modifier, times the amount.
// `priceItems` is pure; `loadPricingCatalog` reads what it needs in one go.
import type { Executor } from '../db/database.js';
import { catalogVersionNumber, pricingGroupRows, pricingProductRows } from '../repositories/menu.js';
import type { GroupModifier, HalfPizzaChoice, HalfPizzaSettings } from '../../src/api/entities.js';
import { defaultChoices, halfPizzaName, halfPizzaPrice, halfPizzaProductId } from '../../src/domain/halfPizza.js';
import { ITEM_MESSAGES, maxPerPositionMessage } from '../../src/domain/messages.js';

export const PRODUCT_GONE_MESSAGE = ITEM_MESSAGES.productGone;
export const MODIFIER_GONE_MESSAGE = ITEM_MESSAGES.modifierGone;

export interface PricingProduct {
  id: string;
  name: string;
  code: string;
  price: number;
  parentGroup: string;
  /** additionalInfo.sale: false keeps a snack out of the snack gift. */
  sale: boolean | null;
  groupModifiers: GroupModifier[];
  maxPerPosition: number;
  isVisible: boolean;
}

export interface PricingGroup {
  id: string;
  name: string;
  isGroupModifier: boolean;
  isServiceGroup: boolean;
}

export interface PricingCatalog {
  products: ReadonlyMap<string, PricingProduct>;
  groups: ReadonlyMap<string, PricingGroup>;
}

export interface ItemRequest {
  productId: string;
  amount: number;
  mods: { id: string; amount: number; groupId: string }[];
  /** A half-and-half pizza, priced from its halves (docs/HALF-PIZZA.md). */
  halfPizza?: HalfPizzaChoice;
}

/** What pricing a half-and-half pizza reads of the settings: HALF_PIZZA (null: not sold) and PIZZAS_GROUP_ID. */
export interface HalfPizzaRules {
  rule: HalfPizzaSettings | null;
  pizzasGroupId: string;
}
export const NO_HALF_PIZZA: HalfPizzaRules = { rule: null, pizzasGroupId: '' };

/** Why a half-and-half pizza cannot be priced (an item-unavailable refusal). */
export const HALF_PIZZA_MESSAGES = {
  off: 'Пицца из половинок сейчас недоступна',
  sameHalves: 'Для пиццы из половинок выберите две разные пиццы',
  notAPizza: (name: string) => `«${name}» нельзя заказать половинкой`,
  sizeNotOffered: (name: string) => `Пицца «${name}» не готовится в выбранном размере`,
} as const;

/** One half as the server priced it: the whole pizza's price at the size and its modifiers (size first). */
export interface PricedHalf {
  productId: string;
  name: string;
  code: string;
  price: number;
  mods: PricedMod[];
}

export interface PricedHalfPizza {
  sizeId: string;
  sizeName: string;
  halves: [PricedHalf, PricedHalf];
}

export interface PricedMod {
  id: string;
  name: string;
  amount: number;
  /** Price of one unit of the modifier for this product. */
  price: number;
  groupId: string;
}

export interface PricedLine {
  productId: string;
  name: string;
  code: string;
  parentGroup: string;
  sale: boolean | null;
  amount: number;
  /** Product price plus Σ modifier price × modifier amount. */
  unitPrice: number;
  /** unitPrice × amount. */
  sum: number;
  mods: PricedMod[];
  /** A half-and-half pizza: its halves (its own mods are then empty). */
  halfPizza?: PricedHalfPizza;
}

export type PricingResult = { ok: true; lines: PricedLine[] } | { ok: false; message: string };

/** Whether a product is a service line (delivery, free delivery, service fee) the server adds itself. */
export function isServiceProduct(catalog: PricingCatalog, productId: string): boolean {
  const product = catalog.products.get(productId);
  return product !== undefined && catalog.groups.get(product.parentGroup)?.isServiceGroup === true;
}

/** An orderable product: present, visible, not a modifier and not a service line. */
function orderable(catalog: PricingCatalog, productId: string): PricingProduct | null {
  const product = catalog.products.get(productId);
  if (!product || !product.isVisible) return null;
  const group = catalog.groups.get(product.parentGroup);
  if (!group || group.isGroupModifier || group.isServiceGroup) return null;
  return product;
}

/**
 * Prices one line. `free` makes a gift line: same validation (the modifiers must exist and the
 * required groups be chosen), but a unit price of 0.
 */
export function priceItem(
  catalog: PricingCatalog,
  item: ItemRequest,
  options: { free?: boolean; halfPizza?: HalfPizzaRules } = {},
): PricedLine | string {
  if (item.halfPizza !== undefined)
    return priceHalfPizza(catalog, item, item.halfPizza, options.halfPizza ?? NO_HALF_PIZZA);
  const product = orderable(catalog, item.productId);
  if (!product) return PRODUCT_GONE_MESSAGE;
  if (!Number.isInteger(item.amount) || item.amount < 1) return PRODUCT_GONE_MESSAGE;
  if (product.maxPerPosition > 0 && item.amount > product.maxPerPosition) {
    return maxPerPositionMessage(product.name, product.maxPerPosition);
  }
  // Merge repeated modifiers, keeping the first-seen order.
  const merged = new Map<string, { id: string; groupId: string; amount: number }>();
  for (const mod of item.mods) {
    const key = `${mod.groupId}\u0000${mod.id}`;
    const seen = merged.get(key);
    if (seen) seen.amount += mod.amount;
    else merged.set(key, { id: mod.id, groupId: mod.groupId, amount: mod.amount });
  }
  const mods: PricedMod[] = [];
  const perGroup = new Map<string, number>();
  for (const mod of merged.values()) {
    const group = product.groupModifiers.find((g) => g.id === mod.groupId);
    const choice = group?.modifiers.find((m) => m.modifierId === mod.id);
    const modProduct = catalog.products.get(mod.id);
    if (!group || !choice || !modProduct || !Number.isInteger(mod.amount) || mod.amount < 1)
      return MODIFIER_GONE_MESSAGE;
    perGroup.set(group.id, (perGroup.get(group.id) ?? 0) + mod.amount);
    mods.push({ id: mod.id, name: modProduct.name, amount: mod.amount, price: choice.price, groupId: group.id });
  }
  for (const group of product.groupModifiers) {
    const chosen = perGroup.get(group.id) ?? 0;
    const groupName = catalog.groups.get(group.id)?.name ?? group.id;
    if (group.required && chosen < 1)
      return `Для блюда «${product.name}» не выбран обязательный модификатор «${groupName}»`;
    if (chosen > group.maxAmount)
      return `Для блюда «${product.name}» выбрано слишком много модификаторов «${groupName}»`;
  }
  const unitPrice = options.free ? 0 : mods.reduce((sum, mod) => sum + mod.price * mod.amount, product.price);
  return {
    productId: product.id,
    name: product.name,
    code: product.code,
    parentGroup: product.parentGroup,
    sale: product.sale,
    amount: item.amount,
    unitPrice,
    sum: unitPrice * item.amount,
    mods,
  };
}

/** One half at the size: the pizza's price, its size and the cheapest choice of its other required groups. */
function priceHalf(
  catalog: PricingCatalog,
  productId: string,
  sizeId: string,
  rules: HalfPizzaRules & { rule: HalfPizzaSettings },
): { product: PricingProduct; half: PricedHalf; sizeName: string } | string {
  const product = orderable(catalog, productId);
  if (!product) return PRODUCT_GONE_MESSAGE;
  const sizeGroup = product.groupModifiers.find((g) => g.id === rules.rule.sizeGroupId);
  if (product.parentGroup !== rules.pizzasGroupId || sizeGroup === undefined)
    return HALF_PIZZA_MESSAGES.notAPizza(product.name);
  const size = sizeGroup.modifiers.find((m) => m.modifierId === sizeId);
  const sizeProduct = catalog.products.get(sizeId);
  const defaults = defaultChoices(product.groupModifiers, rules.rule.sizeGroupId, (id) => catalog.products.has(id));
  if (!size || !sizeProduct || defaults === null) return HALF_PIZZA_MESSAGES.sizeNotOffered(product.name);
  const mods: PricedMod[] = [
    { id: sizeId, name: sizeProduct.name, amount: 1, price: size.price, groupId: sizeGroup.id },
    ...defaults.map((d) => ({
      id: d.modifierId,
      name: catalog.products.get(d.modifierId)?.name ?? d.modifierId,
      amount: 1,
      price: d.price,
      groupId: d.groupId,
    })),
  ];
  const price = mods.reduce((sum, m) => sum + m.price * m.amount, product.price);
  return {
    product,
    half: { productId: product.id, name: product.name, code: product.code, price, mods },
    sizeName: sizeProduct.name,
  };
}

/**
 * A half-and-half pizza (docs/HALF-PIZZA.md), priced by the same domain rule as the cart: the
 * halves' whole prices at the size through HALF_PIZZA's rule plus its fee. The client's line id,
 * name and price are never read.
 */
function priceHalfPizza(
  catalog: PricingCatalog,
  item: ItemRequest,
  choice: HalfPizzaChoice,
  rules: HalfPizzaRules,
): PricedLine | string {
  const rule = rules.rule;
  if (rule === null) return HALF_PIZZA_MESSAGES.off;
  if (!Number.isInteger(item.amount) || item.amount < 1) return PRODUCT_GONE_MESSAGE;
  const [firstId, secondId] = choice.productIds;
  if (firstId === secondId) return HALF_PIZZA_MESSAGES.sameHalves;
  const first = priceHalf(catalog, firstId, choice.sizeId, { ...rules, rule });
  if (typeof first === 'string') return first;
  const second = priceHalf(catalog, secondId, choice.sizeId, { ...rules, rule });
  if (typeof second === 'string') return second;
  const name = halfPizzaName(first.product.name, second.product.name);
  const limits = [first.product.maxPerPosition, second.product.maxPerPosition].filter((n) => n > 0);
  const limit = limits.length === 0 ? 0 : Math.min(...limits);
  if (limit > 0 && item.amount > limit) return maxPerPositionMessage(name, limit);
  const unitPrice = halfPizzaPrice(rule, first.half.price, second.half.price);
  return {
    productId: halfPizzaProductId(choice.sizeId, firstId, secondId),
    name,
    code: '',
    parentGroup: rules.pizzasGroupId,
    sale: null,
    amount: item.amount,
    unitPrice,
    sum: unitPrice * item.amount,
    mods: [],
    halfPizza: { sizeId: choice.sizeId, sizeName: first.sizeName, halves: [first.half, second.half] },
  };
}

/**
 * Prices goods lines. Service lines (the client's hidden delivery and service-fee items) are
 * skipped: the server adds delivery and the service fee itself. The first problem refuses all.
 */
export function priceItems(
  catalog: PricingCatalog,
  items: readonly ItemRequest[],
  halfPizza: HalfPizzaRules = NO_HALF_PIZZA,
): PricingResult {
  const lines: PricedLine[] = [];
  for (const item of items) {
    if (item.halfPizza === undefined && isServiceProduct(catalog, item.productId)) continue;
    const line = priceItem(catalog, item, { halfPizza });
    if (typeof line === 'string') return { ok: false, message: line };
    lines.push(line);
  }
  return { ok: true, lines };
}

export function goodsTotalOf(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.sum, 0);
}

const catalogCache = new WeakMap<object, { version: number; catalog: PricingCatalog }>();

/**
 * The whole catalogue as pricing needs it (hidden modifier and service products included).
 * With `cacheOwner` (the Database), the catalogue is kept per catalogue version: triggers bump
 * content_versions('catalog') on every write to groups, products and the stop list, so one small
 * read tells whether the copy is current, also when another process changed the catalogue.
 */
export async function loadPricingCatalog(db: Executor, cacheOwner?: object): Promise<PricingCatalog> {
  if (cacheOwner === undefined) return readPricingCatalog(db);
  const version = (await catalogVersionNumber(db)) ?? -1;
  const cached = catalogCache.get(cacheOwner);
  if (cached && cached.version === version) return cached.catalog;
  const catalog = await readPricingCatalog(db);
  catalogCache.set(cacheOwner, { version, catalog });
  return catalog;
}

async function readPricingCatalog(db: Executor): Promise<PricingCatalog> {
  // One query after the other: a transaction's connection runs one statement at a time.
  const productRows = await pricingProductRows(db);
  const groupRows = await pricingGroupRows(db);
  return {
    products: new Map(productRows.map((p) => [p.id, p])),
    groups: new Map(groupRows.map((g) => [g.id, g])),
  };
}

/** One product's price (for the service fee line), or null when it is not in the catalogue. */
export { productPrice } from '../repositories/menu.js';
