// The storefront's calls that a first visit to the menu does not make (ACCOUNT_CALL_NAMES in
// storefrontApi.ts): a chunk of its own, loaded on the first such call (src/views/app/lazyAreas.ts).
import type { ApiClient } from './client';
import { fromAbortable } from './abortable';
import { createAddress, deleteAddress, listAddressesByUser } from './contract/addresses';
import { requestSignInCode, signInWithCode, signOut } from './contract/auth';
import { likeProduct, listUserLikes, unlikeProduct } from './contract/likes';
import { getVapidKey, subscribePush } from './contract/push';
import { checkPromo } from './contract/promo';
import { deleteUserByPhone, getUserBalance, patchUserByPhone } from './contract/users';
import { createOrder, getLastOrder, getOrder, getOrderHistory, IDEMPOTENCY_HEADER } from './contract/orders';
import { quoteCheckout } from './contract/checkout';
import { getConsent, giveConsent } from './contract/consent';
import { listCityStreets } from './contract/cladr';
import { geocodeAddress } from './contract/geocode';
import { cancelOrderPayment, getOrderPayment, renewOrderPayment, startOrderPayment } from './contract/payments';
import { getPage } from './contract/pages';
import { dismissOrderRating, getUserRatings, rateOrder } from './contract/ratings';
import type { AccountCalls } from './storefrontApi';

export function createAccountCalls(client: ApiClient): AccountCalls {
  return {
    getBalance: (phone) =>
      fromAbortable((signal) => client.call(getUserBalance, { params: { phone }, signal }).then((r) => r.balance)),
    getAddresses: (userId) =>
      fromAbortable((signal) => client.call(listAddressesByUser, { params: { userId }, signal })),
    createAddress: (address) => fromAbortable((signal) => client.call(createAddress, { body: address, signal })),
    deleteAddress: (id) =>
      fromAbortable((signal) => client.call(deleteAddress, { params: { id }, signal }).then(() => undefined)),
    getLikes: (id) =>
      fromAbortable((signal) =>
        client.call(listUserLikes, { params: { id }, signal }).then((likes) => likes.map((l) => l.productId)),
      ),
    like: (userId, productId) =>
      fromAbortable((signal) =>
        client.call(likeProduct, { body: { userId, productId }, signal }).then(() => undefined),
      ),
    unlike: (userId, productId) =>
      fromAbortable((signal) =>
        client.call(unlikeProduct, { params: { userId, productId }, signal }).then(() => undefined),
      ),
    getLastOrder: (id) => fromAbortable((signal) => client.call(getLastOrder, { params: { id }, signal })),
    getPage: (slug, cityId) => fromAbortable((signal) => client.call(getPage, { params: { slug, cityId }, signal })),
    getHistory: (phone, page = {}) =>
      fromAbortable((signal) => client.call(getOrderHistory, { params: { phone }, query: page, signal })),
    promo: (payload) => fromAbortable((signal) => client.call(checkPromo, { body: payload, signal })),
    requestCode: (phone, captchaToken) =>
      fromAbortable((signal) =>
        client.call(requestSignInCode, { body: { phone, captchaToken: captchaToken ?? null }, signal }),
      ),
    signIn: (input) => fromAbortable((signal) => client.call(signInWithCode, { body: input, signal })),
    logout: (token) =>
      fromAbortable((signal) =>
        client.call(signOut, { headers: { authorization: `Bearer ${token}` }, signal }).then(() => undefined),
      ),
    patchUser: (phone, changes) =>
      fromAbortable((signal) => client.call(patchUserByPhone, { params: { phone }, body: changes, signal })),
    deleteUser: (phone) =>
      fromAbortable((signal) => client.call(deleteUserByPhone, { params: { phone }, signal }).then(() => undefined)),
    getStreets: (cityIikoId) =>
      fromAbortable((signal) => client.call(listCityStreets, { params: { cityIikoId }, signal })),
    quoteCheckout: (body) => fromAbortable((signal) => client.call(quoteCheckout, { body, signal })),
    getConsent: () => fromAbortable((signal) => client.call(getConsent, { signal })),
    giveConsent: (version) =>
      fromAbortable((signal) => client.call(giveConsent, { body: { channel: 'checkout', version }, signal })),
    geocode: (body) => fromAbortable((signal) => client.call(geocodeAddress, { body, signal })),
    createOrder: (body, idempotencyKey) =>
      fromAbortable((signal) =>
        client.call(createOrder, { body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, signal }),
      ),
    getOrder: (id) => fromAbortable((signal) => client.call(getOrder, { params: { id }, signal })),
    startPayment: (id) => fromAbortable((signal) => client.call(startOrderPayment, { params: { id }, signal })),
    cancelPayment: (id) => fromAbortable((signal) => client.call(cancelOrderPayment, { params: { id }, signal })),
    readPayment: (id) => fromAbortable((signal) => client.call(getOrderPayment, { params: { id }, signal })),
    renewPayment: (id) => fromAbortable((signal) => client.call(renewOrderPayment, { params: { id }, signal })),
    getVapidKey: () => fromAbortable((signal) => client.call(getVapidKey, { signal }).then((r) => r.publicKey)),
    subscribePush: (subscription) =>
      fromAbortable((signal) => client.call(subscribePush, { body: subscription, signal }).then(() => undefined)),
    getRatings: (id) => fromAbortable((signal) => client.call(getUserRatings, { params: { id }, signal })),
    rateOrder: (id, body) => fromAbortable((signal) => client.call(rateOrder, { params: { id }, body, signal })),
    dismissRating: (id) =>
      fromAbortable((signal) => client.call(dismissOrderRating, { params: { id }, signal }).then(() => undefined)),
  };
}
