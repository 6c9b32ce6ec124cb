// Date filters of admin lists: 'YYYY-MM-DD' is a calendar day in a time zone, anything else an
// ISO instant (already checked by the contract). The wall-clock reading is the working hours' own.
import { addDaysToYmd, localDateTimeToIso } from '../../../src/domain/workingHours.js';

/** The chain's time zone for lists not tied to one city (orders without a city, the audit log). */
export const DEFAULT_TIME_ZONE = 'Asia/Irkutsk';

/**
 * The first instant of `day` ('YYYY-MM-DD') in `timeZone`: its midnight, or where the clocks skip
 * midnight (a DST change at 00:00), the moment they jump over it.
 */
export function startOfDay(day: string, timeZone: string): Date {
  return new Date(localDateTimeToIso(day, '00:00', timeZone));
}

/** A filter bound: a day's start ('start') or the next day's start ('end'), or the instant itself. */
export function dayOrInstant(value: string, timeZone: string, edge: 'start' | 'end'): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return startOfDay(edge === 'start' ? value : addDaysToYmd(value, 1), timeZone);
  return new Date(value);
}
