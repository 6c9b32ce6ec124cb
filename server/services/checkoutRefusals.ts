// Every refusal of checkout, in one place: the Russian message (what POST /order answers as
// `message` with 422), its code, and what the customer can do about it (POST /checkout/quote
// lists them before submission). orders.ts re-exports the messages.
import type { CheckoutRefusal, RefusalAction, RefusalCode } from '../../src/api/contract/checkout.js';
import type { DeliveryMethod } from '../../src/api/entities.js';
import { formatPrice } from '../../src/domain/price.js';
import { unprocessable, type HttpError } from '../http/errors.js';

export const DEFAULT_SITE_NOT_WORKING_TEXT =
  'По техническим причинам прием заказов временно невозможен приносим свои извинения';
export const ORDER_MESSAGES = {
  noIdempotencyKey: 'Не указан ключ идемпотентности',
  keyReused: 'Ключ идемпотентности уже использован для другого заказа',
  inProgress: 'Заказ уже оформляется',
  closed: 'Сейчас нерабочее время, приносим свои извинения.',
  slotClosed: 'Выбранное время вне часов работы ресторана',
  slotPast: 'Выбранное время уже прошло',
  slotTooFar: 'Заказ можно оформить не более чем на 7 дней вперёд',
  slotNotOffered: 'Выбранное время недоступно, выберите время из списка',
  cityNotFound: 'Город не найден',
  outsideZone: 'Адрес вне зоны доставки',
  noAddress: 'Укажите адрес доставки',
  addressNotFound: 'Адрес не найден',
  noRestaurant: 'Выберите ресторан для самовывоза',
  onlinePaymentOff: 'Онлайн-оплата сейчас недоступна, выберите оплату при получении',
  courierCardSelf: 'Оплата картой курьеру возможна только при доставке',
  changeTooSmall: 'Сумма, с которой нужна сдача, меньше суммы заказа',
  orderNotFound: 'Заказ не найден',
  emptyCart: 'Корзина пуста',
  consentRequired: 'Необходимо согласие на обработку персональных данных',
  signInRequired: 'Требуется вход по номеру телефона',
} as const;

export function zoneMinSumMessage(zoneName: string, minSum: number): string {
  return `Минимальная сумма заказа для доставки в зону «${zoneName}» — ${formatPrice(minSum)} (без учёта доставки)`;
}
export function orderPriceChangedMessage(total: number, expected: number): string {
  return `Цены изменились: сумма заказа теперь ${formatPrice(total)} вместо ${formatPrice(expected)}. Проверьте корзину`;
}
export function stoppedMessage(names: readonly string[]): string {
  return `Нет в наличии в выбранном ресторане: ${names.map((n) => `«${n}»`).join(', ')}`;
}
export function bonusCapMessage(cap: number): string {
  return `Бонусами можно оплатить не более ${formatPrice(cap)} этого заказа`;
}
export function streetNotFoundMessage(street: string, cityName: string): string {
  return `Не удалось найти улицу «${street}» в городе ${cityName}. ${ORDER_MESSAGES.outsideZone}`;
}
export function restaurantClosedMessage(name: string, method: DeliveryMethod): string {
  return method === 'self'
    ? `Ресторан «${name}» сейчас закрыт. Выберите другое время или другой ресторан`
    : `Ресторан «${name}», который доставляет по этому адресу, сейчас закрыт. Выберите время доставки`;
}

const ACTIONS: Record<RefusalCode, { action: RefusalAction; text: string }> = {
  'site-not-working': { action: 'wait', text: 'Попробуйте оформить заказ позже' },
  'outside-working-hours': { action: 'wait', text: 'Оформите заказ в часы работы' },
  'restaurant-closed': { action: 'change-time', text: 'Выберите другое время' },
  'slot-past': { action: 'change-time', text: 'Выберите другое время' },
  'slot-too-far': { action: 'change-time', text: 'Выберите время в ближайшие 7 дней' },
  'slot-outside-working-hours': { action: 'change-time', text: 'Выберите время из списка' },
  'city-not-found': { action: 'change-address', text: 'Выберите город' },
  'empty-cart': { action: 'add-items', text: 'Добавьте блюда в корзину' },
  'item-unavailable': { action: 'review-cart', text: 'Обновите корзину: недоступные блюда будут удалены' },
  'stop-list': { action: 'remove-items', text: 'Уберите эти блюда из корзины или выберите другой ресторан' },
  'no-address': { action: 'change-address', text: 'Укажите адрес доставки' },
  'address-not-found': { action: 'change-address', text: 'Выберите адрес заново' },
  'street-not-found': { action: 'change-address', text: 'Выберите улицу из списка или заберите заказ сами' },
  'outside-zone': { action: 'change-method', text: 'Укажите другой адрес или заберите заказ сами' },
  'no-restaurant': { action: 'change-restaurant', text: 'Выберите ресторан' },
  'below-min-sum': { action: 'add-items', text: 'Добавьте блюда в корзину' },
  'coupon-refused': { action: 'change-coupon', text: 'Измените или удалите промокод' },
  'bonus-cap': { action: 'change-bonus', text: 'Спишите меньше бонусов' },
  'price-changed': { action: 'review-cart', text: 'Проверьте корзину: цены обновлены' },
  'online-payment-disabled': { action: 'change-payment', text: 'Выберите оплату наличными или картой курьеру' },
  'courier-card-self': { action: 'change-payment', text: 'Выберите другой способ оплаты' },
  'change-too-small': { action: 'fix-form', text: 'Укажите сумму не меньше суммы заказа' },
  'consent-required': { action: 'fix-form', text: 'Отметьте согласие на обработку персональных данных' },
  'sign-in-required': { action: 'sign-in', text: 'Войдите по номеру телефона' },
};

export function refusal(
  code: RefusalCode,
  message: string,
  extra: { actionText?: string; missingSum?: number; productIds?: string[] } = {},
): CheckoutRefusal {
  const base = ACTIONS[code];
  return {
    code,
    message,
    action: base.action,
    actionText: extra.actionText ?? base.text,
    missingSum: extra.missingSum ?? null,
    productIds: extra.productIds ?? [],
  };
}

/** The 422 POST /order answers for a refusal. */
export function refusalError(r: CheckoutRefusal): HttpError {
  return unprocessable(r.message, r.code);
}

/** 'Добавьте товаров ещё на 150 ₽'. */
export function missingSumText(missing: number): string {
  return `Добавьте товаров ещё на ${formatPrice(missing)}`;
}
