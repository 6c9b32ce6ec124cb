// The codes the checkout decider checks strings against (order statuses, payment methods,
// refusal codes), apart from the routes of orders.ts and checkout.ts that re-export them: the
// decider is part of the first load, and the bundler keeps a module whole, so importing these
// from the route modules brought every order and quote schema along.
import { z } from 'zod/mini';

export const ORDER_STATUSES = [
  'Unconfirmed',
  'WaitCooking',
  'CookingStarted',
  'CookingCompleted',
  'OnWay',
  'Delivered',
  'Waiting',
  'Closed',
  'Cancelled',
] as const;
/** Order statuses modelled on iiko's. */
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const PaymentMethod = z.enum(['cash', 'courier-card', 'card', 'sbp']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/**
 * Machine codes of refusals. POST /order answers 422 `{ message, code }` with the same code and
 * message for the same cause.
 */
export const RefusalCode = z.enum([
  'site-not-working',
  'outside-working-hours',
  'restaurant-closed',
  'slot-past',
  'slot-too-far',
  'slot-outside-working-hours',
  'city-not-found',
  'empty-cart',
  'item-unavailable',
  'stop-list',
  'no-address',
  'address-not-found',
  'street-not-found',
  'outside-zone',
  'no-restaurant',
  'below-min-sum',
  'coupon-refused',
  'bonus-cap',
  'price-changed',
  'online-payment-disabled',
  'courier-card-self',
  'change-too-small',
  'consent-required',
  'sign-in-required',
]);
export type RefusalCode = z.infer<typeof RefusalCode>;
