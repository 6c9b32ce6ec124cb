// The API's own refusals (framework, parser, unknown route), in a module of their own: the
// first load's catalogue decider needs one of them, and messages.ts is every ordering text.
/** Refusals of the API itself, before any area's rules. */
export const API_MESSAGES = {
  methodNotFound: 'Метод API не найден',
  idempotencyKeyInvalid: 'Некорректный ключ идемпотентности',
  badRequest: 'Некорректный запрос',
  requestTimeout: 'Запрос не получен вовремя. Повторите его',
  headersTooLarge: 'Слишком большой запрос: заголовки или адрес запроса слишком длинные',
  badUrl: 'Некорректный адрес запроса',
  urlTooLong: 'Слишком длинный адрес запроса',
  payloadTooLarge: 'Слишком большой запрос',
  unsupportedMediaType: 'Неподдерживаемый формат запроса: ожидается JSON',
  invalidJson: 'Некорректный JSON в теле запроса',
  emptyJsonBody: 'Пустое тело запроса при Content-Type: application/json',
  internal: 'Ошибка сервера. Попробуйте позже',
  imageNotFound: 'Изображение не найдено',
} as const;
