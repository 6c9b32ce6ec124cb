// The settings rows of the demo chain (PRODUCT.md §3 Settings). WORK_TIME, DELIVERY_TERMINALS,
// CITY_ZONES and SETTINGS_VERSION are not stored here: GET /setting assembles them from the
// restaurants, delivery_zones and content_versions tables (one source of truth).
import type { SettingType, SettingWidget } from '../db/schema/catalog.js';
import { CITY, CITY_IIKO, GROUP, PRODUCT } from './ids.js';

export interface SeedSetting {
  name: string;
  title: string;
  type: SettingType;
  widget: SettingWidget;
  description: string;
  value: unknown;
}

export const STORIES = [
  { id: 'story-new-rolls', title: 'Новые роллы', imageUrl: '/img/stories/story-new-rolls.svg', link: '/catalog/rolls' },
  { id: 'story-fries-gift', title: 'Фри в подарок', imageUrl: '/img/stories/story-fries-gift.svg', link: '/promo' },
  { id: 'story-pizza-35', title: 'Пицца 35 см', imageUrl: '/img/stories/story-pizza-35.svg', link: '/catalog/pizza' },
  { id: 'story-bonuses', title: 'Бонусы 5 %', imageUrl: '/img/stories/story-bonuses.svg', link: '/rule' },
  {
    id: 'story-masterclass',
    title: 'Мастер-класс',
    imageUrl: '/img/stories/story-masterclass.svg',
    link: '/masterclass',
  },
];

export const SLIDES = [
  {
    id: 'slide-snack-gift',
    title: 'При заказе 3х любых закусок - картофель фри в подарок',
    imageUrl: '/img/slides/slide-snack-gift.svg',
    link: '/catalog/snacks',
  },
  {
    id: 'slide-free-delivery',
    title: 'Бесплатная доставка от 1 500 ₽',
    imageUrl: '/img/slides/slide-free-delivery.svg',
    link: '/delivery',
  },
  {
    id: 'slide-sets',
    title: 'Сеты для компании со скидкой',
    imageUrl: '/img/slides/slide-sets.svg',
    link: '/catalog/sets',
  },
  {
    id: 'slide-night',
    title: 'В пятницу и субботу работаем до 02:00',
    imageUrl: '/img/slides/slide-night.svg',
    link: null,
  },
];

const setting = (
  name: string,
  title: string,
  type: SettingType,
  widget: SettingWidget,
  description: string,
  value: unknown,
): SeedSetting => ({
  name,
  title,
  type,
  widget,
  description,
  value,
});

