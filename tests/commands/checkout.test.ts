// Checkout decider: given events / when command / then events, with a fixed now and ids.
import { describe, expect, it } from 'vitest';
import { CreateOrderBody } from '../../src/api/contract/orders';
import { checkoutProblems } from '../../src/commands/checkout.decide';
import { CHECKOUT_TEXT } from '../../src/domain/checkoutText';
import { buildQuoteBody } from '../../src/projections/orderBody';
import type { AppEvent } from '../../src/events';
import { evolveAll, initialState } from '../../src/projections/store';
import { TEXT_SITE_NOT_WORKING_DEFAULT, TEXT_WORK_TIME } from '../../src/projections/modal';
import { NOW, settingsWith } from '../fixtures/settings';
import {
  ADDRESS,
  checkoutHistory,
  checkoutState,
  MIN_SUM_REFUSAL,
  order,
  quote,
  quotedHistory,
} from './checkoutFixtures';
import { app, META } from './helpers';

const PLACE = { type: 'PlaceOrder', data: {} } as const;
/** Two Филадельфия to an address, consent given, quoted for exactly that. */
const readyToPlace = () => quotedHistory(checkoutHistory());

describe('PlaceOrder: one attempt per click, refusals before anything is sent', () => {
  it('sends the order with a fresh Idempotency-Key, the saved address, consent and the quoted total', () => {
    const { events } = app.given(readyToPlace()).when(PLACE, { id: 'key-1' }).outcome();
    expect(events).toHaveLength(1);
    const [e] = events;
    expect(e?.type).toBe('OrderSubmitted');
    if (e?.type !== 'OrderSubmitted') return;
    expect(e.data.idempotencyKey).toBe('key-1');
    expect(e.data.body).toMatchObject({
      deliveryMethod: 'delivery',
      addressId: ADDRESS.id,
      items: [{ productId: 'p-philadelphia', amount: 2, mods: [], isGift: false }],
      paymentMethod: 'cash',
      persons: 1,
      consent: true,
      expectedTotal: 1050,
      deliveryTime: 'asap',
    });
    // The quote body's fields and the order's own, nothing else.
    expect(Object.keys(e.data.body).sort()).toEqual(Object.keys(CreateOrderBody.shape).sort());
    expect(e.data.captcha).toBeNull();
  });

  it("a double-click on 'Оформить заказ' makes one order: the second click while the first is on its way decides nothing", () => {
    const first = app.given(readyToPlace()).when(PLACE, { id: 'key-1' }).outcome();
    app.given(first.history).when(PLACE, { id: 'key-2' }).thenNothing();
    expect(first.after.checkout.submission).toMatchObject({ status: 'pending', idempotencyKey: 'key-1' });
  });

  it('after no answer the same order goes again under the same key (the server replays it); a changed order gets a new key', () => {
    const sent = app.given(readyToPlace()).when(PLACE, { id: 'key-1' }).outcome().history;
    const failed = app
      .given(sent)
      .when({ type: 'ReportOrderFailure', data: { message: CHECKOUT_TEXT.noAnswer } })
      .outcome();
    expect(failed.after.checkout.submission.status).toBe('failed');
    const again = app.given(failed.history).when(PLACE, { id: 'key-2' }).outcome().events;
    expect(again[0]).toMatchObject({ type: 'OrderSubmitted', data: { idempotencyKey: 'key-1' } });
    const changed: AppEvent[] = [...failed.history, { type: 'PersonsChanged', data: { persons: 3 } }];
    expect(app.given(changed).when(PLACE, { id: 'key-3' }).outcome().events[0]).toMatchObject({
      type: 'OrderSubmitted',
      data: { idempotencyKey: 'key-3' },
    });
  });

  it("outside working hours: 'Сейчас нерабочее время, приносим свои извинения.' and the work-time modal", () => {
    const { events, after } = app.given(readyToPlace()).when(PLACE, { now: NOW.tuesdayNight }).outcome();
    expect(events[0]).toMatchObject({
      type: 'OrderRefused',
      data: {
        source: 'client',
        problems: [{ code: 'outside-working-hours', message: TEXT_WORK_TIME, action: 'wait' }],
      },
    });
    expect(events[1]).toEqual({ type: 'ModalOpened', data: { modal: { kind: 'workTime' } } });
    expect(after.modal.stack.at(-1)).toEqual({ kind: 'workTime' });
  });

  it('switched-off sales: the not-working modal with its default text', () => {
    const given = quotedHistory(checkoutHistory([], { settings: settingsWith({ IS_SITE_NOT_WORKING: true }) }));
    const { events } = app.given(given).when(PLACE).outcome();
    expect(events[0]).toMatchObject({
      type: 'OrderRefused',
      data: { problems: [{ code: 'site-not-working', message: TEXT_SITE_NOT_WORKING_DEFAULT }] },
    });
    expect(events).toContainEqual({ type: 'ModalOpened', data: { modal: { kind: 'siteNotWorking' } } });
  });

  it('consent to personal data is required', () => {
    const given = quotedHistory(checkoutHistory([{ type: 'ConsentChanged', data: { given: false } }]));
    app
      .given(given)
      .when(PLACE)
      .then([
        {
          type: 'OrderRefused',
          data: {
            source: 'client',
            problems: [
              {
                code: 'consent-required',
                message: 'Подтвердите согласие на обработку персональных данных',
                action: 'fix-form',
                actionText: 'Отметьте согласие под формой',
                missingSum: null,
                productIds: [],
              },
            ],
          },
        },
      ]);
  });

  it('a customer whose consent covers the current /legal text is not asked again: the order carries it', () => {
    const given = quotedHistory(
      checkoutHistory([
        { type: 'ConsentChanged', data: { given: false } },
        { type: 'ConsentStatusLoaded', data: { version: 'v1', required: false } },
      ]),
    );
    const placed = app.given(given).when(PLACE).outcome();
    expect(placed.events[0]).toMatchObject({ type: 'OrderSubmitted', data: { body: { consent: true } } });
  });

  it('a changed /legal text asks again: no consent on file for it, none ticked → refused', () => {
    const given = quotedHistory(
      checkoutHistory([
        { type: 'ConsentChanged', data: { given: false } },
        { type: 'ConsentStatusLoaded', data: { version: 'v2', required: true } },
      ]),
    );
    expect(app.given(given).when(PLACE).outcome().events[0]).toMatchObject({
      type: 'OrderRefused',
      data: { problems: [{ code: 'consent-required' }] },
    });
  });

  it('ApplyConsentStatus records a new answer once', () => {
    const given = checkoutHistory([{ type: 'ConsentStatusLoaded', data: { version: 'v1', required: false } }]);
    app
      .given(given)
      .when({ type: 'ApplyConsentStatus', data: { version: 'v1', required: false } })
      .then([]);
    app
      .given(given)
      .when({ type: 'ApplyConsentStatus', data: { version: 'v2', required: true } })
      .then([{ type: 'ConsentStatusLoaded', data: { version: 'v2', required: true } }]);
  });

  it('delivery without an address and pickup without a restaurant are refused with what to do', () => {
    const noAddress = checkoutHistory([{ type: 'AddressDeleted', data: { addressId: ADDRESS.id, selectedId: null } }]);
    expect(app.given(noAddress).when(PLACE).outcome().events[0]).toMatchObject({
      data: { problems: [{ code: 'no-address', message: 'Укажите адрес доставки', action: 'change-address' }] },
    });
    const pickup = checkoutHistory([{ type: 'DeliveryMethodChanged', data: { method: 'self', previous: 'delivery' } }]);
    expect(app.given(pickup).when(PLACE).outcome().events[0]).toMatchObject({
      data: {
        problems: [{ code: 'no-restaurant', message: 'Выберите ресторан для самовывоза', action: 'change-restaurant' }],
      },
    });
  });

  it('the quote says the sum is below the zone minimum: refused with the server text, nothing sent', () => {
    const { before } = app
      .given(quotedHistory(checkoutHistory(), quote({ refusals: [MIN_SUM_REFUSAL], canSubmit: false })))
      .when(PLACE)
      .then([{ type: 'OrderRefused', data: { source: 'server', problems: [MIN_SUM_REFUSAL] } }]);
    expect(checkoutProblems(before, META.now).map((p) => p.message)).toEqual([
      'Минимальная сумма заказа для доставки в зону «Центр» — 1 500 ₽ (без учёта доставки)',
    ]);
  });

  it('a stale quote (the cart changed since) is not used for the expected total', () => {
    const e = app
      .given(readyToPlace(), [{ type: 'ItemQuantityChanged', data: { lineId: 'l1', quantity: 3 } }])
      .when(PLACE)
      .outcome().events[0];
    expect(e).toMatchObject({
      type: 'OrderSubmitted',
      data: { body: { expectedTotal: null, items: [{ amount: 3 }] } },
    });
  });

  it('the bot check is asked for when the quote requires it', () => {
    const captcha = { required: true, provider: 'smartcaptcha' as const, siteKey: 'site-key' };
    const e = app
      .given(quotedHistory(checkoutHistory(), quote({ captcha })))
      .when(PLACE)
      .outcome().events[0];
    expect(e).toMatchObject({ type: 'OrderSubmitted', data: { captcha } });
  });
});

