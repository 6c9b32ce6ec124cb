// cart: the decider (PRODUCT.md §4). It reads settings, city and catalogue from the state, time and
// ids from meta; what a command changes in the cart it computes from the command, never by applying
// its own events. Only types from the schemas (cart.ts): the first load runs it without them.
import {
  type CartItem,
  type CartMod,
  type Catalog,
  type HalfPizzaChoice,
  type LastOrder,
  type Product,
  type PromoResponse,
  type Settings,
} from '../api/entities';
import { isIsoDateTime } from '../api/isoDateTime';
import { isGoodsLine } from '../domain/cart';
import { cartModFor, findProduct } from '../domain/catalog';
import { isGiftSnack, snackProductOf } from '../domain/gifts';
import { capToMaxPerPosition, exceedsMaxPerPosition, MAX_COUPON_LENGTH } from '../domain/limits';
import { ITEM_MESSAGES } from '../domain/siteTexts';
import { isOpenAt } from '../domain/workingHours';
import type { AppEvent } from '../events';
import type { HalfPizzaRejectionReason, ItemRejectionReason } from '../events/cart';
import type { CartState } from '../projections/cart';
import { selectAddressPoint } from '../projections/deliveryZone';
import { selectCity, selectCityData, selectIsSignedIn, type AppState } from '../projections/store';
import type { CartCommand } from './cart';
import { deliveryLineEvents, hiddenLine, type DeliveryInputs } from './deliveryLine';
import { buildHalfPizza, planHalfPizza, type HalfPlanned } from './halfPizzaLine';
import { idSource, type Meta } from './types';
import { toastShown } from './view.decide';

/** PRODUCT.md §8 repeat-order toasts: the server's words when an order names such a product. */
export const TEXT_REPEAT_PRODUCT_MISSING = ITEM_MESSAGES.productGone;
export const TEXT_REPEAT_MODIFIER_MISSING = ITEM_MESSAGES.modifierGone;

/** PRODUCT.md §8 cart validation messages; the two modifier ones are ours, in the same style. */
export const validationMessage = {
  productMissing: (name: string) => `Товар "${name}" в данный момент отсутствует в каталоге и будет удален из корзины`,
  priceChanged: (name: string) => `Цена товара "${name}" изменилась и будет удален из корзины`,
  modifierMissing: (mod: string, name: string) =>
    `Модификатор "${mod}" товара "${name}" в данный момент отсутствует в каталоге и товар будет удален из корзины`,
  modifierPriceChanged: (mod: string, name: string) =>
    `Цена модификатора "${mod}" товара "${name}" изменилась и товар будет удален из корзины`,
};

type AddInput = {
  productId: string;
  mods: readonly { id: string; amount: number; groupId: string }[];
  quantity: number;
  isGift: boolean;
  fromPromocode: boolean;
};
/** The events of an addition, and the cart's lines once they apply. */
type Planned =
  { ok: true; events: AppEvent[]; lineId: string; items: CartItem[] } | { ok: false; reason: ItemRejectionReason };

const modKey = (mods: readonly Pick<CartMod, 'groupId' | 'id' | 'amount'>[]): string =>
  mods
    .map((m) => `${m.groupId}/${m.id}x${m.amount}`)
    .sort()
    .join(',');

/** Resolves chosen mods against the product's groupModifiers and the catalogue (PRODUCT.md §3 CartMod). */
function resolveMods(
  product: Product,
  chosen: AddInput['mods'],
  catalog: Catalog,
): { ok: true; mods: CartMod[] } | { ok: false; reason: ItemRejectionReason } {
  const mods: CartMod[] = [];
  for (const m of chosen) {
    const mod = cartModFor(catalog, product, m.groupId, m.id, m.amount);
    if (mod === null) return { ok: false, reason: 'unknown-modifier' };
    if (!Number.isInteger(m.amount) || m.amount < 1) return { ok: false, reason: 'invalid-quantity' };
    const same = mods.find((x) => x.groupId === m.groupId && x.id === m.id);
    if (same !== undefined) same.amount += m.amount;
    else mods.push(mod);
  }
  for (const g of product.groupModifiers) {
    const taken = mods.filter((m) => m.groupId === g.id).reduce((n, m) => n + m.amount, 0);
    if (g.required && taken === 0) return { ok: false, reason: 'missing-required-modifier' };
    if (taken > g.maxAmount) return { ok: false, reason: 'too-many-modifiers' };
  }
  return { ok: true, mods };
}

