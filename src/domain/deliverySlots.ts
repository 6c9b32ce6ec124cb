// Delivery and pickup time slots, shared by the server and the client's time modal.
// See docs/CHECKOUT.md «Time slots».
import type { DeliveryMethod, WeekHours } from '../api/entities';
import {
  addDaysToYmd,
  dayWindow,
  isOpenAt,
  localDateInZone,
  minutesOfDayInZone,
  openWindows,
  toEpochMs,
  type Instant,
} from './workingHours';

export const SLOT_MINUTES = 30;
/** Slots are offered today and on the next 7 days. */
export const SLOT_DAYS_AHEAD = 7;

const MS_PER_MINUTE = 60_000;

export interface Slot {
  /** ISO instant (UTC). */
  start: string;
  end: string;
  /** 'HH:MM–HH:MM' on the city's wall clock. */
  label: string;
}

export interface SlotDay {
  /** Local date 'YYYY-MM-DD'. */
  date: string;
  /** 'Сегодня', 'Завтра' or 'понедельник, 23 ноября'. */
  title: string;
  slots: Slot[];
}

export interface SlotsInput {
  hours: WeekHours;
  timeZone: string;
  now: Instant;
  /** Minutes from ordering to the earliest slot start (see leadMinutes). */
  leadMinutes: number;
  /** Days after today (default SLOT_DAYS_AHEAD). */
  daysAhead?: number;
  slotMinutes?: number;
}

/**
 * The lead time: the zone's delivery minutes (which include cooking) for delivery, the
 * restaurant's cooking minutes for pickup; never negative, whole minutes rounded up.
 */
export function leadMinutes(
  method: DeliveryMethod,
  times: { zoneDeliveryMinutes: number | null; cookingMinutes: number | null },
): number {
  const minutes =
    method === 'delivery' ? (times.zoneDeliveryMinutes ?? times.cookingMinutes ?? 0) : (times.cookingMinutes ?? 0);
  return Math.max(0, Math.ceil(minutes));
}

/** The first instant ≥ `ms` on the zone's wall-clock grid of `slotMinutes` (seconds rounded up first). */
export function roundUpToSlot(ms: number, timeZone: string, slotMinutes = SLOT_MINUTES): number {
  const minute = Math.ceil(ms / MS_PER_MINUTE) * MS_PER_MINUTE;
  const ofDay = minutesOfDayInZone(minute, timeZone);
  const add = (slotMinutes - (ofDay % slotMinutes)) % slotMinutes;
  return minute + add * MS_PER_MINUTE;
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();
function clockText(ms: number, timeZone: string): string {
  let f = clockFormatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('ru-RU', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormatters.set(timeZone, f);
  }
  return f.format(ms);
}

const dayTitleFormat = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/** 'Сегодня', 'Завтра', or the weekday and date ('понедельник, 23 ноября'). */
export function slotDayTitle(dateYmd: string, todayYmd: string): string {
  if (dateYmd === todayYmd) return 'Сегодня';
  if (dateYmd === addDaysToYmd(todayYmd, 1)) return 'Завтра';
  return dayTitleFormat.format(Date.parse(`${dateYmd}T00:00:00Z`));
}

/** Milliseconds the zone's wall clock is ahead of UTC at `ms` (whole minutes). */
function offsetAt(ms: number, timeZone: string): number {
  const minute = Math.floor(ms / MS_PER_MINUTE) * MS_PER_MINUTE;
  const wall =
    Date.parse(`${localDateInZone(minute, timeZone)}T00:00:00Z`) + minutesOfDayInZone(minute, timeZone) * MS_PER_MINUTE;
  return wall - minute;
}

const MS_PER_DAY = 86_400_000;

/** The open windows as epoch ms, from `fromYmd` on, with one fixed UTC offset (no DST inside the range). */
function windowsWithOffset(
  hours: WeekHours,
  fromYmd: string,
  days: number,
  offset: number,
): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const first = Date.parse(`${fromYmd}T00:00:00Z`);
  for (let i = 0; i < days; i++) {
    const midnight = first + i * MS_PER_DAY;
    const window = dayWindow(hours[new Date(midnight).getUTCDay()]);
    if (window === null) continue;
    out.push({
      start: midnight + window.start * MS_PER_MINUTE - offset,
      end: midnight + window.end * MS_PER_MINUTE - offset,
    });
  }
  return out;
}

