// Cart projection (PRODUCT.md §3 cart state) and cart selectors.
import { produce, type Draft } from 'immer';
import type { CartItem, DeliveryMethod, FreeProduct, LostGift } from '../api/entities';
import { fullPrice, goodsTotal, isGoodsLine } from '../domain/cart';
import type { AppEvent } from '../events';
import type { DeliveryTime } from '../events/cart';
import { applyCase, type CaseReducers } from './define';

export type PromoStatus =
  | { status: 'idle' }
  | { status: 'pending' }
  /**
   * `coupon`: the coupon the answer judged (the applied one when it came), `couponError` why it was
   * refused; both absent in a state saved before they were kept.
   */
  | { status: 'applied'; allowedBonus: number; coupon?: string | null; couponError?: string | null }
  | { status: 'failed'; message: string };

export type CartState = {
  items: CartItem[];
  spendBonus: number;
  discountTotal: number;
  /** 'asap' or an ISO time. */
  deliveryTime: DeliveryTime;
  deliveryMethod: DeliveryMethod;
  /** deliveryTerminalId of the pickup restaurant. */
  selectedRestaurant: string | null;
  appliedCoupon: string | null;
  lostGift: LostGift[];
  freeProducts: FreeProduct[];
  loyaltyProgramErrors: string[];
  /** The last promo answer granted free delivery: no paid delivery line. */
  freeDelivery: boolean;
  promo: PromoStatus;
};

export const initialCart: CartState = {
  items: [],
  spendBonus: 0,
  discountTotal: 0,
  deliveryTime: 'asap',
  deliveryMethod: 'delivery',
  selectedRestaurant: null,
  appliedCoupon: null,
  lostGift: [],
  freeProducts: [],
  loyaltyProgramErrors: [],
  freeDelivery: false,
  promo: { status: 'idle' },
};

/** A new mutable copy of the initial cart (resets inside a draft must not share frozen parts). */
export const freshCart = (): CartState => structuredClone(initialCart);

const removeLine = (d: Draft<CartState>, lineId: string) => {
  const i = d.items.findIndex((l) => l.id === lineId);
  if (i >= 0) d.items.splice(i, 1);
};
const setQuantity = (d: Draft<CartState>, lineId: string, quantity: number) => {
  const line = d.items.find((l) => l.id === lineId);
  if (line !== undefined) line.quantity = quantity;
};

export const cartReducers: CaseReducers<CartState> = {
  // Lines are copied in: later events mutate the line's quantity, never the event's own object.
  ItemAdded: (d, e) => void d.items.push({ ...e.data.line }),
  ItemMerged: (d, e) => setQuantity(d, e.data.lineId, e.data.quantity),
  HalfPizzaAdded: (d, e) => void d.items.push({ ...e.data.line }),
  HalfPizzaMerged: (d, e) => setQuantity(d, e.data.lineId, e.data.quantity),
  ItemQuantityChanged: (d, e) => setQuantity(d, e.data.lineId, e.data.quantity),
  ItemRemoved: (d, e) => removeLine(d, e.data.lineId),
  DeliveryLineAdded: (d, e) => void d.items.push({ ...e.data.line }),
  DeliveryLineRemoved: (d, e) => removeLine(d, e.data.lineId),
  GiftAdded: (d, e) => void d.items.push({ ...e.data.line }),
  GiftRemoved: (d, e) => removeLine(d, e.data.lineId),
  CartCleared: (d, e) => {
    d.items = [];
    d.discountTotal = 0;
    if (e.data.reason !== 'only-gifts-left') {
      d.spendBonus = 0;
      d.appliedCoupon = null;
      d.lostGift = [];
      d.freeProducts = [];
      d.loyaltyProgramErrors = [];
      d.freeDelivery = false;
      d.deliveryTime = 'asap';
      d.promo = { status: 'idle' };
    }
  },
  ItemsInvalidated: (d, e) => {
    const gone = new Set(e.data.lines.map((l) => l.lineId));
    d.items = d.items.filter((l) => !gone.has(l.id));
  },
  DeliveryMethodChanged: (d, e) => void (d.deliveryMethod = e.data.method),
  RestaurantSelected: (d, e) => void (d.selectedRestaurant = e.data.deliveryTerminalId),
  RestaurantUnmatched: (d) => void (d.selectedRestaurant = null),
  DeliveryTimeChanged: (d, e) => void (d.deliveryTime = e.data.time),
  CouponApplied: (d, e) => void (d.appliedCoupon = e.data.coupon),
  CouponRemoved: (d) => void (d.appliedCoupon = null),
  CitySelected: (d) => void (d.appliedCoupon = null),
  SpendBonusChanged: (d, e) => void (d.spendBonus = e.data.amount),
  PromoRequested: (d) => void (d.promo = { status: 'pending' }),
  PromoResultApplied: (d, e) => {
    d.discountTotal = e.data.discountTotal;
    d.lostGift = e.data.lostGift;
    d.freeProducts = e.data.freeProducts;
    d.loyaltyProgramErrors = e.data.loyaltyProgramErrors;
    d.freeDelivery = e.data.freeDelivery;
    d.promo = {
      status: 'applied',
      allowedBonus: e.data.allowedBonus,
      coupon: d.appliedCoupon,
      couponError: e.data.couponError ?? null,
    };
  },
  PromoFailed: (d, e) => void (d.promo = { status: 'failed', message: e.data.message }),
  LoggedOut: (d) => void Object.assign(d, freshCart()),
};

/** Applies one event to a draft of the cart (used inside the root produce). */
export function applyCart(draft: Draft<CartState>, event: AppEvent): void {
  applyCase(cartReducers, draft, event);
}

export function evolveCart(state: CartState, event: AppEvent): CartState {
  return produce(state, (d) => applyCart(d, event));
}

// ---- selectors (line kinds and totals: domain/cart) ----

/** Lines the cart page shows (hidden delivery lines and hidden gifts excluded). */
export const selectVisibleLines = (cart: CartState): CartItem[] => cart.items.filter((l) => !l.isHidden);

export type CartTotals = {
  goods: number;
  full: number;
  discount: number;
  spendBonus: number;
  toPay: number;
  count: number;
};
export function selectCartTotals(cart: CartState): CartTotals {
  const goods = goodsTotal(cart.items);
  const full = fullPrice(cart.items);
  const toPay = Math.max(0, full - cart.discountTotal - cart.spendBonus);
  const count = cart.items.filter(isGoodsLine).reduce((n, l) => n + l.quantity, 0);
  return { goods, full, discount: cart.discountTotal, spendBonus: cart.spendBonus, toPay, count };
}

/** Empty for the guards and the promo call: no goods lines (PRODUCT.md §6 cart-empty guard). */
export const selectIsCartEmpty = (cart: CartState): boolean => !cart.items.some(isGoodsLine);
