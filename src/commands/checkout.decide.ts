// checkout: the refusals the client sees itself and decideCheckout (docs/CHECKOUT.md). The order
// inputs it compares quotes with come from projections/orderBody. Only types from the schemas
// (checkout.ts): the first load runs it without them.
import type { CheckoutQuote, RefusalAction } from '../api/contract/checkout';
import { OrderStatus, PaymentMethod, RefusalCode } from '../api/contract/orderCodes';
import type { Order } from '../api/contract/orders';
import { isIsoDateTime } from '../api/isoDateTime';
import { goodsTotal } from '../domain/cart';
import { CHECKOUT_TEXT } from '../domain/checkoutText';
import { goodsPriceChangedMessage } from '../domain/messages';
import { isOnline, sbpAwaitingPayment } from '../domain/payment';
import { isOpenAt } from '../domain/workingHours';
import type { AppEvent } from '../events';
import type { OrderProblem } from '../events/checkout';
import { notWorkingText } from '../projections/modal';
import { selectSelectedAddress } from '../projections/address';
import { selectIsCartEmpty } from '../projections/cart';
import { selectConsentOnFile, selectQuote, type CheckoutState } from '../projections/checkout';
import { buildOrderBody, buildQuoteBody, quoteKey, selectCurrentQuote } from '../projections/orderBody';
import { selectCity, selectIsSignedIn, type AppState } from '../projections/store';
import { deliveryLineMoved } from './deliveryLine';
import type { CheckoutCommand } from './checkout';
import type { Meta } from './types';

/** What the customer can do, per action, when the server gave no text of its own. */
export const ACTION_TEXT: Readonly<Record<RefusalAction, string>> = {
  'add-items': 'Добавьте блюда в корзину',
  'remove-items': 'Уберите эти блюда из корзины',
  'review-cart': 'Проверьте корзину',
  'change-address': 'Укажите другой адрес',
  'change-restaurant': 'Выберите другой ресторан',
  'change-method': 'Выберите самовывоз или доставку',
  'change-time': 'Выберите другое время',
  'change-payment': 'Выберите другой способ оплаты',
  'change-coupon': 'Измените или удалите промокод',
  'change-bonus': 'Спишите меньше бонусов',
  'fix-form': 'Исправьте поле формы',
  'sign-in': 'Войдите по номеру телефона',
  wait: 'Попробуйте оформить заказ позже',
};

/** The action of each refusal code (when the server did not say). */
const CODE_ACTION: Readonly<Record<RefusalCode | 'other', RefusalAction>> = {
  'site-not-working': 'wait',
  'outside-working-hours': 'wait',
  'restaurant-closed': 'change-restaurant',
  'slot-past': 'change-time',
  'slot-too-far': 'change-time',
  'slot-outside-working-hours': 'change-time',
  'city-not-found': 'wait',
  'empty-cart': 'add-items',
  'item-unavailable': 'review-cart',
  'stop-list': 'remove-items',
  'no-address': 'change-address',
  'address-not-found': 'change-address',
  'street-not-found': 'change-address',
  'outside-zone': 'change-address',
  'no-restaurant': 'change-restaurant',
  'below-min-sum': 'add-items',
  'coupon-refused': 'change-coupon',
  'bonus-cap': 'change-bonus',
  'price-changed': 'review-cart',
  'online-payment-disabled': 'change-payment',
  'courier-card-self': 'change-payment',
  'change-too-small': 'fix-form',
  'consent-required': 'fix-form',
  'sign-in-required': 'sign-in',
  other: 'review-cart',
};

export function problem(code: RefusalCode | 'other', message: string, actionText?: string): OrderProblem {
  const action = CODE_ACTION[code];
  return { code, message, action, actionText: actionText ?? ACTION_TEXT[action], missingSum: null, productIds: [] };
}

// ---------------------------------------------------------------------------------------------
// Refusals the client sees without asking (the quote adds the server's: zone, minimum, stop list…).

/** The payment methods the customer may choose now (online ones hidden as the quote or settings say). */
export function availablePaymentMethods(state: AppState): PaymentMethod[] {
  const quote = selectQuote(state.checkout);
  const delivery = state.cart.deliveryMethod === 'delivery';
  const all = PaymentMethod.options;
  if (quote !== null && quote.deliveryMethod === state.cart.deliveryMethod && quote.paymentMethods.length > 0) {
    return all.filter((m) => quote.paymentMethods.some((o) => o.method === m && o.available));
  }
  const onlineOff = state.setting.settings?.IS_ONLINE_PAYMENT_DISABLE[state.cart.deliveryMethod] ?? false;
  return all.filter((m) => !(onlineOff && isOnline(m)) && !(m === 'courier-card' && !delivery));
}