export const SETTINGS: SeedSetting[] = [
  setting(
    'IS_SITE_NOT_WORKING',
    'Сайт не принимает заказы',
    'boolean',
    'switch',
    'Включите, чтобы временно остановить приём заказов на сайте.',
    false,
  ),
  setting(
    'TEXT_SITE_NOT_WORKING',
    'Текст при остановке приёма заказов',
    'string',
    'textarea',
    'Показывается в окне «сайт не работает». Пусто — текст по умолчанию.',
    'По техническим причинам прием заказов временно невозможен приносим свои извинения',
  ),
  setting(
    'STORE_VERSION',
    'Версия хранилища клиента',
    'string',
    'text',
    'Смена значения сбрасывает сохранённые у посетителей корзину, пользователя и адрес и перезагружает страницу.',
    '1',
  ),
  setting(
    'MOBILE_APP_VERSION',
    'Версия мобильного приложения',
    'string',
    'text',
    'Если отличается от 1, клиент отмечает, что нужно обновление.',
    '1',
  ),
  setting(
    'CITIES_DATA',
    'Данные городов',
    'json',
    'json',
    'По iikoId города: товар доставки, порог бесплатной доставки, товар бесплатной доставки, сервисный сбор, скрытие промокода.',
    {
      [CITY_IIKO.angarsk]: {
        deliveryId: PRODUCT.deliveryAngarsk,
        freeDeliveryFrom: 1500,
        freeDeliveryId: PRODUCT.freeDelivery,
        serviceFeeId: PRODUCT.serviceFee,
        isPromocodeHide: false,
      },
      [CITY_IIKO.shelekhov]: {
        deliveryId: PRODUCT.deliveryShelekhov,
        freeDeliveryFrom: 1500,
        freeDeliveryId: PRODUCT.freeDelivery,
        serviceFeeId: null,
        isPromocodeHide: true,
      },
      [CITY_IIKO.irkutsk]: {
        deliveryId: PRODUCT.deliveryIrkutsk,
        freeDeliveryFrom: 2000,
        freeDeliveryId: PRODUCT.freeDelivery,
        serviceFeeId: PRODUCT.serviceFee,
        isPromocodeHide: false,
      },
    },
  ),
  setting('CATALOG_MENU', 'Меню каталога', 'json', 'json', 'Разделы в меню каталога, по порядку.', [
    { groupId: GROUP.rolls, title: 'Роллы' },
    { groupId: GROUP.bakedRolls, title: 'Запечённые роллы' },
    { groupId: GROUP.sets, title: 'Сеты' },
    { groupId: GROUP.pizza, title: 'Пицца' },
    { groupId: GROUP.snacks, title: 'Закуски' },
    { groupId: GROUP.drinks, title: 'Напитки' },
    { groupId: GROUP.sauces, title: 'Соусы' },
    { groupId: GROUP.desserts, title: 'Десерты' },
  ]),
  setting('STORIES', 'Истории', 'json', 'json', 'Истории на главной странице.', STORIES),
  setting('SLIDES', 'Слайды', 'json', 'json', 'Слайдер на главной странице.', SLIDES),
  setting('PHONES', 'Телефоны', 'json', 'json', 'Телефон службы доставки и телефоны ресторанов.', {
    deliveryService: '+7 (3955) 50-50-50',
    restaurants: [
      '+7 (3955) 61-10-10',
      '+7 (3955) 61-20-20',
      '+7 (39550) 4-40-40',
      '+7 (39550) 4-50-50',
      '+7 (3952) 70-10-10',
      '+7 (3952) 70-20-20',
      '+7 (3952) 70-30-30',
    ],
  }),
  setting(
    'GIFT_IDS',
    'Подарки',
    'json',
    'json',
    'Товары-подарки: SNACK — картофель фри за 3 закуски, PIZZA — пицца в подарок.',
    { SNACK: PRODUCT.fries, PIZZA: PRODUCT.giftPizza },
  ),
  setting(
    'SECTION_ID_ADD_TO_ORDER',
    'Раздел «Добавить к заказу»',
    'string',
    'text',
    'Группа товаров, предлагаемых в корзине.',
    GROUP.addToOrder,
  ),
  setting(
    'SECTION_ID_ADDITIONALLY',
    'Раздел «Дополнительно»',
    'string',
    'text',
    'Группа дополнительных товаров в корзине.',
    GROUP.additionally,
  ),
  setting('PIZZAS_GROUP_ID', 'Группа пицц', 'string', 'text', 'Группа каталога с пиццами.', GROUP.pizza),
  setting(
    'SNACKS_GROUP_ID',
    'Группа закусок',
    'string',
    'text',
    'Группа закусок для акции «картофель фри в подарок».',
    GROUP.snacks,
  ),
  setting(
    'CUSTOM_ADD_TO_CART_GROUPS_ID',
    'Группы с добавлением в корзину без карточки',
    'json',
    'json',
    'Товары этих групп добавляются в корзину сразу, без карточки товара.',
    [GROUP.sauces, GROUP.addToOrder, GROUP.additionally],
  ),
  setting(
    'ANGARSK_ID',
    'Город по умолчанию (Ангарск)',
    'string',
    'text',
    'Id города Ангарск, выбирается по умолчанию.',
    CITY.angarsk,
  ),
  setting('SHELEKHOV_ID', 'Город Шелехов', 'string', 'text', 'Id города Шелехов.', CITY.shelekhov),
  setting(
    'IS_ONLINE_PAYMENT_DISABLE',
    'Отключить онлайн-оплату',
    'json',
    'multi-switch',
    'Отключает оплату картой на сайте для доставки и для самовывоза.',
    { delivery: false, self: false },
  ),
  setting('CAPTCHA_SITE_KEY', 'Ключ сайта капчи', 'string', 'text', 'Публичный ключ невидимой капчи.', ''),
  setting('IS_WITHOUT_RECAPTCHA', 'Без капчи', 'boolean', 'switch', 'Не загружать проверку на бота.', true),
  setting(
    'CHECKOUT_DELIVERY_TEXT',
    'Текст о доставке при оформлении',
    'json',
    'json',
    'Подсказки на странице оформления заказа.',
    {
      delivery: 'Курьер позвонит за 10–15 минут до приезда. Время доставки зависит от загруженности кухни и дорог.',
      self: 'Заказ будет готов к указанному времени. Назовите номер заказа на кассе ресторана.',
    },
  ),
  setting(
    'MAPS_KEY',
    'Ключ карт',
    'string',
    'text',
    'Ключ API сервиса карт и геокодирования. Пусто — встроенный справочник улиц.',
    '',
  ),
  setting(
    'BONUS_SPEND_CAP',
    'Доля заказа, оплачиваемая бонусами',
    'number',
    'text',
    'От 0 до 1: какую часть суммы заказа можно оплатить бонусами.',
    0.3,
  ),
  setting(
    'BONUS_ACCRUAL_PERCENT',
    'Процент начисления бонусов',
    'number',
    'text',
    'Сколько процентов оплаченной суммы начисляется бонусами после закрытия заказа.',
    5,
  ),
  setting(
    'HALF_PIZZA',
    'Пицца из половинок',
    'json',
    'json',
    'Правило цены пиццы из двух половинок одного размера: {"pricing": "dearer" — по более дорогой половине, или "sum" — половина цены каждой (с округлением вверх до рубля); "fee" — доплата в рублях; "sizeGroupId" — id группы модификаторов с размером пиццы}. null — пицца из половинок не продаётся.',
    { pricing: 'dearer', fee: 50, sizeGroupId: GROUP.pizzaSize },
  ),
];
