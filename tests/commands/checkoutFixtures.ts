// Orders, quotes and states for the checkout tests (deciders, effects, views).
import type { CaptchaInfo, CheckoutQuote, CheckoutRefusal } from '../../src/api/contract/checkout';
import type { Order } from '../../src/api/contract/orders';
import type { PaymentSession } from '../../src/api/contract/payments';
import type { Address } from '../../src/api/entities';
import type { AppEvent } from '../../src/events';
import { buildQuoteBody, quoteKey } from '../../src/projections/orderBody';
import { evolveAll, initialState, type AppState } from '../../src/projections/store';
import { savedAddress } from '../fixtures/address';
import { line } from './helpers';
import { PRODUCT } from '../fixtures/catalog';
import { placedOrder } from '../fixtures/order';
import { ANGARSK, TERMINAL_1 } from '../fixtures/settings';
import { readyEvents, readyState, type ReadyOptions } from '../fixtures/state';

export const ADDRESS: Address = savedAddress({
  id: 'addr-1',
  street: 'улица Ленина',
  home: '10',
  apartment: '5',
  location: { lat: 52.54, lon: 103.89 },
});

/** Two Филадельфия (450 each), an address chosen, consent given. */
export const CHECKOUT_EVENTS: AppEvent[] = [
  { type: 'ItemAdded', data: { line: line('l1', PRODUCT.phila, 2) } },
  { type: 'AddressesLoaded', data: { addresses: [ADDRESS], selectedId: ADDRESS.id } },
  { type: 'ConsentChanged', data: { given: true } },
];

export function checkoutState(more: readonly AppEvent[] = [], ready: ReadyOptions = {}): AppState {
  return readyState(ready, [...CHECKOUT_EVENTS, ...more]);
}

/** The history checkoutState folds: a ready storefront, CHECKOUT_EVENTS, then `more`. */
/** 'Оформить заказ' pressed on `state`: cash, one person, consent given, 1050 expected, key-1. */
export function orderSubmitted(state: AppState, captcha: CaptchaInfo | null = null): AppEvent {
  const body = buildQuoteBody(state);
  if (body === null) throw new Error('the checkout has nothing to order');
  const submitted = {
    ...body,
    paymentMethod: 'cash' as const,
    persons: 1,
    comment: '',
    captchaToken: null,
    consent: true,
    address: null,
    expectedTotal: 1050,
  };
  return { type: 'OrderSubmitted', data: { idempotencyKey: 'key-1', captcha, body: submitted } };
}

export function checkoutHistory(more: readonly AppEvent[] = [], ready: ReadyOptions = {}): AppEvent[] {
  return [...readyEvents(ready), ...CHECKOUT_EVENTS, ...more];
}

export const ZONE = {
  id: 'zone-1',
  name: 'Центр',
  minSum: 600,
  deliveryPrice: 150,
  freeDeliveryFrom: 1000,
  deliveryMinutes: 60,
  deliveryTerminalId: TERMINAL_1,
};

export function quote(over: Partial<CheckoutQuote> = {}): CheckoutQuote {
  return {
    cityId: ANGARSK.id,
    deliveryMethod: 'delivery',
    zone: ZONE,
    location: ADDRESS.location,
    restaurant: null,
    restaurants: [],
    lines: [
      { productId: PRODUCT.phila, name: 'Филадельфия', amount: 2, price: 450, sum: 900, mods: [], isGift: false },
    ],
    goodsTotal: 900,
    discountTotal: 0,
    deliveryPrice: 150,
    serviceFee: 0,
    bonusSpent: 0,
    bonusCap: 270,
    total: 1050,
    paymentMethods: [
      { method: 'card', title: 'Картой онлайн', online: true, available: true, reason: null },
      { method: 'sbp', title: 'СБП (Система быстрых платежей)', online: true, available: true, reason: null },
      { method: 'cash', title: 'Наличными', online: false, available: true, reason: null },
      { method: 'courier-card', title: 'Картой курьеру', online: false, available: true, reason: null },
    ],
    deliveryText: 'Курьер позвонит за 10 минут',
    captcha: { required: false, provider: null, siteKey: '' },
    slots: {
      timeZone: ANGARSK.timeZone,
      leadMinutes: 60,
      asap: { available: true, estimate: '2026-11-23T07:00:00.000Z', message: null },
      days: [
        {
          date: '2026-11-23',
          title: 'Сегодня',
          slots: [{ start: '2026-11-23T07:00:00.000Z', end: '2026-11-23T07:30:00.000Z', label: '15:00–15:30' }],
        },
      ],
    },
    refusals: [],
    canSubmit: true,
    ...over,
  };
}

export const MIN_SUM_REFUSAL: CheckoutRefusal = {
  code: 'below-min-sum',
  message: 'Минимальная сумма заказа для доставки в зону «Центр» — 1 500 ₽ (без учёта доставки)',
  action: 'add-items',
  actionText: 'Добавьте товаров ещё на 600 ₽',
  missingSum: 600,
  productIds: [],
};

/** `history` and then the quote effect asking for and getting `q` for exactly the state it folds to. */
export function quotedHistory(history: readonly AppEvent[], q: CheckoutQuote = quote()): AppEvent[] {
  const body = buildQuoteBody(evolveAll(initialState, history));
  if (body === null) throw new Error('no quote body');
  const key = quoteKey(body);
  return [...history, { type: 'QuoteRequested', data: { key } }, { type: 'QuoteReceived', data: { key, quote: q } }];
}

/** The state after the quote effect asked for and got `q` for exactly this state. */
export function quoted(state: AppState, q: CheckoutQuote = quote()): AppState {
  const body = buildQuoteBody(state);
  if (body === null) throw new Error('no quote body');
  const key = quoteKey(body);
  return evolveAll(state, [
    { type: 'QuoteRequested', data: { key } },
    { type: 'QuoteReceived', data: { key, quote: q } },
  ]);
}

export function order(over: Partial<Order> = {}): Order {
  return placedOrder({
    id: 'order-1',
    deliveryMethod: 'delivery',
    address: { ...ADDRESS, location: ADDRESS.location },
    deliveryTerminalId: TERMINAL_1,
    zoneId: ZONE.id,
    items: [
      {
        productId: PRODUCT.pizza,
        name: 'Пепперони',
        amount: 2,
        price: 600,
        sum: 1200,
        mods: [{ id: 'm-size-30', name: '30 см', amount: 1, price: 500, groupId: 'g-mod-size' }],
        isGift: false,
      },
      { productId: PRODUCT.phila, name: 'Филадельфия', amount: 1, price: 450, sum: 450, mods: [], isGift: false },
    ],
    goodsTotal: 1650,
    total: 1650,
    persons: 2,
    createdAt: '2026-11-23T06:00:00.000Z',
    updatedAt: '2026-11-23T06:00:00.000Z',
    ...over,
  });
}

export function session(over: Partial<PaymentSession> = {}): PaymentSession {
  return {
    paymentId: 'pay-1',
    orderId: 'order-1',
    provider: 'test',
    method: 'card',
    status: 'pending',
    statusName: 'ожидает оплаты',
    amount: 1050,
    redirectUrl: '/api/v1/payments/test/pay-1',
    widget: null,
    sbp: null,
    expiresAt: '2026-11-23T06:30:00.000Z',
    expiresInMs: 1_800_000,
    expired: false,
    successUrl: '/angarsk/complete?order=order-1',
    failUrl: '/angarsk/complete-error?order=order-1',
    createdAt: '2026-11-23T06:00:00.000Z',
    updatedAt: '2026-11-23T06:00:00.000Z',
    ...over,
  };
}
