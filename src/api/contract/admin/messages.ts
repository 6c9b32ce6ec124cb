// Every Russian message the admin server answers with, by area; the admin client shows `message`
// as it is. (The storefront's texts are src/domain/messages.ts.)

/** Russian messages the admin server answers with; the client shows `message` as it is. */
export const ADMIN_MESSAGES = {
  signInRequired: 'Требуется вход в панель управления',
  staffOnly: 'Доступ только для сотрудников',
  adminOnly: 'Действие доступно только администратору',
  roleForbidden: 'Это действие недоступно для вашей роли',
  managerOnly: 'Раздел доступен только менеджеру и администратору',
  badCredentials: 'Неверный логин или пароль',
  inactive: 'Учётная запись отключена',
  loginTaken: 'Сотрудник с таким логином уже есть',
  lastAdmin: 'Нельзя отключить или понизить последнего администратора',
  wrongPassword: 'Текущий пароль указан неверно',
  staffNotFound: 'Сотрудник не найден',
  sessionNotFound: 'Сессия не найдена или уже завершена',
  cancelNeedsReason: 'Для отмены заказа укажите причину (POST /admin/orders/:id/cancel)',
} as const;

/** 'Слишком много неудачных попыток входа. Повторите через N с' */
export function lockoutMessage(seconds: number): string {
  return `Слишком много неудачных попыток входа. Повторите через ${seconds} с`;
}

/** Settings, cities, restaurants, delivery zones and pages. */
export const SETTINGS_MESSAGES = {
  settingNotFound: 'Настройка не найдена',
  storeVersionOwnRoute: 'Версия хранилища меняется только кнопкой сброса (POST /admin/settings/store-version/bump)',
  cityNotFound: 'Город не найден',
  cityTaken: 'Город с таким id, slug или iikoId уже есть',
  badTimeZone: 'Неизвестный часовой пояс',
  restaurantNotFound: 'Ресторан не найден',
  restaurantTaken: 'Ресторан с таким идентификатором уже есть',
  zoneNotFound: 'Зона доставки не найдена',
  zoneTaken: 'Зона с таким идентификатором уже есть',
  ringNotClosed: 'Многоугольник зоны должен быть замкнут: последняя точка равна первой',
  restaurantOfOtherCity: 'Ресторан зоны должен быть в том же городе',
  pageCity: 'Город страницы не найден',
} as const;

export function settingTypeMessage(name: string, type: string): string {
  const what: Record<string, string> = { boolean: 'да/нет', string: 'строка', number: 'число', json: 'JSON' };
  return `Значение настройки ${name} должно быть: ${what[type] ?? type}`;
}

/** Groups, products, the stop list and pictures. */
export const MENU_MESSAGES = {
  groupNotFound: 'Группа не найдена',
  productNotFound: 'Товар не найден',
  restaurantNotFound: 'Ресторан не найден',
  parentNotFound: 'Родительская группа не найдена',
  parentCycle: 'Группа не может быть вложена сама в себя',
  groupNotEmpty: 'В группе есть товары или подгруппы: скройте её или сначала перенесите их',
  idTaken: 'Такой идентификатор уже есть',
  slugTaken: 'Такой адрес (slug) уже занят',
  usedAsModifier: 'Товар предлагается как модификатор других товаров: сначала уберите его оттуда',
  badImage: 'Файл не похож на изображение JPEG, PNG, WebP, AVIF или GIF',
  imageTooBig: 'Изображение больше 6 МБ',
} as const;

export function modifierNotFoundMessage(id: string): string {
  return `Модификатор ${id} не найден в меню`;
}

/** Operators' titles and descriptions of pages (search engines and previews). */
export const SEO_MESSAGES = {
  notStorefrontPath: 'Укажите адрес страницы витрины, например /angarsk/catalog',
} as const;

export function seoTitleTooLongMessage(max: number): string {
  return `Заголовок длиннее ${max} символов`;
}

export function seoDescriptionTooLongMessage(max: number): string {
  return `Описание длиннее ${max} символов`;
}

/** Coupons and gift promotions. */
export const PROMO_MESSAGES = {
  couponNotFound: 'Промокод не найден',
  couponTaken: 'Такой промокод уже есть',
  percentTooBig: 'Скидка в процентах не может быть больше 100',
  datesOrder: 'Дата окончания должна быть позже даты начала',
  unknownCity: 'Неизвестный город в списке городов промокода',
  promotionNotFound: 'Акция не найдена',
} as const;

/** Orders and customers as staff see them. */
export const ADMIN_ORDER_MESSAGES = {
  orderNotFound: 'Заказ не найден',
  courierNotFound: 'Курьер не найден или отключён',
  courierPickupOrder: 'Курьера назначают только на заказ с доставкой',
  courierOrderFinished: 'Заказ уже доставлен, закрыт или отменён: курьера не поменять',
  phoneFilter: 'Укажите номер телефона или не меньше 4 его цифр',
} as const;

export function unknownStatusMessage(status: string): string {
  return `Неизвестный статус заказа: ${status}`;
}

export const CUSTOMER_NOT_FOUND = 'Покупатель не найден';

/** Refunds of cancelled orders. */
export const REFUND_MESSAGES = {
  notCancelled: 'Вернуть деньги можно только по отменённому заказу',
  alreadyDone: 'Деньги по заказу уже возвращены',
  notNeeded: 'Заказ не был оплачен онлайн: возвращать нечего',
  failed: 'Не удалось вернуть деньги',
} as const;

/** Advertising campaigns. */
export const CAMPAIGN_MESSAGES = {
  notFound: 'Рассылка не найдена',
  finished: 'Рассылка уже завершена',
  noRecipients: 'Под эти условия не подходит ни один клиент, согласный получать рекламу',
  dateRange: 'Дата «с» позже даты «по»',
  ordersRange: 'Минимальное число заказов больше максимального',
  cityNotFound: 'Город не найден',
  pushTooLong: 'Push-уведомление не длиннее 300 символов вместе со строкой об отказе: сократите текст',
} as const;

/** The dashboard and the CSV exports. */
export const DASHBOARD_MESSAGES = {
  customNeedsDays: 'Укажите первый и последний день периода',
  daysOrder: 'Первый день периода позже последнего',
  tooLong: 'Период не может быть длиннее 366 дней',
  cityNotFound: 'Город не найден',
  restaurantNotFound: 'Ресторан не найден',
} as const;

/** Editing an order before cooking starts (docs/ORDER-EDITING.md). */
export const ORDER_EDIT_MESSAGES = {
  notEditable: 'Заказ уже готовится или завершён: изменить его нельзя',
  stale: 'Заказ изменился, обновите страницу',
  handedToPos: 'Заказ уже передан на кухню (iiko): измените его в iiko или позвоните в ресторан',
  awaitingPayment: 'Заказ ждёт онлайн-оплаты: изменить его можно после оплаты',
  onlineSwitch: 'Способ оплаты онлайн нельзя поменять на другой при изменении заказа, и наоборот',
  inProgress: 'Это изменение заказа уже выполняется',
  keyReused: 'Ключ изменения уже использован для другого заказа',
} as const;