describe('answers of POST /order', () => {
  const pending = () => app.given(readyToPlace()).when(PLACE, { id: 'key-1' }).outcome().history;

  it('a cash order is placed and only then the cart is cleared', () => {
    const { after } = app
      .given(pending())
      .when({ type: 'CompleteOrderPlacement', data: { order: order() } })
      .then([
        { type: 'OrderPlaced', data: { order: order() } },
        { type: 'CartCleared', data: { reason: 'order-placed' } },
      ]);
    expect(after.cart.items).toEqual([]);
    expect(after.checkout.submission).toEqual({ status: 'placed', orderId: 'order-1' });
  });

  it('an online order waits for its payment and keeps the cart', () => {
    const online = order({ paymentMethod: 'card', paymentStatus: 'pending' });
    const { after } = app
      .given(pending())
      .when({ type: 'CompleteOrderPlacement', data: { order: online } })
      .then([{ type: 'OrderAwaitingPayment', data: { order: online } }]);
    expect(after.cart.items).toHaveLength(1);
  });

  it("a 422 'outside-zone' is shown with what to do; the work-time refusal opens its modal", () => {
    app
      .given(pending())
      .when({
        type: 'ReportOrderRefusal',
        data: { status: 422, code: 'outside-zone', message: 'Адрес вне зоны доставки' },
      })
      .then([
        {
          type: 'OrderRefused',
          data: {
            source: 'server',
            problems: [
              {
                code: 'outside-zone',
                message: 'Адрес вне зоны доставки',
                action: 'change-address',
                actionText: 'Укажите другой адрес',
                missingSum: null,
                productIds: [],
              },
            ],
          },
        },
      ]);
    const closed = app
      .given(pending())
      .when({
        type: 'ReportOrderRefusal',
        data: { status: 422, code: 'outside-working-hours', message: TEXT_WORK_TIME },
      })
      .outcome();
    expect(closed.events).toContainEqual({ type: 'ModalOpened', data: { modal: { kind: 'workTime' } } });
  });

  it("a 422 without a message shows PRODUCT.md §8's 'Произошла ошибка при запросе'", () => {
    const { events } = app
      .given(pending())
      .when({ type: 'ReportOrderRefusal', data: { status: 422, code: null, message: null } })
      .outcome();
    expect(events[0]).toMatchObject({
      data: { problems: [{ code: 'other', message: 'Произошла ошибка при запросе' }] },
    });
  });
});