/** Everything the client can tell is in the way of the order at `now`, in the order to show. */
export function clientProblems(state: AppState, now: string): OrderProblem[] {
  const settings = state.setting.settings;
  const city = selectCity(state);
  const cart = state.cart;
  const c: CheckoutState = state.checkout;
  const out: OrderProblem[] = [];
  if (settings?.IS_SITE_NOT_WORKING === true) out.push(problem('site-not-working', notWorkingText(settings)));
  const hours = city === undefined ? undefined : settings?.WORK_TIME[city.id];
  if (city !== undefined && hours !== undefined && !isOpenAt(hours, now, city.timeZone))
    out.push(problem('outside-working-hours', CHECKOUT_TEXT.closed));
  if (!selectIsSignedIn(state)) out.push(problem('sign-in-required', CHECKOUT_TEXT.signIn));
  if (selectIsCartEmpty(cart)) out.push(problem('empty-cart', CHECKOUT_TEXT.emptyCart));
  if (cart.deliveryMethod === 'delivery') {
    if (selectIsSignedIn(state) && selectSelectedAddress(state.address) === undefined && c.oneOffAddress === null)
      out.push(problem('no-address', CHECKOUT_TEXT.noAddress, 'Выберите сохранённый адрес или добавьте новый'));
  } else if (cart.selectedRestaurant === null) {
    out.push(problem('no-restaurant', CHECKOUT_TEXT.noRestaurant, 'Нажмите «Выбрать ресторан»'));
  }
  if (
    cart.deliveryTime !== 'asap' &&
    isIsoDateTime(cart.deliveryTime) &&
    Date.parse(cart.deliveryTime) < Date.parse(now)
  ) {
    out.push(problem('slot-past', CHECKOUT_TEXT.slotPast));
  }
  if (c.paymentMethod === 'courier-card' && cart.deliveryMethod !== 'delivery')
    out.push(problem('courier-card-self', CHECKOUT_TEXT.courierCardSelf));
  else if (!availablePaymentMethods(state).includes(c.paymentMethod))
    out.push(problem('online-payment-disabled', CHECKOUT_TEXT.onlinePaymentOff));
  if (!c.consent && !selectConsentOnFile(c))
    out.push(problem('consent-required', CHECKOUT_TEXT.consent, 'Отметьте согласие под формой'));
  return out;
}

/** The cart's goods total differs from the server's re-priced one: prices changed since the cart was filled. */
export function priceChangeProblem(state: AppState, quote: CheckoutQuote): OrderProblem | null {
  const mine = goodsTotal(state.cart.items);
  if (Math.abs(mine - quote.goodsTotal) < 0.01) return null;
  return problem(
    'price-changed',
    goodsPriceChangedMessage(quote.goodsTotal, mine, false),
    'Откройте корзину: она обновит цены',
  );
}

/** Everything in the way, the client's own checks first, then the current quote's refusals (no doubles). */
export function checkoutProblems(state: AppState, now: string): OrderProblem[] {
  const out = clientProblems(state, now);
  const quote = selectQuote(state.checkout);
  if (quote !== null && quote.deliveryMethod === state.cart.deliveryMethod) {
    for (const r of quote.refusals) if (!out.some((p) => p.code === r.code)) out.push(r);
  }
  // Only an answer for exactly this cart can tell that prices changed (a stale one differs by design).
  const current = selectCurrentQuote(state);
  const changed = current === null ? null : priceChangeProblem(state, current);
  if (changed !== null && !out.some((p) => p.code === 'price-changed')) out.push(changed);
  return out;
}

