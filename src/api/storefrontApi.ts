// The calls the client needs, one method each, as cold Observables (DESIGN "The client core",
// point 5: network goes through `deps.api`). Unsubscribing aborts the request, so `switchMap`
// (latest promo wins) really cancels the older call. Tests use a fake with the same shape.
//
// `createStorefrontApi` implements it over the route definitions of src/api/contract.
import { Observable } from 'rxjs';
import type { z } from 'zod/mini';
import type { ApiClient } from './client';
import { createAddress, deleteAddress, listAddressesByUser, type NewAddress } from './contract/addresses';
import { requestSignInCode, signInWithCode, signOut, type RequestCodeAnswer as RequestCodeAnswerSchema, type SignInAnswer as SignInAnswerSchema } from './contract/auth';
import { getCatalog, getCatalogVersion } from './contract/catalog';
import { listCities } from './contract/cities';
import { likeProduct, listUserLikes, unlikeProduct } from './contract/likes';
import { checkPromo } from './contract/promo';
import { getSettings, getSettingsVersion, getSettingValue } from './contract/settings';
import { deleteUserByPhone, getUserBalance, patchUserByPhone, type UserProfilePatch } from './contract/users';
import { getLastOrder, getOrderHistory, type OrderHistory as OrderHistorySchema } from './contract/orders';
import { quoteCheckout, type CheckoutQuote, type CheckoutQuoteBody } from './contract/checkout';
import { listCityStreets, type Street } from './contract/cladr';
import { geocodeAddress, type GeocodeAnswer, type GeocodeBody } from './contract/geocode';
import { createOrder, getOrder, IDEMPOTENCY_HEADER, type CreateOrderBody, type Order } from './contract/orders';
import { cancelOrderPayment, startOrderPayment, type PaymentSession } from './contract/payments';
import {
  type LastOrder,
  type Address,
  type Catalog,
  type City,
  type PromoRequest,
  type PromoResponse,
  type Settings,
  type User,
} from './entities';

/** Body of POST /address/ (address fields plus userId). */
export type NewAddressInput = z.input<typeof NewAddress>;
export type ProfilePatch = z.input<typeof UserProfilePatch>;
/** The code, and on the first sign-in the new account's name and consents (SPEC §5 login). */
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
}

/** A cold Observable over a promise-returning call; unsubscribing aborts the request. */
export function fromAbortable<T>(run: (signal: AbortSignal) => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController();
    run(controller.signal).then(
      (value) => {
        subscriber.next(value);
        subscriber.complete();
      },
      (error: unknown) => {
        if (!controller.signal.aborted) subscriber.error(error);
      },
    );
    return () => controller.abort();
  });
}

export function createStorefrontApi(client: ApiClient): StorefrontApi {
  const value = (name: 'STORE_VERSION' | 'MOBILE_APP_VERSION') =>
    fromAbortable((signal) => client.call(getSettingValue, { params: { name }, signal }).then((r) => r.value));
  return {
    getCatalogVersion: () => fromAbortable((signal) => client.call(getCatalogVersion, { signal }).then((r) => r.version)),
    getSettingsVersion: () => fromAbortable((signal) => client.call(getSettingsVersion, { signal }).then((r) => r.version)),
    getStoreVersion: () => value('STORE_VERSION'),
    getMobileAppVersion: () => value('MOBILE_APP_VERSION'),
    getSettings: () => fromAbortable((signal) => client.call(getSettings, { signal })),
    getCatalog: () => fromAbortable((signal) => client.call(getCatalog, { signal })),
    getCities: () => fromAbortable((signal) => client.call(listCities, { signal })),
    getBalance: (phone) =>
      fromAbortable((signal) => client.call(getUserBalance, { params: { phone }, signal }).then((r) => r.balance)),
    getAddresses: (userId) => fromAbortable((signal) => client.call(listAddressesByUser, { params: { userId }, signal })),
    createAddress: (address) => fromAbortable((signal) => client.call(createAddress, { body: address, signal })),
    deleteAddress: (id) => fromAbortable((signal) => client.call(deleteAddress, { params: { id }, signal }).then(() => undefined)),
    getLikes: (id) =>
      fromAbortable((signal) => client.call(listUserLikes, { params: { id }, signal }).then((likes) => likes.map((l) => l.productId))),
    like: (userId, productId) =>
      fromAbortable((signal) => client.call(likeProduct, { body: { userId, productId }, signal }).then(() => undefined)),
    unlike: (userId, productId) => fromAbortable((signal) => client.call(unlikeProduct, { params: { userId, productId }, signal }).then(() => undefined)),
    getLastOrder: (id) => fromAbortable((signal) => client.call(getLastOrder, { params: { id }, signal })),
    getHistory: (phone, page = {}) =>
      fromAbortable((signal) => client.call(getOrderHistory, { params: { phone }, query: page, signal })),
    promo: (payload) => fromAbortable((signal) => client.call(checkPromo, { body: payload, signal })),
    requestCode: (phone, captchaToken) =>
      fromAbortable((signal) => client.call(requestSignInCode, { body: { phone, captchaToken: captchaToken ?? null }, signal })),
    signIn: (input) => fromAbortable((signal) => client.call(signInWithCode, { body: input, signal })),
    logout: (token) =>
      fromAbortable((signal) => client.call(signOut, { headers: { authorization: `Bearer ${token}` }, signal }).then(() => undefined)),
    patchUser: (phone, changes) => fromAbortable((signal) => client.call(patchUserByPhone, { params: { phone }, body: changes, signal })),
    deleteUser: (phone) => fromAbortable((signal) => client.call(deleteUserByPhone, { params: { phone }, signal }).then(() => undefined)),
    getStreets: (cityIikoId) => fromAbortable((signal) => client.call(listCityStreets, { params: { cityIikoId }, signal })),
    quoteCheckout: (body) => fromAbortable((signal) => client.call(quoteCheckout, { body, signal })),
    geocode: (body) => fromAbortable((signal) => client.call(geocodeAddress, { body, signal })),
    createOrder: (body, idempotencyKey) =>
      fromAbortable((signal) => client.call(createOrder, { body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, signal })),
    getOrder: (id) => fromAbortable((signal) => client.call(getOrder, { params: { id }, signal })),
    startPayment: (id) => fromAbortable((signal) => client.call(startOrderPayment, { params: { id }, signal })),
    cancelPayment: (id) => fromAbortable((signal) => client.call(cancelOrderPayment, { params: { id }, signal })),
  };
}
