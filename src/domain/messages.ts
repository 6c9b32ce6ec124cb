// The Russian texts of ordering that the server sends and the client shows, written once: the server
// answers with them (422 `message`, quote refusals, promo loyalty errors) and the client's own
// checks use the same words, so a refusal reads alike whichever side finds it (PRODUCT.md §8).
import type { RefusalAction, RefusalCode } from '../api/contract/checkout';
import type { DeliveryMethod } from '../api/entities';
import { formatPrice } from './price';
import { CLOSED_TEXT } from './siteTexts';

export { CLOSED_TEXT, DEFAULT_SITE_NOT_WORKING_TEXT, ITEM_MESSAGES, type ItemMessageKey } from './siteTexts';

/** The refusals of POST /order and POST /checkout/quote, and the order lookups behind them. */
export const ORDER_MESSAGES = {
  noIdempotencyKey: 'Не указан ключ идемпотентности',
  keyReused: 'Ключ идемпотентности уже использован для другого заказа',
  inProgress: 'Заказ уже оформляется',
  closed: CLOSED_TEXT,
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
  notEnoughBonus: 'Недостаточно бонусов на счёте',
} as const;

/** Moving an order's status (the admin area, couriers and the POS's sync, PRODUCT.md §10). */
export const ORDER_STATUS_MESSAGES = {
  unpaidClose: 'Заказ не оплачен: закрыть его можно после подтверждения оплаты',
} as const;

/** «Нельзя перевести заказ из статуса «принят» (WaitCooking) в «готовится» (CookingStarted)» */
export function illegalStatusMoveMessage(
  from: { status: string; name: string },
  to: { status: string; name: string },
): string {
  return `Нельзя перевести заказ из статуса «${from.name}» (${from.status}) в «${to.name}» (${to.status})`;
}

/** Coupon refusals: loyalty errors of the promo answer, 422 of an order (PRODUCT.md §8). */
export const COUPON_MESSAGES = {
  notFound: 'Купон не найден',
  expired: 'Срок действия купона истёк',
  notYet: 'Купон ещё не действует',
  city: 'Купон не действует в вашем городе',
  selfOnly: 'Купон действует только при самовывозе',
  deliveryOnly: 'Купон действует только при доставке',
  limit: 'Лимит использования купона исчерпан',
} as const;

/** Online payment of an order. */
export const PAYMENT_MESSAGES = {
  notOnline: 'Этот заказ оплачивается при получении',
  noPayment: 'Платёж по заказу не найден',
  orderCancelled: 'Заказ отменён, оплатить его нельзя',
  notSbp: 'Этот заказ оплачивается не через СБП',
  windowOver: 'Время на оплату заказа истекло, заказ отменён. Оформите его заново',
  sbpUnavailable: 'Не удалось получить QR-код для оплаты через СБП. Попробуйте ещё раз через минуту',
  badSignature: 'Неверная подпись уведомления',
  unknownKind: 'Неизвестное уведомление',
} as const;

/** The storefront API's lookups and account limits (404 and 422 `message`). */
export const ACCOUNT_MESSAGES = {
  cityNotFound: ORDER_MESSAGES.cityNotFound,
  pageNotFound: 'Страница не найдена',
  productNotFound: 'Товар не найден',
  addressNotFound: ORDER_MESSAGES.addressNotFound,
} as const;

/** Sign-in by a code in an SMS (POST /auth/code, POST /auth/token). */
export const SIGN_IN_MESSAGES = {
  smsFailed: 'Не удалось отправить SMS. Попробуйте позже',
  codeExpired: 'Срок действия кода истёк. Запросите новый код',
  codeMissing: 'Код не запрошен или уже использован. Запросите новый код',
  codeExhausted: 'Превышено число попыток ввода кода. Запросите новый код',
  wrongCode: 'Неверный код',
  consentRequired: ORDER_MESSAGES.consentRequired,
} as const;

export { API_MESSAGES } from './apiMessages';

