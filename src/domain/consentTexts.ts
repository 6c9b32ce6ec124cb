// The cookie and web analytics banner's texts (docs/ANALYTICS.md; 152-ФЗ: what is collected, what
// for, by whom, how to withdraw). A module apart from siteTexts.ts: only the banner's lazily loaded
// chunk imports it, so the first load does not carry it; the footer's link text is in siteTexts.ts.

/** The counters named in the banner, in the accusative case («подключаем …»). */
export const COUNTER_NAMES = { metrika: 'Яндекс Метрику', ga4: 'Google Analytics' } as const;
/** Who receives the data, besides the site's owner. */
export const COUNTER_OPERATORS = { metrika: 'ООО «Яндекс»', ga4: 'Google LLC' } as const;

export const CONSENT_TEXTS = {
  title: 'Файлы cookie и веб-аналитика',
  /** Always true: the site's own cookies and storage keep the city, the cart and the sign-in. */
  necessary: 'Сайт сохраняет файлы cookie, чтобы помнить выбранный город, корзину и вход в личный кабинет.',
  /** «С вашего согласия мы также подключаем {counters}.» */
  counters: (names: string) => `С вашего согласия мы также подключаем ${names}.`,
  collected:
    'Эти сервисы получают сведения о посещении: адреса просмотренных страниц, действия с корзиной и заказами, ' +
    'тип устройства и браузера, IP-адрес и идентификаторы в файлах cookie.',
  purpose: 'Данные нужны, чтобы понимать, как пользуются сайтом, и делать его удобнее.',
  /** «Их обрабатывают владелец сайта, а также {operators}.» */
  operators: (names: string) => `Их обрабатывают владелец сайта, а также ${names}.`,
  withdraw: 'Решение можно изменить в любой момент по ссылке «Настройки cookie» внизу страницы.',
  more: 'Подробнее — в разделе',
  legal: 'Правовая информация',
  accept: 'Принять',
  refuse: 'Отказаться',
  close: 'Закрыть',
  granted: 'Сейчас веб-аналитика разрешена.',
  refused: 'Сейчас веб-аналитика отключена.',
} as const;