/** Rule 5 and 8: merge into an identical line or make a new one (no modal, no time checks). */
function planAdd(items: readonly CartItem[], catalog: Catalog, input: AddInput, nextId: () => string): Planned {
  const product = findProduct(catalog, input.productId);
  if (product === undefined) return { ok: false, reason: 'unknown-product' };
  const q = input.quantity;
  if (!Number.isInteger(q) || q < 1) return { ok: false, reason: 'invalid-quantity' };
  if (exceedsMaxPerPosition(product.maxPerPositionInOrder, q)) return { ok: false, reason: 'max-per-position' };
  const resolved = resolveMods(product, input.mods, catalog);
  if (!resolved.ok) return resolved;
  const key = modKey(resolved.mods);
  const same = items.find(
    (l) => !l.isHidden && l.isGift === input.isGift && l.product.id === product.id && modKey(l.mods) === key,
  );
  if (input.isGift) {
    // A gift is one line of quantity 1; choosing it again changes nothing.
    if (same !== undefined) return { ok: true, events: [], lineId: same.id, items: [...items] };
  } else if (same !== undefined && product.maxPerPositionInOrder === 0) {
    const quantity = same.quantity + q;
    return {
      ok: true,
      events: [{ type: 'ItemMerged', data: { lineId: same.id, added: q, quantity } }],
      lineId: same.id,
      items: withQuantity(items, same.id, quantity),
    };
  }
  const line: CartItem = {
    id: nextId(),
    product,
    quantity: input.isGift ? 1 : q,
    mods: resolved.mods,
    isGift: input.isGift,
    isHidden: false,
    isServiceFee: false,
    fromPromocode: input.fromPromocode,
  };
  return { ok: true, events: [{ type: 'ItemAdded', data: { line } }], lineId: line.id, items: [...items, line] };
}

const withQuantity = (items: readonly CartItem[], lineId: string, quantity: number): CartItem[] =>
  items.map((l) => (l.id === lineId ? { ...l, quantity } : l));
const without = (items: readonly CartItem[], lineIds: readonly string[]): CartItem[] =>
  items.filter((l) => !lineIds.includes(l.id));

/** The cart as it will be once a command's events apply: what normalising depends on. */
type NextCart = Pick<CartState, 'items' | 'deliveryMethod' | 'freeDelivery' | 'discountTotal'>;

/**
 * What must follow any cart change, appended to its events: a cart of only gifts / delivery lines
 * is emptied (discount 0), otherwise the delivery line is brought in line with the rules.
 */
function withNormalised(
  events: AppEvent[],
  state: AppState,
  next: Partial<NextCart>,
  nextId: () => string,
): AppEvent[] {
  const cart: NextCart = { ...state.cart, ...next };
  if (!cart.items.some(isGoodsLine)) {
    const clear = cart.items.length > 0 || cart.discountTotal !== 0;
    return clear ? [...events, { type: 'CartCleared', data: { reason: 'only-gifts-left' } }] : events;
  }
  const inputs: DeliveryInputs = { cart, point: selectAddressPoint(state), settings: state.setting.settings };
  return [...events, ...deliveryLineEvents(state, inputs, nextId)];
}

const rejected = (productId: string, reason: ItemRejectionReason): AppEvent => ({
  type: 'ItemRejected',
  data: { productId, reason },
});

