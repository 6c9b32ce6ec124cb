// Cart recalculation (PRODUCT.md §4): every change of items, coupon or delivery method (the events
// `needsPromoRecalc` names) triggers POST /api/v1/promo, only when the user is signed in and the
// cart is non-empty. The latest request wins: a newer change cancels the call in flight.
import { EMPTY, filter, switchMap, type SchedulerLike } from 'rxjs';
import type { CartItem, PromoRequest } from '../api/entities';
import { formatAddress } from '../domain/addressText';
import { fullPrice, goodsTotal, isOrderedLine } from '../domain/cart';
import { halfPizzaChoice } from '../domain/halfPizza';
import type { AppEvent } from '../events';
import { selectSelectedAddress } from '../projections/address';
import { selectIsCartEmpty } from '../projections/cart';
import { selectIsSignedIn, type AppState } from '../projections/store';
import { repricesCart } from './cartRepricing';
import { announcedCall } from './announcedCall';
import { apiFailureCommandsIn, failureMessage } from './apiErrors';
import type { Effect } from './deps';
import { eventsOf } from './operators';
import { stateWhenQuiet } from './timing';

export type PromoRecalcOptions = {
  /** Changes closer together than this make one request. */
  debounceMs?: number;
  scheduler?: SchedulerLike;
};

export const PROMO_DEBOUNCE_MS = 300;

/**
 * Events after which the cart is recalculated: the repricing changes, and a new city or session
 * (PRODUCT.md §4 city selection clears the coupon; the reloaded page re-quotes under the new city).
 */
export function needsPromoRecalc(event: AppEvent): boolean {
  return repricesCart(event) || event.type === 'CitySelected' || event.type === 'SessionStarted';
}

const roundKopecks = (n: number): number => Math.round(n * 100) / 100;

/**
 * One line of the §3 promo-check order: goods priced, gifts at sum 0 (the server spots them so).
 * The item's sum is the product's own price × quantity and each modifier carries its own sum, so
 * item and modifier sums add up to the line total without counting a modifier twice.
 */
function orderItem(line: CartItem): PromoRequest['order']['items'][number] {
  const gift = line.isGift;
  return {
    id: line.product.id,
    name: line.product.name,
    amount: line.quantity,
    sum: gift ? 0 : roundKopecks(line.product.price * line.quantity),
    code: line.product.code,
    modifiers: line.mods.map((m) => ({
      id: m.id,
      name: m.name,
      amount: m.amount,
      sum: gift ? 0 : roundKopecks(m.price * m.amount * line.quantity),
      code: m.code,
      groupId: m.groupId,
      groupName: m.groupName,
    })),
    // The server prices a half-and-half pizza from its halves, never from the line's own product.
    ...(line.halfPizza === undefined ? {} : { halfPizza: halfPizzaChoice(line.halfPizza) }),
  };
}

/**
 * The PRODUCT.md §3 promo-check payload of the state: coupon, fullPrice, notGiftsAndNotDeliveryTotal,
 * customer{phone,name}, order{phone,date,items,address} (plus the city, delivery method and
 * bonus to spend that our server needs). Items are the goods and gift lines; hidden delivery and
 * service-fee lines only count in fullPrice. Null when there is nothing to ask: signed out, empty
 * cart, or no city yet.
 */
export function buildPromoRequest(state: AppState): PromoRequest | null {
  const profile = state.user.profile;
  const cityId = state.city.selectedId;
  const cart = state.cart;
  if (!selectIsSignedIn(state) || profile === null || cityId === null || selectIsCartEmpty(cart)) return null;
  const address = cart.deliveryMethod === 'delivery' ? selectSelectedAddress(state.address) : undefined;
  return {
    coupon: cart.appliedCoupon,
    fullPrice: fullPrice(cart.items),
    notGiftsAndNotDeliveryTotal: goodsTotal(cart.items),
    cityId,
    deliveryMethod: cart.deliveryMethod,
    spendBonus: cart.spendBonus,
    customer: { phone: profile.phone, name: profile.name },
    order: {
      phone: profile.phone,
      date: cart.deliveryTime === 'asap' ? null : cart.deliveryTime,
      items: cart.items.filter(isOrderedLine).map(orderItem),
      address: address === undefined ? null : formatAddress(address),
    },
  };
}

/**
 * needsPromoRecalc events → (debounced) → StartPromoCalculation, then ApplyPromoResult or, on a
 * failure, ReportPromoFailure plus PRODUCT.md §8's 401/422/403 commands.
 */
export function promoRecalc$(options: PromoRecalcOptions = {}): Effect {
  return (event$, state$, deps) =>
    eventsOf(event$).pipe(
      filter(needsPromoRecalc),
      stateWhenQuiet(state$, options.debounceMs ?? PROMO_DEBOUNCE_MS, options.scheduler),
      switchMap((state) => {
        const payload = buildPromoRequest(state);
        if (payload === null) return EMPTY;
        return announcedCall(deps.logger, {
          start: { type: 'StartPromoCalculation', data: {} },
          call: () => deps.api.promo(payload),
          answered: (response) => ({ type: 'ApplyPromoResult', data: { response } }),
          failureLog: 'promo calculation failed',
          failed: (error) => [
            { type: 'ReportPromoFailure', data: { message: failureMessage(error) } },
            ...apiFailureCommandsIn(error, state),
          ],
        });
      }),
    );
}