/** Every slot, grouped by the local date it starts on; days without a slot are left out. */
export function deliverySlots(input: SlotsInput): SlotDay[] {
  const slotMinutes = input.slotMinutes ?? SLOT_MINUTES;
  const slotMs = slotMinutes * MS_PER_MINUTE;
  const daysAhead = input.daysAhead ?? SLOT_DAYS_AHEAD;
  const nowMs = toEpochMs(input.now);
  const leadMs = Math.max(0, input.leadMinutes) * MS_PER_MINUTE;
  const { timeZone } = input;
  const today = localDateInZone(nowMs, timeZone);
  const lastDay = addDaysToYmd(today, daysAhead);
  const fromYmd = addDaysToYmd(today, -1); // yesterday's overnight window may still run today
  const windowDays = daysAhead + 2;
  // Intl is slow: with one UTC offset over the whole range (no DST switch in it, always so for
  // the chain's Russian cities) everything is wall-clock arithmetic; otherwise Intl per value.
  const offset = offsetAt(nowMs, timeZone);
  const uniform =
    offset === offsetAt(Date.parse(`${addDaysToYmd(fromYmd, windowDays + 1)}T00:00:00Z`), timeZone) &&
    offset === offsetAt(Date.parse(`${fromYmd}T00:00:00Z`), timeZone);
  const windows = uniform
    ? windowsWithOffset(input.hours, fromYmd, windowDays, offset)
    : openWindows(input.hours, fromYmd, windowDays, timeZone).map((w) => ({
        start: Date.parse(w.start),
        end: Date.parse(w.end),
      }));
  const starts = new Set<number>(); // windows may overlap: a slot once
  for (const window of windows) {
    if (window.end <= nowMs) continue;
    const from = Math.max(window.start, nowMs) + leadMs;
    let start: number;
    if (uniform) {
      const minute = Math.ceil(from / MS_PER_MINUTE) * MS_PER_MINUTE;
      const ofDay = Math.floor(((((minute + offset) % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY) / MS_PER_MINUTE);
      start = minute + ((slotMinutes - (ofDay % slotMinutes)) % slotMinutes) * MS_PER_MINUTE;
    } else {
      start = roundUpToSlot(from, timeZone, slotMinutes);
    }
    for (; start + slotMs <= window.end; start += slotMs) starts.add(start);
  }
  const wall = (ms: number) => new Date(ms + offset).toISOString();
  const byDate = new Map<string, Slot[]>();
  for (const start of [...starts].sort((a, b) => a - b)) {
    const end = start + slotMs;
    const date = uniform ? wall(start).slice(0, 10) : localDateInZone(start, timeZone);
    if (date < today || date > lastDay) continue;
    const label = uniform
      ? `${wall(start).slice(11, 16)}–${wall(end).slice(11, 16)}`
      : `${clockText(start, timeZone)}–${clockText(end, timeZone)}`;
    const slot: Slot = { start: new Date(start).toISOString(), end: new Date(end).toISOString(), label };
    const list = byDate.get(date);
    if (list) list.push(slot);
    else byDate.set(date, [slot]);
  }
  return [...byDate.entries()].map(([date, slots]) => ({ date, title: slotDayTitle(date, today), slots }));
}

export interface AsapInfo {
  available: boolean;
  /** now + lead time, when available. */
  estimate: string | null;
}

/** 'Как можно скорее' is available while the restaurant is open. */
export function asapInfo(input: Pick<SlotsInput, 'hours' | 'timeZone' | 'now' | 'leadMinutes'>): AsapInfo {
  const nowMs = toEpochMs(input.now);
  if (!isOpenAt(input.hours, nowMs, input.timeZone)) return { available: false, estimate: null };
  return { available: true, estimate: new Date(nowMs + Math.max(0, input.leadMinutes) * MS_PER_MINUTE).toISOString() };
}

/**
 * past: before now; too-soon: inside the lead time; too-far: after the last offered day;
 * not-a-slot: while open, but not a slot start (off the grid, or before opening + lead time);
 * closed: outside the working hours.
 */
export type SlotCheck =
  | { ok: true }
  | { ok: false; reason: 'past' | 'too-soon' | 'too-far' | 'not-a-slot' | 'closed'; firstSlot: Slot | null };

/**
 * Whether `startIso` is the start of an offered slot at `now`. `graceMinutes` keeps a slot the
 * customer picked a few minutes ago acceptable although the list has moved on since.
 */
export function checkSlot(input: SlotsInput & { graceMinutes?: number }, startIso: Instant): SlotCheck {
  const nowMs = toEpochMs(input.now);
  const at = toEpochMs(startIso);
  const offered = (list: SlotDay[]) => list.some((d) => d.slots.some((s) => Date.parse(s.start) === at));
  const grace = Math.max(0, input.graceMinutes ?? 0) * MS_PER_MINUTE;
  if (at >= nowMs && grace > 0 && offered(deliverySlots({ ...input, now: nowMs - grace }))) return { ok: true };
  const current = deliverySlots(input);
  if (at >= nowMs && offered(current)) return { ok: true };
  const firstSlot = current[0]?.slots[0] ?? null;
  if (at < nowMs) return { ok: false, reason: 'past', firstSlot };
  const daysAhead = input.daysAhead ?? SLOT_DAYS_AHEAD;
  if (localDateInZone(at, input.timeZone) > addDaysToYmd(localDateInZone(nowMs, input.timeZone), daysAhead))
    return { ok: false, reason: 'too-far', firstSlot };
  if (!isOpenAt(input.hours, at, input.timeZone)) return { ok: false, reason: 'closed', firstSlot };
  if (firstSlot === null || at < Date.parse(firstSlot.start)) return { ok: false, reason: 'too-soon', firstSlot };
  return { ok: false, reason: 'not-a-slot', firstSlot };
}