/** Rules 1 and 2 (and readiness): the reason adding is blocked now, or null. */
function blockedReason(state: AppState, now: string): ItemRejectionReason | null {
  const settings: Settings | null = state.setting.settings;
  if (settings === null) return 'not-ready';
  if (settings.IS_SITE_NOT_WORKING) return 'site-not-working';
  const city = selectCity(state);
  if (city === undefined) return 'not-ready';
  const hours = settings.WORK_TIME[city.id];
  if (hours !== undefined && !isOpenAt(hours, now, city.timeZone)) return 'outside-working-hours';
  if (state.catalog.catalog === null) return 'not-ready';
  return null;
}

function decideAddItem(c: CommandOf<'AddItem'>, state: AppState, meta: Meta): AppEvent[] {
  const { productId } = c.data;
  const blocked = blockedReason(state, meta.now);
  if (blocked !== null) return [rejected(productId, blocked)];
  const catalog = state.catalog.catalog;
  const settings = state.setting.settings;
  if (catalog === null || settings === null) return [rejected(productId, 'not-ready')];
  const product = findProduct(catalog, productId);
  if (product === undefined) return [rejected(productId, 'unknown-product')];
  const isGift = c.data.isGift ?? false;
  if (isGift && !state.cart.freeProducts.some((f) => f.productId === productId))
    return [rejected(productId, 'not-offered-as-gift')];
  const mods = c.data.mods ?? [];
  const quantity = c.data.quantity ?? 1; // rule 8
  const events: AppEvent[] = [];
  // Rule 4: modifier groups and no choice yet → the modifier modal instead of adding.
  const needsChoice = product.groupModifiers.length > 0 && mods.length === 0;
  if (!needsChoice) {
    const nextId = idSource(meta);
    const plan = planAdd(
      state.cart.items,
      catalog,
      { productId, mods, quantity, isGift, fromPromocode: c.data.fromPromocode ?? false },
      nextId,
    );
    if (!plan.ok) return [rejected(productId, plan.reason)];
    if (plan.events.length === 0) return [];
    // Rule 3: the auth modal, but adding continues.
    if (!isGift && !selectIsSignedIn(state)) events.push({ type: 'AuthRequired', data: { reason: 'add-item' } });
    events.push(...plan.events);
    // Rule 6.
    events.push({ type: 'LineHighlighted', data: { lineId: plan.lineId } });
    // Rule 7.
    if (!isGift && isGiftSnack(snackProductOf(product), settings.SNACKS_GROUP_ID)) {
      events.push({ type: 'SnackGiftOffered', data: { productId } });
    }
    return withNormalised(events, state, { items: plan.items }, nextId);
  }
  if (!isGift && !selectIsSignedIn(state)) events.push({ type: 'AuthRequired', data: { reason: 'add-item' } });
  events.push({
    type: 'ModifierChoiceRequested',
    data: { productId, isGift, fromPromocode: c.data.fromPromocode ?? false },
  });
  return events;
}

/** docs/HALF-PIZZA.md: adding rules 1–3, 6 and 8 of PRODUCT.md §4, with the line's own merge rule. */
function decideAddHalfPizza(c: CommandOf<'AddHalfPizza'>, state: AppState, meta: Meta): AppEvent[] {
  const { sizeId, firstId, secondId } = c.data;
  const refuse = (reason: HalfPizzaRejectionReason): AppEvent[] => [
    { type: 'HalfPizzaRejected', data: { sizeId, productIds: [firstId, secondId], reason } },
  ];
  const blocked = blockedReason(state, meta.now);
  if (blocked === 'site-not-working' || blocked === 'outside-working-hours' || blocked === 'not-ready')
    return refuse(blocked);
  const catalog = state.catalog.catalog;
  const settings = state.setting.settings;
  if (catalog === null || settings === null) return refuse('not-ready');
  const nextId = idSource(meta);
  const plan = planHalfPizza(
    state.cart.items,
    catalog,
    settings,
    { sizeId, firstId, secondId, quantity: c.data.quantity ?? 1 },
    nextId,
  );
  if (!plan.ok) return refuse(plan.reason);
  const events: AppEvent[] = [];
  if (!selectIsSignedIn(state)) events.push({ type: 'AuthRequired', data: { reason: 'add-item' } });
  events.push(...plan.events, { type: 'LineHighlighted', data: { lineId: plan.lineId } });
  return withNormalised(events, state, { items: plan.items }, nextId);
}