describe('form fields', () => {
  it('the courier card is for delivery only; online ways are hidden when IS_ONLINE_PAYMENT_DISABLE is set', () => {
    app
      .given(checkoutHistory([{ type: 'DeliveryMethodChanged', data: { method: 'self', previous: 'delivery' } }]))
      .when({ type: 'ChangePaymentMethod', data: { method: 'courier-card' } })
      .then([{ type: 'PaymentMethodRejected', data: { method: 'courier-card', reason: 'courier-card-self' } }]);
    app
      .given(
        checkoutHistory([], { settings: settingsWith({ IS_ONLINE_PAYMENT_DISABLE: { delivery: true, self: false } }) }),
      )
      .when({ type: 'ChangePaymentMethod', data: { method: 'sbp' } })
      .then([{ type: 'PaymentMethodRejected', data: { method: 'sbp', reason: 'online-payment-disabled' } }]);
    app
      .given(checkoutHistory())
      .when({ type: 'ChangePaymentMethod', data: { method: 'card' } })
      .then([{ type: 'PaymentMethodChanged', data: { method: 'card' } }]);
  });

  it('change from cash, persons and comment', () => {
    app
      .given(checkoutHistory())
      .when({ type: 'ChangeCashChange', data: { changeFrom: 5000 } })
      .then([{ type: 'ChangeFromChanged', data: { changeFrom: 5000 } }]);
    app
      .given(checkoutHistory())
      .when({ type: 'ChangePersons', data: { persons: -1 } })
      .thenNothing();
    app
      .given(checkoutHistory())
      .when({ type: 'ChangePersons', data: { persons: 4 } })
      .then([{ type: 'PersonsChanged', data: { persons: 4 } }]);
    const commented = app
      .given(checkoutHistory())
      .when({ type: 'ChangeOrderComment', data: { comment: 'без лука' } })
      .outcome();
    expect(commented.after.checkout.comment).toBe('без лука');
  });

  it('switching delivery ↔ pickup changes the quote body (the page re-quotes)', () => {
    const state = checkoutState();
    const pickup = evolveAll(state, [
      { type: 'DeliveryMethodChanged', data: { method: 'self', previous: 'delivery' } },
      { type: 'RestaurantSelected', data: { deliveryTerminalId: 'term-angarsk-1' } },
    ]);
    expect(buildQuoteBody(state)).toMatchObject({
      deliveryMethod: 'delivery',
      addressId: ADDRESS.id,
      deliveryTerminalId: null,
    });
    expect(buildQuoteBody(pickup)).toMatchObject({
      deliveryMethod: 'self',
      addressId: null,
      deliveryTerminalId: 'term-angarsk-1',
    });
  });

  it('only the answer to the latest quote request counts', () => {
    const given = checkoutHistory([{ type: 'QuoteRequested', data: { key: 'new' } }]);
    app
      .given(given)
      .when({ type: 'ApplyQuote', data: { key: 'old', quote: quote() } })
      .thenNothing();
    app
      .given(given)
      .when({ type: 'ApplyQuote', data: { key: 'new', quote: quote() } })
      .then([{ type: 'QuoteReceived', data: { key: 'new', quote: quote() } }]);
  });
});

