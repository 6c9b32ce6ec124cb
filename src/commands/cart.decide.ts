// cart: the decider (SPEC §4) and the cart rules the effects and views share. It reads settings,
// city and catalogue from the state, time and ids from meta. Only types from the schemas (cart.ts):
// the first load runs it without them.
import {
  IsoDateTime,
  type CartItem,
  type CartMod,
  type Catalog,
  type CityData,
  type DeliveryZone,
  type LastOrder,
  type Product,
  type PromoResponse,
  type Settings,
} from '../api/entities';
import { isOpenAt } from '../domain/workingHours';
import type { AppEvent } from '../events';
import type { ItemRejectionReason } from '../events/cart';
import { evolveCartAll, goodsTotal, isDeliveryLine, isGoodsLine, type CartState } from '../projections/cart';
import { findGroup, findProduct } from '../projections/catalog';
import { selectDeliveryZone } from '../projections/deliveryZone';
import { evolveAll, selectCity, selectCityData, selectIsSignedIn, type AppState } from '../projections/store';
import type { CartCommand } from './cart';
import { idSource, type Meta } from './types';
import { toastShown } from './view.decide';

/** SPEC §8 repeat-order toasts. */
export const TEXT_REPEAT_PRODUCT_MISSING =
  'Блюдо в данный момент отсутствует на сайте. Попробуйте добавить блюдо из каталога';
export const TEXT_REPEAT_MODIFIER_MISSING =
  'Модификатор для блюда в данный момент отсутствует на сайте. Попробуйте добавить блюдо из каталога';

/** SPEC §8 cart validation messages; the two modifier ones are ours, in the same style. */
export const validationMessage = {
  productMissing: (name: string) => `Товар "${name}" в данный момент отсутствует в каталоге и будет удален из корзины`,
  priceChanged: (name: string) => `Цена товара "${name}" изменилась и будет удален из корзины`,
  modifierMissing: (mod: string, name: string) =>
    `Модификатор "${mod}" товара "${name}" в данный момент отсутствует в каталоге и товар будет удален из корзины`,
  modifierPriceChanged: (mod: string, name: string) =>
    `Цена модификатора "${mod}" товара "${name}" изменилась и товар будет удален из корзины`,
};

/** Longest coupon the promo call accepts (PromoRequest.coupon). */
export const MAX_COUPON_LENGTH = 64;

/**
 * Events after which the promo effect recalculates the cart (SPEC §4: every change of items,
 * coupon or delivery method; we add bonus spending and sign-in). Promo-made changes (gifts,
 * delivery lines, PromoResultApplied) are excluded so that a promo answer never loops.
 */
export function needsPromoRecalc(event: AppEvent): boolean {
  switch (event.type) {
    case 'ItemAdded':
    case 'ItemMerged':
    case 'ItemQuantityChanged':
    case 'ItemRemoved':
    case 'ItemsInvalidated':
    case 'CouponApplied':
    case 'CouponRemoved':
    case 'DeliveryMethodChanged':
    case 'SpendBonusChanged':
    case 'SignedIn':
    case 'CitySelected': // SPEC §4 city selection clears the coupon; the reloaded page re-quotes under the new city
    case 'SessionStarted':
      return true;
    default:
      return false;
  }
}

type AddInput = {
  productId: string;
  mods: readonly { id: string; amount: number; groupId: string }[];
  quantity: number;
  isGift: boolean;
  fromPromocode: boolean;
};
type Planned = { ok: true; events: AppEvent[]; lineId: string } | { ok: false; reason: ItemRejectionReason };

const modKey = (mods: readonly Pick<CartMod, 'groupId' | 'id' | 'amount'>[]): string =>
  mods
    .map((m) => `${m.groupId}/${m.id}x${m.amount}`)
    .sort()
    .join(',');

