// The Russian texts of ordering shared by server and client (PRODUCT.md §8, docs/CHECKOUT.md): the
// exact wording is a requirement, and the client's own checks use the server's words.
import { describe, expect, it } from 'vitest';
import {
  bonusCapMessage,
  COUPON_MESSAGES,
  couponMinSumMessage,
  DEFAULT_SITE_NOT_WORKING_TEXT,
  goodsPriceChangedMessage,
  ITEM_MESSAGES,
  maxPerPositionMessage,
  missingSumText,
  ORDER_MESSAGES,
  orderPriceChangedMessage,
  REFUSAL_ACTIONS,
  restaurantClosedMessage,
  stoppedMessage,
  streetNotFoundMessage,
  zoneMinSumMessage,
} from '../../src/domain/messages';
import { RefusalCode } from '../../src/api/contract/checkout';
import { CHECKOUT_TEXT } from '../../src/domain/checkoutText';

const NBSP = '\u00A0';

describe('fixed texts', () => {
  it('quotes PRODUCT.md §2 and §8', () => {
    expect(ORDER_MESSAGES.closed).toBe('Сейчас нерабочее время, приносим свои извинения.');
    expect(DEFAULT_SITE_NOT_WORKING_TEXT).toBe(
      'По техническим причинам прием заказов временно невозможен приносим свои извинения',
    );
    expect(ITEM_MESSAGES.productGone).toBe(
      'Блюдо в данный момент отсутствует на сайте. Попробуйте добавить блюдо из каталога',
    );
    expect(COUPON_MESSAGES.notFound).toBe('Купон не найден');
    expect(COUPON_MESSAGES.expired).toBe('Срок действия купона истёк');
    expect(ORDER_MESSAGES.signInRequired).toBe('Требуется вход по номеру телефона');
  });

  it("the client's checkout texts are the server's wherever both refuse the same thing", () => {
    expect(CHECKOUT_TEXT.closed).toBe(ORDER_MESSAGES.closed);
    expect(CHECKOUT_TEXT.noAddress).toBe('Укажите адрес доставки');
    expect(CHECKOUT_TEXT.noRestaurant).toBe(ORDER_MESSAGES.noRestaurant);
    expect(CHECKOUT_TEXT.onlinePaymentOff).toBe(ORDER_MESSAGES.onlinePaymentOff);
    expect(CHECKOUT_TEXT.courierCardSelf).toBe(ORDER_MESSAGES.courierCardSelf);
    expect(CHECKOUT_TEXT.changeTooSmall).toBe(ORDER_MESSAGES.changeTooSmall);
    expect(CHECKOUT_TEXT.emptyCart).toBe('Корзина пуста');
    expect(CHECKOUT_TEXT.slotPast).toBe(ORDER_MESSAGES.slotPast);
    expect(CHECKOUT_TEXT.requestFailed).toBe('Произошла ошибка при запросе');
  });

  it('every refusal code has an action and its text', () => {
    for (const code of RefusalCode.options) expect(REFUSAL_ACTIONS[code].text).not.toBe('');
    expect(REFUSAL_ACTIONS['outside-zone']).toEqual({
      action: 'change-method',
      text: 'Укажите другой адрес или заберите заказ сами',
    });
  });
});

describe('texts with parameters', () => {
  it('prices read as formatPrice writes them', () => {
    expect(couponMinSumMessage('MINUS200', 1200)).toBe(
      `Минимальная сумма заказа для купона MINUS200 — 1${NBSP}200${NBSP}₽`,
    );
    expect(goodsPriceChangedMessage(960, 900)).toBe(
      `Цены изменились: сумма товаров теперь 960${NBSP}₽ вместо 900${NBSP}₽. Проверьте корзину`,
    );
    expect(goodsPriceChangedMessage(960, 900, false)).toBe(
      `Цены изменились: сумма товаров теперь 960${NBSP}₽ вместо 900${NBSP}₽`,
    );
    expect(orderPriceChangedMessage(1526, 1500)).toBe(
      `Цены изменились: сумма заказа теперь 1${NBSP}526${NBSP}₽ вместо 1${NBSP}500${NBSP}₽. Проверьте корзину`,
    );
    expect(zoneMinSumMessage('Центр', 700)).toBe(
      `Минимальная сумма заказа для доставки в зону «Центр» — 700${NBSP}₽ (без учёта доставки)`,
    );
    expect(bonusCapMessage(150)).toBe(`Бонусами можно оплатить не более 150${NBSP}₽ этого заказа`);
    expect(missingSumText(150)).toBe(`Добавьте товаров ещё на 150${NBSP}₽`);
  });

  it('names, streets and restaurants', () => {
    expect(maxPerPositionMessage('Филадельфия', 2)).toBe('Блюдо «Филадельфия»: не более 2 в одной позиции заказа');
    expect(stoppedMessage(['Филадельфия', 'Кола'])).toBe('Нет в наличии в выбранном ресторане: «Филадельфия», «Кола»');
    expect(streetNotFoundMessage('Ленина', 'Ангарск')).toBe(
      'Не удалось найти улицу «Ленина» в городе Ангарск. Адрес вне зоны доставки',
    );
    expect(restaurantClosedMessage('Центр', 'self')).toBe(
      'Ресторан «Центр» сейчас закрыт. Выберите другое время или другой ресторан',
    );
    expect(restaurantClosedMessage('Центр', 'delivery')).toBe(
      'Ресторан «Центр», который доставляет по этому адресу, сейчас закрыт. Выберите время доставки',
    );
  });
});
