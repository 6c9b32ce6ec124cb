// The inputs of POST /checkout/quote and POST /order, read from the state: the checkout decider
// compares quotes and builds the order with them, the checkout effect asks for quotes with them.
import type { CheckoutQuote, CheckoutQuoteBody } from '../api/contract/checkout';
import type { CreateOrderBody } from '../api/contract/orders';
import { isOrderedLine } from '../domain/cart';
import { halfPizzaChoice } from '../domain/halfPizza';
import { selectSelectedAddress } from './address';
import { selectConsentOnFile } from './checkout';
import { selectIsSignedIn, type AppState } from './store';

/** The cart's goods and gifts as the order takes them (hidden delivery and service lines are the server's). */
export function orderItems(state: AppState): CreateOrderBody['items'] {
  return state.cart.items.filter(isOrderedLine).map((l) => ({
    productId: l.product.id,
    amount: l.quantity,
    mods: l.mods.map((m) => ({ id: m.id, amount: m.amount, groupId: m.groupId })),
    isGift: l.isGift,
    // The server prices a half-and-half pizza from its halves, never from the line's own product.
    ...(l.halfPizza === undefined ? {} : { halfPizza: halfPizzaChoice(l.halfPizza) }),
  }));
}

/** The quote body of the current state; null before a city is chosen. */
export function buildQuoteBody(state: AppState): CheckoutQuoteBody | null {
  const cityId = state.city.selectedId;
  if (cityId === null) return null;
  const cart = state.cart;
  const c = state.checkout;
  const delivery = cart.deliveryMethod === 'delivery';
  const signedIn = selectIsSignedIn(state);
  // A one-off address (not saved) goes as itself; else the saved one by id.
  const oneOff = delivery && signedIn ? c.oneOffAddress : null;
  const address = delivery && signedIn && oneOff === null ? selectSelectedAddress(state.address) : undefined;
  // Consent is checked by the client itself (null: not asked), so ticking it does not re-quote.
  const body = {
    cityId,
    deliveryMethod: cart.deliveryMethod,
    items: orderItems(state),
    coupon: cart.appliedCoupon,
    spendBonus: Math.floor(cart.spendBonus),
    address: oneOff,
    addressId: address?.id ?? null,
    deliveryTerminalId: delivery ? null : cart.selectedRestaurant,
    deliveryTime: cart.deliveryTime,
    paymentMethod: c.paymentMethod,
    changeFrom: c.paymentMethod === 'cash' ? c.changeFrom : null,
    expectedTotal: null,
    consent: null,
  };
  return body;
}

/** The key a quote answer is filed under: the JSON of its body. */
export const quoteKey = (body: CheckoutQuoteBody): string => JSON.stringify(body);

/** The quote answered for exactly the current state, or null (none yet, stale, failed). */
export function selectCurrentQuote(state: AppState): CheckoutQuote | null {
  const body = buildQuoteBody(state);
  const q = state.checkout.quote;
  return body !== null && q.status === 'ready' && q.key === quoteKey(body) ? q.quote : null;
}

/** The POST /order body: the quote body plus persons, comment, consent and the total the customer saw. */
export function buildOrderBody(state: AppState, expectedTotal: number | null): CreateOrderBody | null {
  const q = buildQuoteBody(state);
  if (q === null || q.paymentMethod === null) return null;
  const c = state.checkout;
  return {
    ...q,
    // Checked above: an order names its payment method, a quote may not yet.
    paymentMethod: q.paymentMethod,
    persons: c.persons,
    comment: c.comment.trim(),
    expectedTotal,
    captchaToken: null,
    consent: c.consent || selectConsentOnFile(c),
  };
}
