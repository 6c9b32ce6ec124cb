// The storefront's texts the first load needs (the closed and not-working notices, a product gone
// from the menu): a module apart, since a module the first load imports comes whole with it, and
// messages.ts (which re-exports these) holds every refusal of ordering.

/** Outside working hours; shown by the modal that closes ordering. */
export const CLOSED_TEXT = 'Сейчас нерабочее время, приносим свои извинения.';

/** PRODUCT.md §8 not-working text when the setting TEXT_SITE_NOT_WORKING is empty. */
export const DEFAULT_SITE_NOT_WORKING_TEXT =
  'По техническим причинам прием заказов временно невозможен приносим свои извинения';

/** A product or modifier the order (or a repeated order, PRODUCT.md §8) names that the menu no longer has. */
export const ITEM_MESSAGES = {
  productGone: 'Блюдо в данный момент отсутствует на сайте. Попробуйте добавить блюдо из каталога',
  modifierGone: 'Модификатор для блюда в данный момент отсутствует на сайте. Попробуйте добавить блюдо из каталога',
} as const;
export type ItemMessageKey = keyof typeof ITEM_MESSAGES;

/** The chain's name: the logo, the footer, titles, og:site_name, the feed's shop (docs/SEO.md). */
export const SITE_NAME = 'Ролл и Пицца';

/** The footer's link that opens the cookie and web analytics banner again (docs/ANALYTICS.md). */
export const CONSENT_SETTINGS_LINK = 'Настройки cookie';