function decideApplyPromo(response: PromoResponse, state: AppState, meta: Meta): AppEvent[] {
  const cart = state.cart;
  const cityData = selectCityData(state);
  const catalog = state.catalog.catalog;
  const deliveryIds = new Set(cityData === undefined ? [] : [cityData.deliveryId, cityData.freeDeliveryId]);
  const freeDelivery =
    cityData !== undefined && response.freeProducts.some((f) => f.productId === cityData.freeDeliveryId);
  const nextId = idSource(meta);

  // Match gift lines to the answer's free products, one line per listed entry.
  const unmatched = cart.items.filter((l) => l.isGift);
  const added: CartItem[] = [];
  const requests: AppEvent[] = [];
  for (const f of response.freeProducts) {
    if (deliveryIds.has(f.productId)) continue;
    const i = unmatched.findIndex((l) => l.product.id === f.productId);
    if (i >= 0) {
      unmatched.splice(i, 1);
      continue;
    }
    if (f.hasModifiers) {
      requests.push({
        type: 'ModifierChoiceRequested',
        data: { productId: f.productId, isGift: true, fromPromocode: f.fromPromocode },
      });
      continue;
    }
    const product = findProduct(catalog, f.productId);
    if (product !== undefined) added.push(hiddenLine(nextId(), product, true, f.fromPromocode));
  }
  const changes: AppEvent[] = added.map((line) => ({ type: 'GiftAdded', data: { line } }));
  const removals: AppEvent[] = unmatched.map((l) => ({ type: 'GiftRemoved', data: { lineId: l.id } }));

  const applied: AppEvent = {
    type: 'PromoResultApplied',
    data: {
      discountTotal: response.discountTotal,
      lostGift: response.lostGift,
      freeProducts: response.freeProducts,
      loyaltyProgramErrors: response.loyaltyProgramErrors,
      allowedBonus: response.allowedBonus,
      freeDelivery,
      couponError: response.couponError ?? null,
    },
  };
  const same =
    cart.promo.status === 'applied' &&
    cart.promo.allowedBonus === response.allowedBonus &&
    cart.promo.coupon === cart.appliedCoupon &&
    (cart.promo.couponError ?? null) === (response.couponError ?? null) &&
    cart.discountTotal === response.discountTotal &&
    cart.freeDelivery === freeDelivery &&
    JSON.stringify([cart.lostGift, cart.freeProducts, cart.loyaltyProgramErrors]) ===
      JSON.stringify([response.lostGift, response.freeProducts, response.loyaltyProgramErrors]);
  if (same && changes.length === 0 && removals.length === 0 && cart.spendBonus <= response.allowedBonus) return [];

  const events: AppEvent[] = [applied, ...removals, ...changes];
  if (cart.spendBonus > response.allowedBonus)
    events.push({ type: 'SpendBonusChanged', data: { amount: response.allowedBonus } });
  const items = [
    ...without(
      cart.items,
      unmatched.map((l) => l.id),
    ),
    ...added,
  ];
  const normalised = withNormalised(
    events,
    state,
    { items, freeDelivery, discountTotal: response.discountTotal },
    nextId,
  );
  const cleared = normalised.some((e) => e.type === 'CartCleared');
  return cleared ? normalised : [...normalised, ...requests];
}