/** Resolves chosen mods against the product's groupModifiers and the catalogue (SPEC §3 CartMod). */
export function resolveMods(
  product: Product,
  chosen: AddInput['mods'],
  catalog: Catalog,
): { ok: true; mods: CartMod[] } | { ok: false; reason: ItemRejectionReason } {
  const mods: CartMod[] = [];
  for (const m of chosen) {
    const group = product.groupModifiers.find((g) => g.id === m.groupId);
    const choice = group?.modifiers.find((x) => x.modifierId === m.id);
    const modProduct = findProduct(catalog, m.id);
    if (group === undefined || choice === undefined || modProduct === undefined)
      return { ok: false, reason: 'unknown-modifier' };
    if (!Number.isInteger(m.amount) || m.amount < 1) return { ok: false, reason: 'invalid-quantity' };
    const same = mods.find((x) => x.groupId === m.groupId && x.id === m.id);
    if (same !== undefined) same.amount += m.amount;
    else
      mods.push({
        id: m.id,
        name: modProduct.name,
        amount: m.amount,
        price: choice.price,
        code: modProduct.code,
        groupId: m.groupId,
        groupName: findGroup(catalog, m.groupId)?.name ?? '',
      });
  }
  for (const g of product.groupModifiers) {
    const taken = mods.filter((m) => m.groupId === g.id).reduce((n, m) => n + m.amount, 0);
    if (g.required && taken === 0) return { ok: false, reason: 'missing-required-modifier' };
    if (taken > g.maxAmount) return { ok: false, reason: 'too-many-modifiers' };
  }
  return { ok: true, mods };
}

