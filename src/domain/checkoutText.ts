// The checkout page's own texts, built from the server's words in messages.ts where both refuse the
// same thing.
import type { OrderStatus } from '../api/contract/orders';
import type { DeliveryMethod } from '../api/entities';
import { ORDER_MESSAGES } from './messages';

/**
 * What the checkout page says when the client finds a problem itself: the server's words where the
 * server refuses the same thing, the client's own where only the client asks (consent, sign-in).
 */
export const CHECKOUT_TEXT = {
  closed: ORDER_MESSAGES.closed,
  noAddress: ORDER_MESSAGES.noAddress,
  noRestaurant: ORDER_MESSAGES.noRestaurant,
  onlinePaymentOff: ORDER_MESSAGES.onlinePaymentOff,
  courierCardSelf: ORDER_MESSAGES.courierCardSelf,
  changeTooSmall: ORDER_MESSAGES.changeTooSmall,
  consent: 'Подтвердите согласие на обработку персональных данных',
  signIn: 'Войдите по номеру телефона, чтобы оформить заказ',
  emptyCart: ORDER_MESSAGES.emptyCart,
  slotPast: ORDER_MESSAGES.slotPast,
  /** A refusal without a message (PRODUCT.md §8 fallback). */
  requestFailed: 'Произошла ошибка при запросе',
  /** No answer from the server. */
  noAnswer:
    'Не удалось отправить заказ: нет ответа от сервера. Проверьте соединение и нажмите «Оформить заказ» ещё раз',
} as const;

/** The lines of a sum to pay, as the cart, /checkout and /complete list them (src/domain/amounts.ts). */
export const AMOUNT_TEXT = {
  goods: 'Товары',
  discount: 'Скидка',
  gifts: 'Подарки',
  delivery: 'Доставка',
  serviceFee: 'Сервисный сбор',
  bonus: 'Бонусы',
  toPay: 'К оплате',
  free: 'Бесплатно',
} as const;

/** A status sentence that reads the same for a delivery and a pickup. */
function forBoth(sentence: string): { delivery: string; self: string } {
  return { delivery: sentence, self: sentence };
}

/**
 * What /complete says of an order in each status (PRODUCT.md §4 order statuses): only what has
 * happened, so an order that is only 'принят' is not said to be cooking.
 */
export const ORDER_STATUS_SENTENCES: Readonly<Record<OrderStatus, { delivery: string; self: string }>> = {
  Unconfirmed: forBoth('Спасибо за заказ! Мы его получили и скоро подтвердим.'),
  WaitCooking: forBoth('Спасибо за заказ! Он принят, скоро ресторан начнёт его готовить.'),
  CookingStarted: forBoth('Мы уже начали готовить ваш заказ.'),
  CookingCompleted: {
    delivery: 'Заказ готов и скоро отправится к вам.',
    self: 'Заказ готов, скоро его можно будет забрать.',
  },
  OnWay: forBoth('Курьер уже везёт ваш заказ.'),
  Delivered: forBoth('Заказ доставлен. Приятного аппетита!'),
  Waiting: forBoth('Заказ готов и ждёт вас в ресторане.'),
  Closed: forBoth('Заказ выполнен. Спасибо, что выбрали нас!'),
  Cancelled: forBoth('Заказ отменён.'),
};

export const orderStatusSentence = (status: OrderStatus, method: DeliveryMethod): string =>
  ORDER_STATUS_SENTENCES[status][method];

/** The cart's coupon field. */
export const COUPON_TEXT = {
  applied: 'промокод применён',
  refused: 'Промокод не применён',
  checking: 'Проверяем промокод…',
  signIn: 'Промокод проверим, когда вы войдёте',
} as const;

/**
 * Titles of the modifier dialog by what the group chooses (its name, lower case, contains the key):
 * a pizza's size is not a roll. The first match wins; a group named 'Выберите …' is its own title.
 */
export const MODIFIER_TITLES: readonly (readonly [string, string])[] = [
  ['ролл', 'Выберите ролл'],
  ['размер', 'Выберите размер'],
  ['соус', 'Выберите соус'],
  ['тесто', 'Выберите тесто'],
  ['напит', 'Выберите напиток'],
  ['гарнир', 'Выберите гарнир'],
  ['добав', 'Выберите добавки'],
  ['топпинг', 'Выберите добавки'],
];
/** A group of some other kind. */
export const MODIFIER_TITLE_OTHER = 'Выберите вариант';