function decideValidate(state: AppState, meta: Meta): AppEvent[] {
  const catalog = state.catalog.catalog;
  if (catalog === null) return [];
  const lines: Extract<AppEvent, { type: 'ItemsInvalidated' }>['data']['lines'] = [];
  for (const line of state.cart.items) {
    if (line.isHidden) continue;
    const name = line.product.name;
    const base = { lineId: line.id, productId: line.product.id };
    if (line.halfPizza !== undefined) {
      const invalid = halfPizzaInvalid(line, catalog, state.setting.settings);
      if (invalid !== null) lines.push({ ...base, ...invalid });
      continue;
    }
    const p = findProduct(catalog, line.product.id);
    if (p === undefined) {
      lines.push({ ...base, reason: 'product-missing', message: validationMessage.productMissing(name) });
      continue;
    }
    if (p.price !== line.product.price) {
      lines.push({ ...base, reason: 'price-changed', message: validationMessage.priceChanged(name) });
      continue;
    }
    for (const mod of line.mods) {
      const offered = cartModFor(catalog, p, mod.groupId, mod.id);
      if (offered === null) {
        lines.push({ ...base, reason: 'modifier-missing', message: validationMessage.modifierMissing(mod.name, name) });
        break;
      }
      if (offered.price !== mod.price) {
        lines.push({
          ...base,
          reason: 'modifier-price-changed',
          message: validationMessage.modifierPriceChanged(mod.name, name),
        });
        break;
      }
    }
  }
  const events: AppEvent[] = [];
  if (lines.length > 0) events.push({ type: 'ItemsInvalidated', data: { lines } });
  const selected = state.cart.selectedRestaurant;
  const city = selectCity(state);
  const settings = state.setting.settings;
  if (selected !== null && city !== undefined && settings !== null) {
    const terminals = settings.DELIVERY_TERMINALS[city.id] ?? [];
    if (!terminals.some((t) => t.deliveryTerminalId === selected)) {
      events.push({ type: 'RestaurantUnmatched', data: { deliveryTerminalId: selected } });
    }
  }
  const invalid = lines.map((l) => l.lineId);
  return withNormalised(events, state, { items: without(state.cart.items, invalid) }, idSource(meta));
}

/**
 * A half-and-half line is checked as a whole against today's halves: a pizza gone (or no longer
 * made in the size, or half-and-half switched off) drops it as missing, any price change of a half
 * or of HALF_PIZZA's rule as a changed price.
 */
function halfPizzaInvalid(
  line: CartItem,
  catalog: Catalog,
  settings: Settings | null,
): { reason: 'product-missing' | 'price-changed'; message: string } | null {
  const parts = line.halfPizza;
  const name = line.product.name;
  if (parts === undefined) return null;
  const built =
    settings === null
      ? null
      : buildHalfPizza(catalog, settings, parts.sizeId, parts.halves[0].product.id, parts.halves[1].product.id);
  if (built === null || !built.ok)
    return { reason: 'product-missing', message: validationMessage.productMissing(name) };
  return built.product.price === line.product.price
    ? null
    : { reason: 'price-changed', message: validationMessage.priceChanged(name) };
}

/** A repeated half-and-half line at today's prices, its quantity capped by the pizzas' limit. */
function repeatHalfPizza(
  items: CartItem[],
  catalog: Catalog,
  settings: Settings | null,
  half: HalfPizzaChoice,
  amount: number,
  nextId: () => string,
): HalfPlanned {
  if (settings === null) return { ok: false, reason: 'not-ready' };
  const [firstId, secondId] = half.productIds;
  const built = buildHalfPizza(catalog, settings, half.sizeId, firstId, secondId);
  if (!built.ok) return built;
  const quantity = capToMaxPerPosition(built.product.maxPerPositionInOrder, amount);
  return planHalfPizza(items, catalog, settings, { sizeId: half.sizeId, firstId, secondId, quantity }, nextId);
}