/** Readiness refusals (503) for load balancers: no client shows them, so not in the first load's API_MESSAGES. */
export const HEALTH_MESSAGES = {
  draining: 'Сервер останавливается, запрос направлен на другой',
  databaseUnavailable: 'База данных недоступна. Попробуйте позже',
} as const;

/** Web push of order statuses (POST /push/subscribe). */
export const PUSH_MESSAGES = {
  consentRequired: 'Включите push-уведомления в профиле, чтобы получать статус заказа',
  endpointRefused: 'Адрес подписки на уведомления не принят',
  keysRefused: 'Ключи подписки на уведомления не приняты',
} as const;

// ---- texts with parameters ----

/** A status notification's title: 'Заказ №123 готовится'. */
export function orderPushTitle(number: number, statusName: string): string {
  return `Заказ №${number} ${statusName}`;
}

/** A wrong code: how many tries are left, or that there are none. */
export function wrongCodeMessage(left: number): string {
  return left > 0
    ? `${SIGN_IN_MESSAGES.wrongCode}. Осталось попыток: ${left}`
    : `${SIGN_IN_MESSAGES.wrongCode}. ${SIGN_IN_MESSAGES.codeExhausted}`;
}
/** `wait` as the server words a wait ('45 с', '3 мин'). */
export function codeResendWaitMessage(wait: string): string {
  return `Повторная отправка кода возможна через ${wait}`;
}
export function codeIpBudgetMessage(wait: string): string {
  return `Слишком много запросов кода из вашей сети. Попробуйте через ${wait}`;
}
export function settingNotFoundMessage(name: string): string {
  return `Настройка ${name} не найдена`;
}

export function tooManyAddressesMessage(max: number): string {
  return `Можно сохранить не больше ${max} адресов`;
}

/** Why an admin cannot store a setting value (PUT /admin/settings/:name, 422). */
export function settingRefusalMessage(name: string, why: 'derived' | 'from-config' | 'invalid'): string {
  if (why === 'derived') return `Настройка ${name} вычисляется из ресторанов и зон доставки и не редактируется`;
  if (why === 'from-config') return `Настройка ${name} задаётся конфигурацией сервера и не редактируется`;
  return `Недопустимое значение настройки ${name}`;
}

/** A gift the cart holds but the order no longer earns (the promo answer's lostGift). */
export function lostGiftMessage(name: string, earnedBy: { perSnacks: string } | { minSum: number } | null): string {
  if (earnedBy === null) return `Подарок «${name}» больше не положен`;
  return 'perSnacks' in earnedBy
    ? `Подарок «${name}» больше не положен: он полагается за каждые ${earnedBy.perSnacks} в заказе`
    : `Подарок «${name}» больше не положен: он полагается при заказе от ${formatPrice(earnedBy.minSum)}`;
}

export function couponMinSumMessage(code: string, minSum: number): string {
  return `Минимальная сумма заказа для купона ${code} — ${formatPrice(minSum)}`;
}

/** The goods re-priced: the promo answer's loyalty error (with the advice) and the checkout's refusal (without). */
export function goodsPriceChangedMessage(server: number, client: number, advice = true): string {
  const text = `Цены изменились: сумма товаров теперь ${formatPrice(server)} вместо ${formatPrice(client)}`;
  return advice ? `${text}. Проверьте корзину` : text;
}

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
/** A line above the product's maxPerPositionInOrder (PRODUCT.md §9). */
export function maxPerPositionMessage(name: string, max: number): string {
  return `Блюдо «${name}»: не более ${max} в одной позиции заказа`;
}
/** 'Добавьте товаров ещё на 150 ₽'. */
export function missingSumText(missing: number): string {
  return `Добавьте товаров ещё на ${formatPrice(missing)}`;
}

/** What the customer can do about each refusal, as the server words it in the quote and the order. */
export const REFUSAL_ACTIONS: Readonly<Record<RefusalCode, { action: RefusalAction; text: string }>> = {
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
