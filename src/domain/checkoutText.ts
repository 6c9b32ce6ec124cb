// The checkout page's own texts, built from the server's words in messages.ts where both refuse the
// same thing.
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
export type CheckoutTextKey = keyof typeof CHECKOUT_TEXT;

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
