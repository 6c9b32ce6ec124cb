// Checkout decider (issue 5): given events / when command / then events, with a fixed now and ids.
import { describe, expect, it } from 'vitest';
import { checkoutProblems } from '../../src/commands/checkout.decide';
import { CHECKOUT_TEXT } from '../../src/domain/messages';
import { buildQuoteBody } from '../../src/projections/orderBody';
import type { AppEvent } from '../../src/events';
import { evolveAll } from '../../src/projections/store';
import { TEXT_SITE_NOT_WORKING_DEFAULT, TEXT_WORK_TIME } from '../../src/projections/modal';
import { NOW, settingsWith } from '../fixtures/settings';
import { ADDRESS, checkoutState, MIN_SUM_REFUSAL, order, quote, quoted } from './checkoutFixtures';
import { META, when } from './helpers';

const PLACE = { type: 'PlaceOrder', data: {} } as const;

describe('PlaceOrder: one attempt per click, refusals before anything is sent', () => {
  it('sends the order with a fresh Idempotency-Key, the saved address, consent and the quoted total', () => {
    const state = quoted(checkoutState());
    const { events } = when(PLACE, { state, id: 'key-1' });
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
    expect(e.data.captcha).toBeNull();
  });

  it("a double-click on 'Оформить заказ' makes one order: the second click while the first is on its way decides nothing", () => {
    const first = when(PLACE, { state: quoted(checkoutState()), id: 'key-1' });
    const second = when(PLACE, { state: first.after, id: 'key-2' });
    expect(second.events).toEqual([]);
    expect(first.after.checkout.submission).toMatchObject({ status: 'pending', idempotencyKey: 'key-1' });
  });

  it('after no answer the same order goes again under the same key (the server replays it); a changed order gets a new key', () => {
    const sent = when(PLACE, { state: quoted(checkoutState()), id: 'key-1' }).after;
    const failed = when(
      { type: 'ReportOrderFailure', data: { message: CHECKOUT_TEXT.noAnswer } },
      { state: sent },
    ).after;
    expect(failed.checkout.submission.status).toBe('failed');
    const again = when(PLACE, { state: failed, id: 'key-2' }).events;
    expect(again[0]).toMatchObject({ type: 'OrderSubmitted', data: { idempotencyKey: 'key-1' } });
    const changed = evolveAll(failed, [{ type: 'PersonsChanged', data: { persons: 3 } }]);
    expect(when(PLACE, { state: changed, id: 'key-3' }).events[0]).toMatchObject({
      type: 'OrderSubmitted',
      data: { idempotencyKey: 'key-3' },
    });
  });

  it("outside working hours: 'Сейчас нерабочее время, приносим свои извинения.' and the work-time modal", () => {
    const { events, after } = when(PLACE, { state: quoted(checkoutState()), now: NOW.tuesdayNight });
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
    const state = quoted(checkoutState([], { settings: settingsWith({ IS_SITE_NOT_WORKING: true }) }));
    const { events } = when(PLACE, { state });
    expect(events[0]).toMatchObject({
      type: 'OrderRefused',
      data: { problems: [{ code: 'site-not-working', message: TEXT_SITE_NOT_WORKING_DEFAULT }] },
    });
    expect(events).toContainEqual({ type: 'ModalOpened', data: { modal: { kind: 'siteNotWorking' } } });
  });

  it('consent to personal data is required', () => {
    const state = quoted(checkoutState([{ type: 'ConsentChanged', data: { given: false } }]));
    expect(when(PLACE, { state }).events).toEqual([
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

  it('delivery without an address and pickup without a restaurant are refused with what to do', () => {
    const noAddress = checkoutState([{ type: 'AddressDeleted', data: { addressId: ADDRESS.id, selectedId: null } }]);
    expect(when(PLACE, { state: noAddress }).events[0]).toMatchObject({
      data: { problems: [{ code: 'no-address', message: 'Укажите адрес доставки', action: 'change-address' }] },
    });
    const pickup = checkoutState([{ type: 'DeliveryMethodChanged', data: { method: 'self', previous: 'delivery' } }]);
    expect(when(PLACE, { state: pickup }).events[0]).toMatchObject({
      data: {
        problems: [{ code: 'no-restaurant', message: 'Выберите ресторан для самовывоза', action: 'change-restaurant' }],
      },
    });
  });

  it('the quote says the sum is below the zone minimum: refused with the server text, nothing sent', () => {
    const state = quoted(checkoutState(), quote({ refusals: [MIN_SUM_REFUSAL], canSubmit: false }));
    const { events } = when(PLACE, { state });
    expect(events).toEqual([{ type: 'OrderRefused', data: { source: 'server', problems: [MIN_SUM_REFUSAL] } }]);
    expect(checkoutProblems(state, META.now).map((p) => p.message)).toEqual([
      'Минимальная сумма заказа для доставки в зону «Центр» — 1 500 ₽ (без учёта доставки)',
    ]);
  });

  it('a stale quote (the cart changed since) is not used for the expected total', () => {
    const state = evolveAll(quoted(checkoutState()), [
      { type: 'ItemQuantityChanged', data: { lineId: 'l1', quantity: 3 } },
    ]);
    const e = when(PLACE, { state }).events[0];
    expect(e).toMatchObject({
      type: 'OrderSubmitted',
      data: { body: { expectedTotal: null, items: [{ amount: 3 }] } },
    });
  });

  it('the bot check is asked for when the quote requires it', () => {
    const captcha = { required: true, provider: 'smartcaptcha' as const, siteKey: 'site-key' };
    const e = when(PLACE, { state: quoted(checkoutState(), quote({ captcha })) }).events[0];
    expect(e).toMatchObject({ type: 'OrderSubmitted', data: { captcha } });
  });
});

describe('answers of POST /order', () => {
  const pending = () => when(PLACE, { state: quoted(checkoutState()), id: 'key-1' }).after;

  it('a cash order is placed and only then the cart is cleared', () => {
    const { events, after } = when({ type: 'CompleteOrderPlacement', data: { order: order() } }, { state: pending() });
    expect(events).toEqual([
      { type: 'OrderPlaced', data: { order: order() } },
      { type: 'CartCleared', data: { reason: 'order-placed' } },
    ]);
    expect(after.cart.items).toEqual([]);
    expect(after.checkout.submission).toEqual({ status: 'placed', orderId: 'order-1' });
  });

  it('an online order waits for its payment and keeps the cart', () => {
    const online = order({ paymentMethod: 'card', paymentStatus: 'pending' });
    const { events, after } = when({ type: 'CompleteOrderPlacement', data: { order: online } }, { state: pending() });
    expect(events).toEqual([{ type: 'OrderAwaitingPayment', data: { order: online } }]);
    expect(after.cart.items).toHaveLength(1);
  });

  it("a 422 'outside-zone' is shown with what to do; the work-time refusal opens its modal", () => {
    const zone = when(
      { type: 'ReportOrderRefusal', data: { status: 422, code: 'outside-zone', message: 'Адрес вне зоны доставки' } },
      { state: pending() },
    );
    expect(zone.events).toEqual([
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
    const closed = when(
      { type: 'ReportOrderRefusal', data: { status: 422, code: 'outside-working-hours', message: TEXT_WORK_TIME } },
      { state: pending() },
    );
    expect(closed.events).toContainEqual({ type: 'ModalOpened', data: { modal: { kind: 'workTime' } } });
  });

  it("a 422 without a message shows SPEC §8's 'Произошла ошибка при запросе'", () => {
    const { events } = when(
      { type: 'ReportOrderRefusal', data: { status: 422, code: null, message: null } },
      { state: pending() },
    );
    expect(events[0]).toMatchObject({
      data: { problems: [{ code: 'other', message: 'Произошла ошибка при запросе' }] },
    });
  });
});

describe('form fields', () => {
  it('the courier card is for delivery only; online ways are hidden when IS_ONLINE_PAYMENT_DISABLE is set', () => {
    const pickup = checkoutState([{ type: 'DeliveryMethodChanged', data: { method: 'self', previous: 'delivery' } }]);
    expect(when({ type: 'ChangePaymentMethod', data: { method: 'courier-card' } }, { state: pickup }).events).toEqual([
      { type: 'PaymentMethodRejected', data: { method: 'courier-card', reason: 'courier-card-self' } },
    ]);
    const off = checkoutState([], {
      settings: settingsWith({ IS_ONLINE_PAYMENT_DISABLE: { delivery: true, self: false } }),
    });
    expect(when({ type: 'ChangePaymentMethod', data: { method: 'sbp' } }, { state: off }).events).toEqual([
      { type: 'PaymentMethodRejected', data: { method: 'sbp', reason: 'online-payment-disabled' } },
    ]);
    expect(when({ type: 'ChangePaymentMethod', data: { method: 'card' } }, { state: checkoutState() }).events).toEqual([
      { type: 'PaymentMethodChanged', data: { method: 'card' } },
    ]);
  });

  it('change from cash, persons and comment', () => {
    expect(when({ type: 'ChangeCashChange', data: { changeFrom: 5000 } }, { state: checkoutState() }).events).toEqual([
      { type: 'ChangeFromChanged', data: { changeFrom: 5000 } },
    ]);
    expect(when({ type: 'ChangePersons', data: { persons: -1 } }, { state: checkoutState() }).events).toEqual([]);
    expect(when({ type: 'ChangePersons', data: { persons: 4 } }, { state: checkoutState() }).events).toEqual([
      { type: 'PersonsChanged', data: { persons: 4 } },
    ]);
    expect(
      when({ type: 'ChangeOrderComment', data: { comment: 'без лука' } }, { state: checkoutState() }).after.checkout
        .comment,
    ).toBe('без лука');
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
    const state = checkoutState([{ type: 'QuoteRequested', data: { key: 'new' } }]);
    expect(when({ type: 'ApplyQuote', data: { key: 'old', quote: quote() } }, { state }).events).toEqual([]);
    expect(when({ type: 'ApplyQuote', data: { key: 'new', quote: quote() } }, { state }).events).toEqual([
      { type: 'QuoteReceived', data: { key: 'new', quote: quote() } },
    ]);
  });
});

describe('the shown order (/complete)', () => {
  const shown: AppEvent[] = [{ type: 'OrderLoaded', data: { order: order() } }];

  it("order:status_update of the shown order changes its status ('готовится'); others and unknown statuses are ignored", () => {
    const state = checkoutState(shown);
    const { events, after } = when(
      { type: 'ApplyOrderStatus', data: { orderId: 'order-1', status: 'CookingStarted' } },
      { state },
    );
    expect(events).toEqual([{ type: 'OrderStatusUpdated', data: { orderId: 'order-1', status: 'CookingStarted' } }]);
    expect(after.checkout.shown).toMatchObject({ status: 'loaded', order: { status: 'CookingStarted' } });
    expect(when({ type: 'ApplyOrderStatus', data: { orderId: 'other', status: 'OnWay' } }, { state }).events).toEqual(
      [],
    );
    expect(
      when({ type: 'ApplyOrderStatus', data: { orderId: 'order-1', status: 'Teleported' } }, { state }).events,
    ).toEqual([]);
  });

  it('a reload re-fetches: LoadOrder keeps the loaded order on screen while it is read again', () => {
    const { after } = when({ type: 'LoadOrder', data: { orderId: 'order-1' } }, { state: checkoutState(shown) });
    expect(after.checkout.shown.status).toBe('loaded');
    const fresh = when({ type: 'LoadOrder', data: { orderId: 'order-1' } }, { state: checkoutState() }).after;
    expect(fresh.checkout.shown).toEqual({ status: 'loading', orderId: 'order-1' });
  });

  it('the purchase is recorded once per order', () => {
    const once = checkoutState([{ type: 'PurchaseTracked', data: { orderId: 'order-1' } }]);
    expect(when({ type: 'RecordPurchaseTracked', data: { orderId: 'order-1' } }, { state: once }).events).toEqual([]);
  });
});

describe('price changes', () => {
  it("a current quote whose re-priced goods differ from the cart: 'Цены изменились…' with 'Проверьте корзину'-style advice", () => {
    const state = quoted(checkoutState(), quote({ goodsTotal: 960 }));
    expect(checkoutProblems(state, META.now)).toMatchObject([
      {
        code: 'price-changed',
        message: 'Цены изменились: сумма товаров теперь 960\u00a0₽ вместо 900\u00a0₽',
        action: 'review-cart',
      },
    ]);
    expect(when(PLACE, { state }).events[0]).toMatchObject({
      type: 'OrderRefused',
      data: { source: 'server', problems: [{ code: 'price-changed' }] },
    });
  });

  it('a stale quote (the cart changed, a new one is on its way) shows no false price change', () => {
    const state = evolveAll(quoted(checkoutState()), [
      { type: 'ItemQuantityChanged', data: { lineId: 'l1', quantity: 3 } },
    ]);
    expect(checkoutProblems(state, META.now)).toEqual([]);
  });
});
