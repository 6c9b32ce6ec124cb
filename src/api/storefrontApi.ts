// The calls the client needs, one method each, as cold Observables (DESIGN "The client core",
// point 5: network goes through `deps.api`). Unsubscribing aborts the request, so `switchMap`
// (latest promo wins) really cancels the older call. Tests use a fake with the same shape.
//
// `createStorefrontApi` joins two sets of calls over the route definitions of src/api/contract:
// those a first visit to the menu makes (settings, cities, catalogue, versions: menuCalls.ts) and
// the others (AccountCalls: accountCalls.ts). The browser gives both as `lazyCalls`, so that the
// route definitions, their answer schemas and zod stay out of the first load (src/views/app/lazyAreas.ts).
import { defer, switchMap, type Observable } from 'rxjs';
import type { z } from 'zod/mini';
import type { NewAddress } from './contract/addresses';
import type { RequestCodeAnswer as RequestCodeAnswerSchema, SignInAnswer as SignInAnswerSchema } from './contract/auth';
import type { UserProfilePatch } from './contract/users';
import type { OrderHistory as OrderHistorySchema } from './contract/orders';
import type { CheckoutQuote, CheckoutQuoteBody } from './contract/checkout';
import type { ConsentStatus } from './contract/consent';
import type { Street } from './contract/cladr';
import type { GeocodeAnswer, GeocodeBody } from './contract/geocode';
import type { CreateOrderBody, Order } from './contract/orders';
import type { PaymentSession } from './contract/payments';
import type { Page } from './contract/pages';
import type { PushSubscriptionBody } from './contract/push';
import type { OrderRating, RateOrderBody, UserRatings } from './contract/ratings';
import type { LastOrder, Address, Catalog, City, PromoRequest, PromoResponse, Settings, User } from './entities';

/** Body of POST /address/ (address fields plus userId). */
export type NewAddressInput = z.input<typeof NewAddress>;
export type ProfilePatch = z.input<typeof UserProfilePatch>;
/** The code, and on the first sign-in the new account's name and consents (PRODUCT.md §5 login). */
export type SignInInput = {
  phone: string;
  code: string;
  name?: string;
  personalData?: boolean;
  PUSHNotifications?: boolean;
  receiveAdvertisingInformation?: boolean;
};
export type RequestCodeAnswer = z.infer<typeof RequestCodeAnswerSchema>;
export type SignInAnswer = z.infer<typeof SignInAnswerSchema>;
export type OrderHistory = z.infer<typeof OrderHistorySchema>;
export type HistoryPage = { limit?: number; before?: number };
export type PushSubscriptionInput = z.input<typeof PushSubscriptionBody>;