/** Rule 5 and 8: merge into an identical line or make a new one (no modal, no time checks). */
function planAdd(cart: CartState, catalog: Catalog, input: AddInput, nextId: () => string): Planned {
  const product = findProduct(catalog, input.productId);
  if (product === undefined) return { ok: false, reason: 'unknown-product' };
  const q = input.quantity;
  if (!Number.isInteger(q) || q < 1) return { ok: false, reason: 'invalid-quantity' };
  if (product.maxPerPositionInOrder > 0 && q > product.maxPerPositionInOrder)
    return { ok: false, reason: 'max-per-position' };
  const resolved = resolveMods(product, input.mods, catalog);
  if (!resolved.ok) return resolved;
  const key = modKey(resolved.mods);
  const same = cart.items.find(
    (l) => !l.isHidden && l.isGift === input.isGift && l.product.id === product.id && modKey(l.mods) === key,
  );
  if (input.isGift) {
    // A gift is one line of quantity 1; choosing it again changes nothing.
    if (same !== undefined) return { ok: true, events: [], lineId: same.id };
  } else if (same !== undefined && product.maxPerPositionInOrder === 0) {
    return {
      ok: true,
      events: [{ type: 'ItemMerged', data: { lineId: same.id, added: q, quantity: same.quantity + q } }],
      lineId: same.id,
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
  return { ok: true, events: [{ type: 'ItemAdded', data: { line } }], lineId: line.id };
}

const hiddenLine = (id: string, product: Product, isGift: boolean, fromPromocode: boolean): CartItem => ({
  id,
  product,
  quantity: 1,
  mods: [],
  isGift,
  isHidden: true,
  isServiceFee: false,
  fromPromocode,
});

/**
 * SPEC §4 delivery line: at most one hidden delivery or free-delivery line, none in self-pickup.
 * With the delivery zone of the address known, the paid line costs the zone's deliveryPrice (the
 * city's delivery product repriced; a zone that delivers for free gets the free-delivery line), as
 * the server's quote and order charge it; before that, the city's delivery product as it is.
 */
export function deliveryLineEvents(
  cart: CartState,
  cityData: CityData | undefined,
  catalog: Catalog | null,
  nextId: () => string,
  zone: Pick<DeliveryZone, 'deliveryPrice'> | null = null,
): AppEvent[] {
  let wanted: Product | undefined;
  if (cart.deliveryMethod === 'delivery' && cityData !== undefined && cart.items.some(isGoodsLine)) {
    const free = findProduct(catalog, cityData.freeDeliveryId);
    if (goodsTotal(cart.items) >= cityData.freeDeliveryFrom) wanted = free;
    else if (!cart.freeDelivery) {
      const paid = findProduct(catalog, cityData.deliveryId);
      if (zone === null || paid === undefined) wanted = paid;
      else wanted = zone.deliveryPrice === 0 && free !== undefined ? free : { ...paid, price: zone.deliveryPrice };
    }
  }
  const events: AppEvent[] = [];
  let kept = false;
  for (const l of cart.items.filter(isDeliveryLine)) {
    const keep = !kept && wanted !== undefined && l.product.id === wanted.id && l.product.price === wanted.price;
    if (keep) kept = true;
    else events.push({ type: 'DeliveryLineRemoved', data: { lineId: l.id } });
  }
  if (wanted !== undefined && !kept) {
    events.push({ type: 'DeliveryLineAdded', data: { line: hiddenLine(nextId(), wanted, false, false) } });
  }
  return events;
}

/**
 * What must follow any cart change: a cart of only gifts / delivery lines is emptied (discount 0),
 * otherwise the delivery line is brought in line with the rules.
 */
export function normaliseCart(cart: CartState, state: AppState, nextId: () => string): AppEvent[] {
  if (!cart.items.some(isGoodsLine)) {
    if (cart.items.length > 0 || cart.discountTotal !== 0)
      return [{ type: 'CartCleared', data: { reason: 'only-gifts-left' } }];
    return [];
  }
  // The zone of the cart as it will be (its delivery method may be what just changed).
  return deliveryLineEvents(
    cart,
    selectCityData(state),
    state.catalog.catalog,
    nextId,
    selectDeliveryZone({ ...state, cart }),
  );
}

/** Events that can move the delivery point or the zones, and so the delivery line's price. */
const DELIVERY_ZONE_INPUTS: ReadonlySet<AppEvent['type']> = new Set<AppEvent['type']>([
  'AddressesLoaded',
  'AddressSelected',
  'AddressCreated',
  'AddressDeleted',
  'AddressLocated',
  'OneOffAddressChosen',
  'SettingsLoaded',
]);

/**
 * For any decider: when its events change where the order goes (or the zones), the delivery line
 * follows (issue 5: one delivery price). Not before the catalogue and settings are there: without
 * them the line cannot be priced, and the cart's own validation normalises it once they arrive.
 */
export function withDeliveryZoneLine(events: AppEvent[], state: AppState, meta: Meta): AppEvent[] {
  if (!events.some((e) => DELIVERY_ZONE_INPUTS.has(e.type))) return events;
  const after = evolveAll(state, events);
  if (after.catalog.catalog === null || after.setting.settings === null) return events;
  const nextId = idSource({ ...meta, id: `${meta.id}:zone` });
  const line = deliveryLineEvents(
    after.cart,
    selectCityData(after),
    after.catalog.catalog,
    nextId,
    selectDeliveryZone(after),
  );
  return line.length === 0 ? events : [...events, ...line];
}

/** Appends the normalising events of the cart the given events lead to. */
function withNormalised(events: AppEvent[], state: AppState, nextId: () => string): AppEvent[] {
  const after = evolveCartAll(state.cart, events);
  return [...events, ...normaliseCart(after, state, nextId)];
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
      state.cart,
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
    if (!isGift && product.parentGroup === settings.SNACKS_GROUP_ID && product.additionalInfo.sale !== false) {
      events.push({ type: 'SnackGiftOffered', data: { productId } });
    }
    return withNormalised(events, state, nextId);
  }
  if (!isGift && !selectIsSignedIn(state)) events.push({ type: 'AuthRequired', data: { reason: 'add-item' } });
  events.push({
    type: 'ModifierChoiceRequested',
    data: { productId, isGift, fromPromocode: c.data.fromPromocode ?? false },
  });
  return events;
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
  const changes: AppEvent[] = [];
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
    if (product !== undefined)
      changes.push({ type: 'GiftAdded', data: { line: hiddenLine(nextId(), product, true, f.fromPromocode) } });
  }
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
    },
  };
  const same =
    cart.promo.status === 'applied' &&
    cart.promo.allowedBonus === response.allowedBonus &&
    cart.discountTotal === response.discountTotal &&
    cart.freeDelivery === freeDelivery &&
    JSON.stringify([cart.lostGift, cart.freeProducts, cart.loyaltyProgramErrors]) ===
      JSON.stringify([response.lostGift, response.freeProducts, response.loyaltyProgramErrors]);
  if (same && changes.length === 0 && removals.length === 0 && cart.spendBonus <= response.allowedBonus) return [];

  const events: AppEvent[] = [applied, ...removals, ...changes];
  if (cart.spendBonus > response.allowedBonus)
    events.push({ type: 'SpendBonusChanged', data: { amount: response.allowedBonus } });
  const normalised = withNormalised(events, state, nextId);
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
      const choice = p.groupModifiers.find((g) => g.id === mod.groupId)?.modifiers.find((m) => m.modifierId === mod.id);
      if (choice === undefined || findProduct(catalog, mod.id) === undefined) {
        lines.push({ ...base, reason: 'modifier-missing', message: validationMessage.modifierMissing(mod.name, name) });
        break;
      }
      if (choice.price !== mod.price) {
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
  return withNormalised(events, state, idSource(meta));
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
  let cart = state.cart;
  for (const item of lastOrder.products) {
    if (item.isGift) continue;
    const product = findProduct(catalog, item.productId);
    if (product === undefined) {
      toasts.add(TEXT_REPEAT_PRODUCT_MISSING);
      continue;
    }
    const quantity =
      product.maxPerPositionInOrder > 0 ? Math.min(item.amount, product.maxPerPositionInOrder) : item.amount;
    const mods = item.mods.map(({ id, amount, groupId }) => ({ id, amount, groupId }));
    const plan = planAdd(
      cart,
      catalog,
      { productId: product.id, mods, quantity, isGift: false, fromPromocode: false },
      nextId,
    );
    if (!plan.ok) {
      toasts.add(TEXT_REPEAT_MODIFIER_MISSING);
      continue;
    }
    events.push(...plan.events);
    cart = evolveCartAll(cart, plan.events);
  }
  const all = withNormalised(events, state, nextId);
  for (const text of toasts) all.push(toastShown(nextId(), text, 'error'));
  all.push({ type: 'CartOpened', data: {} });
  return all;
}

