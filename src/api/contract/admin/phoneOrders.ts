// Orders taken by phone (the call centre): find or create the customer by phone, the menu, the
// server's quote for that customer, and placing the order through the storefront's own checks.
// See docs/ADMIN.md «Phone orders».
import { z } from 'zod/mini';
import { Address, Catalog, Id } from '../../entities.js';
import { CheckoutQuote, CheckoutQuoteBody } from '../checkout.js';
import { CreateOrderBody } from '../orders.js';
import { AdminCustomer } from './customers.js';
import { AdminIdParams, AdminPaging, defineAdminRoute } from './common.js';
import { AdminOrderDetail, AdminOrdersPage, ORDER_SEARCH } from './orders.js';

/** Payment methods a phone order may take: paid on receipt. Online payment needs a payment link (not offered). */
export const PHONE_PAYMENT_METHODS = ['cash', 'courier-card'] as const;

export const PHONE_ORDER_MESSAGES = {
  customerNotFound: 'Клиент не найден',
  consentRequired: 'Спросите у клиента согласие на обработку персональных данных',
  paymentMethod: 'По телефону принимаем оплату наличными или картой курьеру',
} as const;

export const PhoneCustomer = z.object({ customer: AdminCustomer, addresses: z.array(Address) });
export type PhoneCustomer = z.infer<typeof PhoneCustomer>;

const PhoneText = z.string().check(z.trim(), z.minLength(1), z.maxLength(32));

export const adminPhoneFindCustomer = defineAdminRoute('callcentre', 'GET /admin/phone-orders/customer', {
  summary: 'The customer of a full phone number (any spelling) with saved addresses; customer null when none',
  query: z.object({ phone: PhoneText }),
  response: z.object({ phone: z.string(), found: z.nullable(PhoneCustomer) }),
});

export const adminPhoneCreateCustomer = defineAdminRoute('callcentre', 'POST /admin/phone-orders/customers', {
  summary:
    'Creates the customer account of a phone (the same account the storefront’s phone sign-in creates); an existing one is answered as it is',
  body: z.object({
    phone: PhoneText,
    name: z._default(z.string().check(z.trim(), z.maxLength(100)), ''),
    /** The customer agreed, on the call, to the processing of personal data. */
    consent: z.boolean(),
  }),
  response: z.extend(PhoneCustomer, { created: z.boolean() }),
});

export const PhoneMenuCity = z.object({ id: Id, name: z.string() });

export const adminPhoneMenu = defineAdminRoute('callcentre', 'GET /admin/phone-orders/menu', {
  summary: 'The storefront’s catalogue (groups, products with modifiers, stop lists) and the active cities',
  response: z.object({ catalog: Catalog, cities: z.array(PhoneMenuCity) }),
});

export const adminPhoneQuote = defineAdminRoute('callcentre', 'POST /admin/phone-orders/quote', {
  summary: 'POST /checkout/quote as the customer would get it (their bonuses, coupons and saved addresses)',
  body: z.object({ customerId: Id, order: CheckoutQuoteBody }),
  response: CheckoutQuote,
});

export const adminPlacePhoneOrder = defineAdminRoute('callcentre', 'POST /admin/phone-orders', {
  summary:
    'Places the order for the customer through POST /order’s checks; the same idempotencyKey answers the same order',
  body: z.object({
    customerId: Id,
    /** A fresh random string per attempt (a UUID): a second click with it answers the first order. */
    idempotencyKey: z.string().check(z.regex(/^[\x21-\x7e]{1,200}$/)),
    order: CreateOrderBody,
  }),
  response: AdminOrderDetail,
});

/** The call centre's list: phone orders only, newest first, by the customer's phone or the number. */
export const PhoneOrdersQuery = z.extend(AdminPaging, ORDER_SEARCH);

export const adminListPhoneOrders = defineAdminRoute('callcentre', 'GET /admin/phone-orders/orders', {
  summary: 'Orders taken by phone (never the storefront’s), newest first, filtered by phone or number',
  query: PhoneOrdersQuery,
  response: AdminOrdersPage,
});

/**
 * The call centre's card: the order with the names of its city and restaurant, which the call
 * centre cannot read from the cities and restaurants lists (operator routes). Null: no longer there.
 */
export const PhoneOrderDetail = z.extend(AdminOrderDetail, {
  cityName: z.nullable(z.string()),
  restaurantName: z.nullable(z.string()),
});
export type PhoneOrderDetail = z.infer<typeof PhoneOrderDetail>;

export const adminGetPhoneOrder = defineAdminRoute('callcentre', 'GET /admin/phone-orders/orders/:id', {
  summary:
    'One order taken by phone as the order card shows it, with its city and restaurant names; 404 «Заказ не найден» for any other order',
  params: AdminIdParams,
  response: PhoneOrderDetail,
});