describe('the shown order (/complete)', () => {
  const shown: AppEvent[] = [{ type: 'OrderLoaded', data: { order: order() } }];

  it("order:status_update of the shown order changes its status ('готовится'); others and unknown statuses are ignored", () => {
    const given = checkoutHistory(shown);
    const { after } = app
      .given(given)
      .when({ type: 'ApplyOrderStatus', data: { orderId: 'order-1', status: 'CookingStarted' } })
      .then([{ type: 'OrderStatusUpdated', data: { orderId: 'order-1', status: 'CookingStarted' } }]);
    expect(after.checkout.shown).toMatchObject({ status: 'loaded', order: { status: 'CookingStarted' } });
    app
      .given(given)
      .when({ type: 'ApplyOrderStatus', data: { orderId: 'other', status: 'OnWay' } })
      .thenNothing();
    app
      .given(given)
      .when({ type: 'ApplyOrderStatus', data: { orderId: 'order-1', status: 'Teleported' } })
      .thenNothing();
  });

  it('a reload re-fetches: LoadOrder keeps the loaded order on screen while it is read again', () => {
    const { after } = app
      .given(checkoutHistory(shown))
      .when({ type: 'LoadOrder', data: { orderId: 'order-1' } })
      .outcome();
    expect(after.checkout.shown.status).toBe('loaded');
    const fresh = app
      .given(checkoutHistory())
      .when({ type: 'LoadOrder', data: { orderId: 'order-1' } })
      .outcome().after;
    expect(fresh.checkout.shown).toEqual({ status: 'loading', orderId: 'order-1' });
  });

  it('the purchase is recorded once per order', () => {
    app
      .given(checkoutHistory([{ type: 'PurchaseTracked', data: { orderId: 'order-1' } }]))
      .when({ type: 'RecordPurchaseTracked', data: { orderId: 'order-1' } })
      .thenNothing();
  });
});

describe('price changes', () => {
  it("a current quote whose re-priced goods differ from the cart: 'Цены изменились…' with 'Проверьте корзину'-style advice", () => {
    const given = quotedHistory(checkoutHistory(), quote({ goodsTotal: 960 }));
    const { events, before } = app.given(given).when(PLACE).outcome();
    expect(checkoutProblems(before, META.now)).toMatchObject([
      {
        code: 'price-changed',
        message: 'Цены изменились: сумма товаров теперь 960\u00a0₽ вместо 900\u00a0₽',
        action: 'review-cart',
      },
    ]);
    expect(events[0]).toMatchObject({
      type: 'OrderRefused',
      data: { source: 'server', problems: [{ code: 'price-changed' }] },
    });
  });

  it('a stale quote (the cart changed, a new one is on its way) shows no false price change', () => {
    const state = evolveAll(initialState, [
      ...readyToPlace(),
      { type: 'ItemQuantityChanged', data: { lineId: 'l1', quantity: 3 } },
    ]);
    expect(checkoutProblems(state, META.now)).toEqual([]);
  });
});