/** Modals that go with refusals (PRODUCT.md §2: the not-working and work-time modals; sign-in). */
function refusalModals(problems: readonly OrderProblem[]): AppEvent[] {
  const events: AppEvent[] = [];
  if (problems.some((p) => p.code === 'site-not-working'))
    events.push({ type: 'ModalOpened', data: { modal: { kind: 'siteNotWorking' } } });
  else if (problems.some((p) => p.code === 'outside-working-hours'))
    events.push({ type: 'ModalOpened', data: { modal: { kind: 'workTime' } } });
  else if (problems.some((p) => p.code === 'sign-in-required'))
    events.push({ type: 'AuthRequired', data: { reason: 'guard' } });
  return events;
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function decidePlaceOrder(state: AppState, meta: Meta): AppEvent[] {
  const submission = state.checkout.submission;
  // A second click while the first is on its way makes nothing (one order per attempt).
  if (submission.status === 'pending' || submission.status === 'awaiting-payment' || submission.status === 'paying')
    return [];
  const local = clientProblems(state, meta.now);
  if (local.length > 0)
    return [{ type: 'OrderRefused', data: { problems: local, source: 'client' } }, ...refusalModals(local)];
  const quote = selectCurrentQuote(state);
  if (quote !== null) {
    const refusals: OrderProblem[] = [...quote.refusals];
    const changed = priceChangeProblem(state, quote);
    if (changed !== null) refusals.push(changed);
    if (refusals.length > 0)
      return [{ type: 'OrderRefused', data: { problems: refusals, source: 'server' } }, ...refusalModals(refusals)];
  }
  const body = buildOrderBody(state, quote?.total ?? null);
  if (body === null)
    return [
      { type: 'OrderRefused', data: { problems: [problem('city-not-found', 'Выберите город')], source: 'client' } },
    ];
  // After no answer, the same order goes again under the same key: the server replays, never doubles.
  const idempotencyKey =
    submission.status === 'failed' && sameJson(submission.body, body) ? submission.idempotencyKey : meta.id;
  const captcha = quote !== null && quote.captcha.required ? quote.captcha : null;
  return [{ type: 'OrderSubmitted', data: { idempotencyKey, body, captcha } }];
}

/**
 * A saved address without a point (saved before the form sent one) gets the point the server used
 * for it, so the cart prices delivery by its zone as the quote does (one delivery price,
 * docs/CHECKOUT.md); the delivery line follows the point.
 */
function learntLocation(state: AppState, key: string, quote: CheckoutQuote, meta: Meta): AppEvent[] {
  const body = buildQuoteBody(state);
  const address = selectSelectedAddress(state.address);
  if (body === null || quoteKey(body) !== key || quote.deliveryMethod !== 'delivery' || quote.location === null)
    return [];
  if (address === undefined || address.location !== null || body.addressId !== address.id) return [];
  return [
    { type: 'AddressLocated', data: { addressId: address.id, location: quote.location } },
    ...deliveryLineMoved(state, meta, { point: quote.location }),
  ];
}

function decideRefusal(c: Extract<CheckoutCommand, { type: 'ReportOrderRefusal' }>, state: AppState): AppEvent[] {
  if (state.checkout.submission.status !== 'pending') return [];
  const parsed = RefusalCode.safeParse(c.data.code);
  const code = c.data.status === 401 ? 'sign-in-required' : parsed.success ? parsed.data : 'other';
  const text =
    c.data.message?.trim() || (code === 'sign-in-required' ? CHECKOUT_TEXT.signIn : CHECKOUT_TEXT.requestFailed);
  const problems = [problem(code, text)];
  return [{ type: 'OrderRefused', data: { problems, source: 'server' } }, ...refusalModals(problems)];
}

function decidePlacement(order: Order, state: AppState): AppEvent[] {
  const s = state.checkout.submission;
  if ((s.status === 'placed' || s.status === 'awaiting-payment' || s.status === 'paying') && s.orderId === order.id)
    return [];
  if (isOnline(order.paymentMethod) && order.paymentStatus !== 'paid')
    return [{ type: 'OrderAwaitingPayment', data: { order } }];
  // Only a stored order empties the cart.
  return [
    { type: 'OrderPlaced', data: { order } },
    { type: 'CartCleared', data: { reason: 'order-placed' } },
  ];
}

export function decideCheckout(command: CheckoutCommand, state: AppState, meta: Meta): AppEvent[] {
  const c = state.checkout;
  switch (command.type) {
    case 'OpenCheckout':
      return [{ type: 'CheckoutOpened', data: {} }];
    case 'LeaveCheckout':
      return c.active ? [{ type: 'CheckoutLeft', data: {} }] : [];
    case 'ApplyStreets': {
      const { cityIikoId, streets } = command.data;
      if (c.streets !== null && c.streets.cityIikoId === cityIikoId && sameJson(c.streets.list, streets)) return [];
      return [{ type: 'StreetsLoaded', data: { cityIikoId, streets } }];
    }
    case 'ChangePaymentMethod': {
      const parsed = PaymentMethod.safeParse(command.data.method);
      if (!parsed.success) return [];
      const method = parsed.data;
      if (method === 'courier-card' && state.cart.deliveryMethod !== 'delivery') {
        return [{ type: 'PaymentMethodRejected', data: { method, reason: 'courier-card-self' } }];
      }
      if (!availablePaymentMethods(state).includes(method)) {
        return [{ type: 'PaymentMethodRejected', data: { method, reason: 'online-payment-disabled' } }];
      }
      return method === c.paymentMethod ? [] : [{ type: 'PaymentMethodChanged', data: { method } }];
    }
    case 'ChangePersons': {
      const persons = command.data.persons;
      if (!Number.isInteger(persons) || persons < 0 || persons > 50 || persons === c.persons) return [];
      return [{ type: 'PersonsChanged', data: { persons } }];
    }
    case 'ChangeCashChange': {
      const v = command.data.changeFrom;
      const changeFrom = v === null || !Number.isFinite(v) || v <= 0 ? null : Math.floor(v);
      return changeFrom === c.changeFrom ? [] : [{ type: 'ChangeFromChanged', data: { changeFrom } }];
    }
    case 'ChangeOrderComment': {
      const comment = command.data.comment.slice(0, 500);
      return comment === c.comment ? [] : [{ type: 'OrderCommentChanged', data: { comment } }];
    }
    case 'ChangeConsent':
      return command.data.given === c.consent ? [] : [{ type: 'ConsentChanged', data: { given: command.data.given } }];
    case 'ApplyConsentStatus': {
      const { version, required } = command.data;
      const known = c.consentOnFile;
      return known !== null && known.version === version && known.required === required
        ? []
        : [{ type: 'ConsentStatusLoaded', data: { version, required } }];
    }
    case 'StartQuote':
      return c.quote.status === 'pending' && c.quote.key === command.data.key
        ? []
        : [{ type: 'QuoteRequested', data: { key: command.data.key } }];
    case 'ApplyQuote': {
      // Only the answer to the latest request counts.
      if (c.quote.status !== 'pending' || c.quote.key !== command.data.key) return [];
      return [
        { type: 'QuoteReceived', data: { key: command.data.key, quote: command.data.quote } },
        ...learntLocation(state, command.data.key, command.data.quote, meta),
      ];
    }
    case 'ReportQuoteFailure':
      if (c.quote.status !== 'pending' || c.quote.key !== command.data.key) return [];
      return [{ type: 'QuoteFailed', data: { key: command.data.key, message: command.data.message } }];
    case 'CheckAddress': {
      const street = command.data.street.trim();
      const home = command.data.home.trim();
      if (street === '') return [];
      const a = c.addressCheck;
      if (a.status !== 'idle' && a.status !== 'failed' && a.street === street && a.home === home) return [];
      return [{ type: 'AddressCheckRequested', data: { street, home } }];
    }
    case 'ApplyAddressCheck': {
      const a = c.addressCheck;
      if (a.status !== 'pending' || a.street !== command.data.street || a.home !== command.data.home) return [];
      return [{ type: 'AddressChecked', data: command.data }];
    }
    case 'ReportAddressCheckFailure': {
      const a = c.addressCheck;
      if (a.status !== 'pending' || a.street !== command.data.street || a.home !== command.data.home) return [];
      return [{ type: 'AddressCheckFailed', data: command.data }];
    }
    case 'UseOneOffAddress': {
      if (!selectIsSignedIn(state)) return [{ type: 'AuthRequired', data: { reason: 'address' } }];
      const a = command.data.address;
      if (a.street.trim() === '' || a.home.trim() === '') return [];
      if (sameJson(c.oneOffAddress, a)) return [];
      return [
        { type: 'OneOffAddressChosen', data: { address: a } },
        ...deliveryLineMoved(state, meta, { point: a.location }),
      ];
    }
    case 'PlaceOrder':
      return decidePlaceOrder(state, meta);
    case 'CompleteOrderPlacement':
      return decidePlacement(command.data.order, state);
    case 'ReportOrderRefusal':
      return decideRefusal(command, state);
    case 'ReportOrderFailure': {
      const s = c.submission;
      if (s.status !== 'pending') return [];
      return [
        { type: 'OrderSubmissionFailed', data: { idempotencyKey: s.idempotencyKey, message: command.data.message } },
      ];
    }
    case 'ApplyPaymentSession':
      return [{ type: 'PaymentStarted', data: { session: command.data.session } }];
    case 'ReportPaymentStartFailure':
      return [{ type: 'PaymentStartFailed', data: command.data }];
    case 'ApplySbpPayment': {
      const session = command.data.session;
      if (session.method !== 'sbp') return [];
      // The same payment as shown, in the same state: keep the deadline counted when it first came.
      const seen = c.sbp?.session;
      const same =
        seen !== undefined &&
        seen !== null &&
        c.sbp?.renewing === false &&
        seen.paymentId === session.paymentId &&
        seen.status === session.status &&
        seen.sbp?.link === session.sbp?.link;
      if (same) return [];
      const deadline = new Date(Date.parse(meta.now) + session.expiresInMs).toISOString();
      return [{ type: 'SbpPaymentShown', data: { session, deadline } }];
    }
    case 'RenewSbpPayment': {
      const shown = c.shown;
      // Only the shown SBP order still awaiting its money, and one request at a time.
      if (shown.status !== 'loaded' || shown.order.id !== command.data.orderId) return [];
      if (!sbpAwaitingPayment(shown.order) || c.sbp?.renewing === true) return [];
      return [{ type: 'SbpRenewalRequested', data: { orderId: shown.order.id } }];
    }
    case 'ReportSbpPaymentFailure':
      return [{ type: 'SbpPaymentFailed', data: command.data }];
    case 'LoadOrder': {
      const orderId = command.data.orderId.trim();
      if (orderId === '' || orderId.length > 64)
        return [{ type: 'OrderLoadFailed', data: { orderId, message: 'Заказ не найден' } }];
      return [{ type: 'OrderLoadRequested', data: { orderId } }];
    }
    case 'ApplyOrder': {
      const shown = c.shown;
      if (shown.status === 'loaded' && sameJson(shown.order, command.data.order)) return [];
      return [{ type: 'OrderLoaded', data: { order: command.data.order } }];
    }
    case 'ReportOrderLoadFailure':
      return [{ type: 'OrderLoadFailed', data: command.data }];
    case 'ApplyOrderStatus': {
      const status = OrderStatus.safeParse(command.data.status);
      const shown = c.shown;
      if (
        !status.success ||
        shown.status !== 'loaded' ||
        shown.order.id !== command.data.orderId ||
        shown.order.status === status.data
      )
        return [];
      return [{ type: 'OrderStatusUpdated', data: { orderId: command.data.orderId, status: status.data } }];
    }
    case 'RecordPurchaseTracked':
      return c.tracked.includes(command.data.orderId)
        ? []
        : [{ type: 'PurchaseTracked', data: { orderId: command.data.orderId } }];
    case 'StopOrderTracking':
      return [{ type: 'OrderTrackingStopped', data: { orderId: command.data.orderId } }];
    case 'ReportPushDevice':
      return c.orderPush.device === command.data.state
        ? []
        : [{ type: 'PushDeviceReported', data: { state: command.data.state } }];
    case 'EnableOrderPush': {
      // only for a signed-in customer who consented to push notifications (docs/PUSH.md)
      const pending = c.orderPush.status === 'pending' || c.orderPush.status === 'enabled';
      if (pending || !selectIsSignedIn(state) || state.user.profile?.PUSHNotifications !== true) return [];
      return [{ type: 'OrderPushRequested', data: {} }];
    }
    case 'DeclineOrderPush':
      return c.orderPush.status === 'idle' || c.orderPush.status === 'failed'
        ? [{ type: 'OrderPushDeclined', data: {} }]
        : [];
    case 'ConfirmOrderPush':
      return c.orderPush.status === 'enabled' ? [] : [{ type: 'OrderPushEnabled', data: {} }];
    case 'ReportOrderPushFailure':
      return [{ type: 'OrderPushFailed', data: { message: command.data.message } }];
    default: {
      const unreachable: never = command;
      throw new Error(`unknown checkout command ${JSON.stringify(unreachable)}`);
    }
  }
}
