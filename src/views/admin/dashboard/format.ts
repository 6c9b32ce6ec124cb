// Intl formatting of the dashboard: shares, minutes, orders with their plural, day and weekday
// names. Days come as 'YYYY-MM-DD' of the city's time zone, so they are formatted as UTC dates.
const percent = new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 1 });
const minutes = new Intl.NumberFormat('ru-RU', { style: 'unit', unit: 'minute', unitDisplay: 'short' });
const count = new Intl.NumberFormat('ru-RU');
const dayLabel = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const weekdayLabel = new Intl.DateTimeFormat('ru-RU', { weekday: 'short', timeZone: 'UTC' });
const plural = new Intl.PluralRules('ru-RU');

export const formatPercent = (part: number, whole: number): string =>
  whole === 0 ? '—' : percent.format(part / whole);
export const formatMinutes = (value: number | null): string => (value === null ? '—' : minutes.format(value));
export const formatCount = (value: number): string => count.format(value);

const ORDER_WORDS: Record<Intl.LDMLPluralRule, string> = {
  zero: 'заказов',
  one: 'заказ',
  two: 'заказа',
  few: 'заказа',
  many: 'заказов',
  other: 'заказа',
};

/** '1 заказ', '3 заказа', '5 заказов'. */
export function formatOrders(n: number): string {
  return `${count.format(n)} ${ORDER_WORDS[plural.select(n)]}`;
}

/** '20 нояб.' of 'YYYY-MM-DD'. */
export function formatDay(day: string): string {
  return dayLabel.format(new Date(`${day}T00:00:00Z`));
}

/** Short weekday names, Monday first (2024-01-01 was a Monday). */
export const WEEKDAYS: readonly string[] = Array.from({ length: 7 }, (_, i) =>
  weekdayLabel.format(new Date(Date.UTC(2024, 0, 1 + i))),
);

/** The period as the city sees it: '20 нояб. — 26 нояб.' (to is exclusive: its previous day). */
export function formatPeriod(days: readonly { day: string }[]): string {
  const first = days[0]?.day;
  const last = days[days.length - 1]?.day;
  if (first === undefined || last === undefined) return '';
  return first === last ? formatDay(first) : `${formatDay(first)} — ${formatDay(last)}`;
}