export interface StorefrontApi {
  /** GET /storage/version */
  getCatalogVersion(): Observable<string>;
  /** GET /setting/version */
  getSettingsVersion(): Observable<string>;
  /** GET /setting/STORE_VERSION (the server defaults it to '1') */
  getStoreVersion(): Observable<string>;
  /** GET /setting/MOBILE_APP_VERSION */
  getMobileAppVersion(): Observable<string>;
  /** GET /setting */
  getSettings(): Observable<Settings>;
  /** GET /catalog */
  getCatalog(): Observable<Catalog>;
  /** GET /city/ */
  getCities(): Observable<City[]>;
  /** GET /user/{phone}/balance */
  getBalance(phone: string): Observable<number>;
  /** GET /address/by-user-id/{userId} */
  getAddresses(userId: string): Observable<Address[]>;
  /** POST /address/ */
  createAddress(address: NewAddressInput): Observable<Address>;
  /** DELETE /address/{id} */
  deleteAddress(addressId: string): Observable<void>;
  /** GET /user/{id}/like → the liked product ids */
  getLikes(userId: string): Observable<string[]>;
  /** POST /like (409 on a repeat) */
  like(userId: string, productId: string): Observable<void>;
  /** DELETE /like/{userId}/{productId} */
  unlike(userId: string, productId: string): Observable<void>;
  /** GET /user/{id}/last-order (no products when there is none) */
  getLastOrder(userId: string): Observable<LastOrder>;
  /** GET /page/{slug}/{cityId}: an informational page of a city (404 for an unknown one) */
  getPage(slug: string, cityId: string): Observable<Page>;
  /** GET /user/{phone}/history, newest first, a page at a time */
  getHistory(phone: string, page?: HistoryPage): Observable<OrderHistory>;
  /** POST /promo */
  promo(payload: PromoRequest): Observable<PromoResponse>;
  /** POST /auth/code: sends the SMS code. */
  requestCode(phone: string, captchaToken?: string): Observable<RequestCodeAnswer>;
  /** POST /auth/token: exchanges the code for a token (creates the account on the first sign-in). */
  signIn(input: SignInInput): Observable<SignInAnswer>;
  /** POST /auth/logout: revokes `token` (the store has forgotten it by the time this runs). */
  logout(token: string): Observable<void>;
  /** PATCH /user/{phone} */
  patchUser(phone: string, changes: ProfilePatch): Observable<User>;
  /** DELETE /user/{phone} */
  deleteUser(phone: string): Observable<void>;
  /** GET /cladr/city/{cityIikoId}: the street reference (address suggestions). */
  getStreets(cityIikoId: string): Observable<Street[]>;
  /** POST /checkout/quote: zone, restaurant, totals, payment methods, slots and every refusal. */
  quoteCheckout(body: CheckoutQuoteBody): Observable<CheckoutQuote>;
  /** GET /consent: whether the customer's consent covers the current /legal text. */
  getConsent(): Observable<ConsentStatus>;
  /** POST /consent: the consent ticked at checkout, to the text `version`. */
  giveConsent(version: string): Observable<ConsentStatus>;
  /** POST /geocode: street and house → point and delivery zone. */
  geocode(body: GeocodeBody): Observable<GeocodeAnswer>;
  /** POST /order with the Idempotency-Key header. */
  createOrder(body: CreateOrderBody, idempotencyKey: string): Observable<Order>;
  /** GET /order/{id} */
  getOrder(orderId: string): Observable<Order>;
  /** POST /order/{id}/payment: starts (or returns) the online payment. */
  startPayment(orderId: string): Observable<PaymentSession>;
  /** POST /order/{id}/payment/cancel: the customer gave up paying. */
  cancelPayment(orderId: string): Observable<Order>;
  /** GET /order/{id}/payment: the payment and its state (SBP: its QR and bank link). */
  readPayment(orderId: string): Observable<PaymentSession>;
  /** POST /order/{id}/payment/renew: a new SBP QR. */
  renewPayment(orderId: string): Observable<PaymentSession>;
  /** GET /push/key: the server's VAPID public key (docs/PUSH.md). */
  getVapidKey(): Observable<string>;
  /** PUT /push/subscription: this browser gets the customer's order statuses. */
  subscribePush(subscription: PushSubscriptionInput): Observable<void>;
  /** GET /user/{id}/ratings: the customer's ratings and the deliveries to offer for rating. */
  getRatings(userId: string): Observable<UserRatings>;
  /** POST /order/{id}/rating (once per delivered order of the customer). */
  rateOrder(orderId: string, body: RateOrderBody): Observable<OrderRating>;
  /** POST /order/{id}/rating/dismiss: the visit's prompt was closed. */
  dismissRating(orderId: string): Observable<void>;
}

/** The calls a first visit to the menu makes (menuCalls.ts); the others are the account calls (accountCalls.ts). */
type FirstLoadCall =
  | 'getCatalogVersion'
  | 'getSettingsVersion'
  | 'getStoreVersion'
  | 'getMobileAppVersion'
  | 'getSettings'
  | 'getCatalog'
  | 'getCities';
export type MenuCalls = Pick<StorefrontApi, FirstLoadCall>;
export type AccountCalls = Omit<StorefrontApi, FirstLoadCall>;

/**
 * Every call of `T`, forwarded to the implementation `load` resolves with: loaded on the first
 * call and shared; a failed load (offline) is tried again on the next call. A Proxy, so that the
 * first load carries no list of the calls' names.
 */
export function lazyCalls<T extends object>(load: () => Promise<T>): T {
  let loading: Promise<T> | null = null;
  const loaded = (): Promise<T> =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  type Call = (...args: unknown[]) => Observable<unknown>;
  const forward =
    (name: string) =>
    (...args: unknown[]) =>
      defer(loaded).pipe(switchMap((calls) => (Reflect.get(calls, name) as Call)(...args)));
  // Symbols and `then` are not calls: the object must not pass for a promise.
  return new Proxy({} as T, {
    get: (_, name) => (typeof name === 'string' && name !== 'then' ? forward(name) : undefined),
  });
}

export function createStorefrontApi(menuCalls: MenuCalls, accountCalls: AccountCalls): StorefrontApi {
  // Named one by one: a lazyCalls Proxy has no keys to spread.
  const menu: MenuCalls = {
    getCatalogVersion: () => menuCalls.getCatalogVersion(),
    getSettingsVersion: () => menuCalls.getSettingsVersion(),
    getStoreVersion: () => menuCalls.getStoreVersion(),
    getMobileAppVersion: () => menuCalls.getMobileAppVersion(),
    getSettings: () => menuCalls.getSettings(),
    getCatalog: () => menuCalls.getCatalog(),
    getCities: () => menuCalls.getCities(),
  };
  // The account calls answer through the prototype, for the same reason.
  return Object.assign(Object.create(accountCalls) as AccountCalls, menu);
}
