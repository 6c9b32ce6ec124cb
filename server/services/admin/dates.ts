// Date filters of admin lists: 'YYYY-MM-DD' is a calendar day in a time zone, anything else an
// ISO instant (already checked by the contract).

/** The chain's time zone for lists not tied to one city (orders without a city, the audit log). */
export const DEFAULT_TIME_ZONE = 'Asia/Irkutsk';

/** Offset of `timeZone` from UTC at `at`, in minutes (Irkutsk: +480). */
function offsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? '0');
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** Midnight starting `day` ('YYYY-MM-DD') in `timeZone`, as an instant. */
export function startOfDay(day: string, timeZone: string): Date {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const guess = new Date(Date.UTC(y, m - 1, d));
  const offset = offsetMinutes(guess, timeZone);
  const first = new Date(guess.getTime() - offset * 60_000);
  // a DST change between the guess and the real midnight moves the offset: correct once
  const again = offsetMinutes(first, timeZone);
  return again === offset ? first : new Date(guess.getTime() - again * 60_000);
}

/** A filter bound: a day's start ('start') or the next day's start ('end'), or the instant itself. */
export function dayOrInstant(value: string, timeZone: string, edge: 'start' | 'end'): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = startOfDay(value, timeZone);
    if (edge === 'start') return start;
    const [y = 0, m = 1, d = 1] = value.split('-').map(Number);
    const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    return startOfDay(next, timeZone);
  }
  return new Date(value);
}
