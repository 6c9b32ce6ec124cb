// Working hours as the checkout shows them: today's hours of a restaurant and when ordering opens.
import type { WeekHours } from '../../../src/api/entities.js';
import { nextOpening } from '../../../src/domain/workingHours.js';

/** 'сегодня 10:00–02:00' or 'сегодня закрыто'. */
export function dayText(hours: WeekHours, now: string, timeZone: string): string {
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(Date.parse(now));
  const index = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(weekday);
  const day = hours[index];
  if (!day || day.open === day.close) return 'сегодня закрыто';
  return `сегодня ${day.open}–${day.close}`;
}

const clockFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** 'Приём заказов начнётся в 10:00' / '… завтра в 10:00' / '… в понедельник, 23 ноября, в 10:00'. */
export function reopenText(hours: WeekHours, now: string, timeZone: string): string {
  const next = nextOpening(hours, now, timeZone);
  if (next === null) return 'Оформите заказ в часы работы';
  const day = (iso: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      Date.parse(iso),
    );
  const time = clockFormat(timeZone).format(Date.parse(next));
  const today = day(now);
  const tomorrow = day(new Date(Date.parse(now) + 86_400_000).toISOString());
  if (day(next) === today) return `Приём заказов начнётся в ${time}`;
  if (day(next) === tomorrow) return `Приём заказов начнётся завтра в ${time}`;
  const date = new Intl.DateTimeFormat('ru-RU', { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(
    Date.parse(next),
  );
  return `Приём заказов начнётся: ${date}, в ${time}`;
}