export function decideCart(command: CartCommand, state: AppState, meta: Meta): AppEvent[] {
  const cart = state.cart;
  switch (command.type) {
    case 'AddItem':
      return decideAddItem(command, state, meta);
    case 'ChangeQuantity': {
      const { lineId, quantity } = command.data;
      const line = cart.items.find((l) => l.id === lineId);
      if (line === undefined) return [];
      if (line.isHidden) return [{ type: 'LineChangeRejected', data: { lineId, reason: 'hidden-line' } }];
      if (!Number.isInteger(quantity))
        return [{ type: 'LineChangeRejected', data: { lineId, reason: 'invalid-quantity' } }];
      // SPEC §4 Decrease: at quantity 1 the line is removed.
      if (quantity < 1) return withNormalised([{ type: 'ItemRemoved', data: { lineId } }], state, idSource(meta));
      if (quantity === line.quantity) return [];
      if (line.isGift) return [{ type: 'LineChangeRejected', data: { lineId, reason: 'fixed-quantity' } }];
      const max = line.product.maxPerPositionInOrder;
      if (max > 0 && quantity > max)
        return [{ type: 'LineChangeRejected', data: { lineId, reason: 'max-per-position' } }];
      return withNormalised([{ type: 'ItemQuantityChanged', data: { lineId, quantity } }], state, idSource(meta));
    }
    case 'RemoveItem': {
      const { lineId } = command.data;
      const line = cart.items.find((l) => l.id === lineId);
      if (line === undefined) return [];
      if (line.isHidden) return [{ type: 'LineChangeRejected', data: { lineId, reason: 'hidden-line' } }];
      return withNormalised([{ type: 'ItemRemoved', data: { lineId } }], state, idSource(meta));
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
      if (!IsoDateTime.safeParse(time).success)
        return [{ type: 'DeliveryTimeRejected', data: { time, reason: 'invalid' } }];
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