function decideRepeat(lastOrder: LastOrder, state: AppState, meta: Meta): AppEvent[] {
  const blocked = blockedReason(state, meta.now);
  const firstId = lastOrder.products[0]?.productId ?? '';
  if (blocked !== null) return [rejected(firstId, blocked)];
  const catalog = state.catalog.catalog;
  if (catalog === null) return [rejected(firstId, 'not-ready')];
  const nextId = idSource(meta);
  const events: AppEvent[] = [];
  const toasts = new Set<string>();
  let items: CartItem[] = state.cart.items;
  for (const item of lastOrder.products) {
    if (item.isGift) continue;
    const half = item.halfPizza;
    if (half !== undefined) {
      const plan = repeatHalfPizza(items, catalog, state.setting.settings, half, item.amount, nextId);
      if (!plan.ok) {
        toasts.add(plan.reason === 'size-not-offered' ? TEXT_REPEAT_MODIFIER_MISSING : TEXT_REPEAT_PRODUCT_MISSING);
        continue;
      }
      events.push(...plan.events);
      items = plan.items;
      continue;
    }
    const product = findProduct(catalog, item.productId);
    if (product === undefined) {
      toasts.add(TEXT_REPEAT_PRODUCT_MISSING);
      continue;
    }
    const quantity = capToMaxPerPosition(product.maxPerPositionInOrder, item.amount);
    const mods = item.mods.map(({ id, amount, groupId }) => ({ id, amount, groupId }));
    const plan = planAdd(
      items,
      catalog,
      { productId: product.id, mods, quantity, isGift: false, fromPromocode: false },
      nextId,
    );
    if (!plan.ok) {
      toasts.add(TEXT_REPEAT_MODIFIER_MISSING);
      continue;
    }
    events.push(...plan.events);
    items = plan.items;
  }
  const all = withNormalised(events, state, { items }, nextId);
  for (const text of toasts) all.push(toastShown(nextId(), text, 'error'));
  all.push({ type: 'CartOpened', data: {} });
  return all;
}

export function decideCart(command: CartCommand, state: AppState, meta: Meta): AppEvent[] {
  const cart = state.cart;
  switch (command.type) {
    case 'AddItem':
      return decideAddItem(command, state, meta);
    case 'AddHalfPizza':
      return decideAddHalfPizza(command, state, meta);
    case 'ChangeQuantity': {
      const { lineId, quantity } = command.data;
      const line = cart.items.find((l) => l.id === lineId);
      if (line === undefined) return [];
      if (line.isHidden) return [{ type: 'LineChangeRejected', data: { lineId, reason: 'hidden-line' } }];
      if (!Number.isInteger(quantity))
        return [{ type: 'LineChangeRejected', data: { lineId, reason: 'invalid-quantity' } }];
      // PRODUCT.md §4 Decrease: at quantity 1 the line is removed.
      if (quantity < 1) {
        const items = without(cart.items, [lineId]);
        return withNormalised([{ type: 'ItemRemoved', data: { lineId } }], state, { items }, idSource(meta));
      }
      if (quantity === line.quantity) return [];
      if (line.isGift) return [{ type: 'LineChangeRejected', data: { lineId, reason: 'fixed-quantity' } }];
      if (exceedsMaxPerPosition(line.product.maxPerPositionInOrder, quantity))
        return [{ type: 'LineChangeRejected', data: { lineId, reason: 'max-per-position' } }];
      const items = withQuantity(cart.items, lineId, quantity);
      return withNormalised(
        [{ type: 'ItemQuantityChanged', data: { lineId, quantity } }],
        state,
        { items },
        idSource(meta),
      );
    }
    case 'RemoveItem': {
      const { lineId } = command.data;
      const line = cart.items.find((l) => l.id === lineId);
      if (line === undefined) return [];
      if (line.isHidden) return [{ type: 'LineChangeRejected', data: { lineId, reason: 'hidden-line' } }];
      const items = without(cart.items, [lineId]);
      return withNormalised([{ type: 'ItemRemoved', data: { lineId } }], state, { items }, idSource(meta));
    }
    case 'ClearHighlight':
      return state.view.lastAddedLineId === command.data.lineId
        ? [{ type: 'HighlightCleared', data: { lineId: command.data.lineId } }]
        : [];
    case 'ChangeDeliveryMethod': {
      const method = command.data.method;
      if (method === cart.deliveryMethod) return [];
      return withNormalised(
        [{ type: 'DeliveryMethodChanged', data: { method, previous: cart.deliveryMethod } }],
        state,
        { deliveryMethod: method },
        idSource(meta),
      );
    }
    case 'SelectRestaurant': {
      const id = command.data.deliveryTerminalId;
      const city = selectCity(state);
      const terminals = city === undefined ? [] : (state.setting.settings?.DELIVERY_TERMINALS[city.id] ?? []);
      if (!terminals.some((t) => t.deliveryTerminalId === id)) {
        return [{ type: 'RestaurantRejected', data: { deliveryTerminalId: id, reason: 'unknown-restaurant' } }];
      }
      return cart.selectedRestaurant === id ? [] : [{ type: 'RestaurantSelected', data: { deliveryTerminalId: id } }];
    }
    case 'ChangeDeliveryTime': {
      const time = command.data.time;
      if (time === cart.deliveryTime) return [];
      if (time === 'asap') return [{ type: 'DeliveryTimeChanged', data: { time } }];
      if (!isIsoDateTime(time)) return [{ type: 'DeliveryTimeRejected', data: { time, reason: 'invalid' } }];
      if (Date.parse(time) < Date.parse(meta.now))
        return [{ type: 'DeliveryTimeRejected', data: { time, reason: 'in-the-past' } }];
      return [{ type: 'DeliveryTimeChanged', data: { time } }];
    }
    case 'ApplyCoupon': {
      const coupon = command.data.coupon.trim();
      if (coupon === '') return [{ type: 'CouponRejected', data: { coupon, reason: 'empty' } }];
      if (coupon.length > MAX_COUPON_LENGTH) return [{ type: 'CouponRejected', data: { coupon, reason: 'too-long' } }];
      if (selectCityData(state)?.isPromocodeHide === true) {
        return [{ type: 'CouponRejected', data: { coupon, reason: 'promocode-hidden' } }];
      }
      return coupon === cart.appliedCoupon ? [] : [{ type: 'CouponApplied', data: { coupon } }];
    }
    case 'RemoveCoupon':
      return cart.appliedCoupon === null ? [] : [{ type: 'CouponRemoved', data: {} }];
    case 'ChangeSpendBonus': {
      // A non-finite amount is recorded as 0 so that the rejection stays valid JSON.
      const amount = Number.isFinite(command.data.amount) ? command.data.amount : 0;
      const profile = state.user.profile;
      if (!selectIsSignedIn(state) || profile === null) {
        return [{ type: 'SpendBonusRejected', data: { amount, reason: 'not-signed-in' } }];
      }
      if (!Number.isFinite(command.data.amount) || amount < 0)
        return [{ type: 'SpendBonusRejected', data: { amount, reason: 'invalid' } }];
      if (amount > profile.balance) return [{ type: 'SpendBonusRejected', data: { amount, reason: 'over-balance' } }];
      return amount === cart.spendBonus ? [] : [{ type: 'SpendBonusChanged', data: { amount } }];
    }
    case 'StartPromoCalculation':
      return cart.promo.status === 'pending' ? [] : [{ type: 'PromoRequested', data: {} }];
    case 'ApplyPromoResult':
      return decideApplyPromo(command.data.response, state, meta);
    case 'ReportPromoFailure':
      return [{ type: 'PromoFailed', data: { message: command.data.message } }];
    case 'InitCart':
      return [{ type: 'CartInitStarted', data: {} }];
    case 'ValidateCart':
      return decideValidate(state, meta);
    case 'RepeatOrder':
      return decideRepeat(command.data.lastOrder, state, meta);
    case 'ClearCart':
      return cart.items.length === 0 && cart.appliedCoupon === null
        ? []
        : [{ type: 'CartCleared', data: { reason: command.data.reason } }];
    default: {
      const unreachable: never = command;
      throw new Error(`unknown cart command ${JSON.stringify(unreachable)}`);
    }
  }
}

type CommandOf<T extends CartCommand['type']> = Extract<CartCommand, { type: T }>;
