// Working hours of PRODUCT.md §5, evaluated on the wall clock of the city's IANA time zone.
// The old storefront hard-coded one zone; here the zone is always a parameter and the machine's
// own zone is never consulted (no Date getters other than the UTC ones).
import type { WeekHours, WorkDay } from '../api/entities';

/** An instant: an ISO 8601 string with 'Z' or an offset, or epoch milliseconds. */
export type Instant = string | number;

export interface TimeWindow {
  /** ISO instant (UTC), inclusive. */
  start: string;
  /** ISO instant (UTC), exclusive. */
  end: string;
}

const MINUTES_PER_DAY = 24 * 60;
const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

// A string without an offset would be parsed in the machine's zone, which is exactly the bug to avoid.
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

export function toEpochMs(instant: Instant): number {
  const ms = typeof instant === 'number' ? instant : ISO_WITH_OFFSET.test(instant) ? Date.parse(instant) : NaN;
  if (!Number.isFinite(ms)) throw new RangeError(`Not an instant with a time zone offset: ${String(instant)}`);
  return ms;
}

// Building a DateTimeFormat is costly; one per zone is enough and holds no state.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function readWallClock(ms: number, timeZone: string): WallClock {
  const wall: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type in wall) wall[part.type as keyof WallClock] = Number(part.value);
  }
  return wall;
}

// formatToParts is most of a reading's cost, and an order reads the same instants many times
// (now for each restaurant, the day's window edges), so recent readings are kept per zone. The
// reading shows whole seconds, so it depends on the second alone: exact across DST and offsets.
const WALL_CLOCKS_KEPT = 512;
const wallClocks = new Map<string, Map<number, Readonly<WallClock>>>();

function wallClock(ms: number, timeZone: string): Readonly<WallClock> {
  const second = Math.floor(ms / 1000);
  const known = wallClocks.get(timeZone)?.get(second);
  if (known !== undefined) return known;
  const wall = Object.freeze(readWallClock(ms, timeZone));
  const zone = wallClocks.get(timeZone) ?? new Map<number, Readonly<WallClock>>();
  if (zone.size >= WALL_CLOCKS_KEPT) zone.clear();
  zone.set(second, wall);
  wallClocks.set(timeZone, zone);
  return wall;
}

/** Milliseconds the zone's wall clock is ahead of UTC at the instant `ms`. */
function offsetMs(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wallAsUtc - Math.floor(ms / 1000) * 1000;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const ymdOfUtc = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function parseYmd(dateYmd: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateYmd);
  if (m === null) throw new RangeError(`Not a YYYY-MM-DD date: ${dateYmd}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** 'HH:MM' → minutes since midnight. */
export function parseClockTime(hhmm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (m === null) throw new RangeError(`Not an HH:MM time: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Minutes since local midnight in the zone (0–1439), seconds dropped. */
export function minutesOfDayInZone(now: Instant, timeZone: string): number {
  const w = wallClock(toEpochMs(now), timeZone);
  return w.hour * 60 + w.minute;
}

/** Local weekday in the zone, 0 = Sunday (the index into WeekHours). */
export function weekdayInZone(now: Instant, timeZone: string): number {
  return new Date(parseYmd(localDateInZone(now, timeZone))).getUTCDay();
}

/** Local calendar date in the zone, 'YYYY-MM-DD'. */
export function localDateInZone(now: Instant, timeZone: string): string {
  const w = wallClock(toEpochMs(now), timeZone);
  return `${String(w.year).padStart(4, '0')}-${pad2(w.month)}-${pad2(w.day)}`;
}

/** Local wall-clock date and time in the zone, 'YYYY-MM-DD HH:mm:ss', without an offset. */
export function localDateTimeInZone(now: Instant, timeZone: string): string {
  const w = wallClock(toEpochMs(now), timeZone);
  return `${localDateInZone(now, timeZone)} ${pad2(w.hour)}:${pad2(w.minute)}:${pad2(w.second)}`;
}

export function addDaysToYmd(dateYmd: string, days: number): string {
  return ymdOfUtc(parseYmd(dateYmd) + days * MS_PER_DAY);
}

/**
 * The UTC instant of a wall time in the zone, as an ISO string.
 * Around DST changes it behaves like Temporal's 'compatible': a wall time skipped by a spring-forward
 * gap is read with the offset before the gap (so it lands after it), and a wall time that occurs
 * twice takes the earlier occurrence.
 */
export function localDateTimeToIso(dateYmd: string, hhmm: string, timeZone: string): string {
  const wallAsUtc = parseYmd(dateYmd) + parseClockTime(hhmm) * MS_PER_MINUTE;
  const before = offsetMs(wallAsUtc - MS_PER_DAY, timeZone);
  const after = offsetMs(wallAsUtc + MS_PER_DAY, timeZone);
  const fits = (offset: number): boolean => offsetMs(wallAsUtc - offset, timeZone) === offset;
  const candidates = [before, after].filter(fits).map((offset) => wallAsUtc - offset);
  const ms = candidates.length > 0 ? Math.min(...candidates) : wallAsUtc - before;
  return new Date(ms).toISOString();
}

/**
 * The first instant at which the zone's wall clock reads `hhmm` on `dateYmd` or later: a window
 * edge as isOpenAt compares it. Equal to localDateTimeToIso except for a wall time skipped by a
 * spring-forward gap, which has no instant of its own: the edge is the moment the clock jumps
 * over it (a window closing at a skipped 02:30 closes when 02:00 becomes 03:00, not at 03:30).
 */
function windowEdge(dateYmd: string, hhmm: string, timeZone: string): string {
  const iso = localDateTimeToIso(dateYmd, hhmm, timeZone);
  const ms = Date.parse(iso);
  const wallAsUtc = parseYmd(dateYmd) + parseClockTime(hhmm) * MS_PER_MINUTE;
  if (ms + offsetMs(ms, timeZone) === wallAsUtc) return iso;
  // In a gap: the jump lies within the gap's length (at most a day) before `ms`; search by minute.
  let low = ms - (ms + offsetMs(ms, timeZone) - wallAsUtc); // reads earlier than hhmm
  let high = ms; // reads later
  while (high - low > MS_PER_MINUTE) {
    const mid = low + Math.floor((high - low) / 2 / MS_PER_MINUTE) * MS_PER_MINUTE;
    if (mid + offsetMs(mid, timeZone) >= wallAsUtc) high = mid;
    else low = mid;
  }
  return new Date(high).toISOString();
}

/** PRODUCT.md §5: a day with equal open and close is closed. */
export function isClosedDay(day: WorkDay): boolean {
  return day.open === day.close;
}

/**
 * A day's window in minutes from that day's local midnight, [start, end), or null when closed.
 * isNextDay puts the close on the next calendar day. A close earlier than the open without the flag
 * can only mean the same thing (an admin forgot the flag), so it is read as overnight rather than
 * silently closing the restaurant for the day.
 */
export function dayWindow(day: WorkDay | undefined): { start: number; end: number } | null {
  if (day === undefined || isClosedDay(day)) return null;
  const start = parseClockTime(day.open);
  const close = parseClockTime(day.close);
  const overnight = day.isNextDay || close < start;
  return { start, end: close + (overnight ? MINUTES_PER_DAY : 0) };
}

/**
 * Whether the city accepts orders at `now`: inside today's window, or inside the previous day's
 * window that runs past midnight (PRODUCT.md §5). Open is inclusive, close exclusive, to the minute.
 */
export function isOpenAt(hours: WeekHours, now: Instant, timeZone: string): boolean {
  const weekday = weekdayInZone(now, timeZone);
  const minute = minutesOfDayInZone(now, timeZone);
  const today = dayWindow(hours[weekday]);
  if (today !== null && minute >= today.start && minute < today.end) return true;
  const yesterday = dayWindow(hours[(weekday + 6) % 7]);
  const minuteFromYesterday = minute + MINUTES_PER_DAY;
  return yesterday !== null && minuteFromYesterday >= yesterday.start && minuteFromYesterday < yesterday.end;
}

/**
 * The open windows of the local dates fromYmd .. fromYmd + days − 1 as UTC instants, in order.
 * A window belongs to the date it opens on; an overnight one ends on the following date.
 */
export function openWindows(hours: WeekHours, fromYmd: string, days: number, timeZone: string): TimeWindow[] {
  const windows: TimeWindow[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDaysToYmd(fromYmd, i);
    const weekday = new Date(parseYmd(date)).getUTCDay();
    const w = dayWindow(hours[weekday]);
    const day = hours[weekday];
    if (w === null || day === undefined) continue;
    const endDate = w.end >= MINUTES_PER_DAY ? addDaysToYmd(date, 1) : date;
    windows.push({
      start: windowEdge(date, day.open, timeZone),
      end: windowEdge(endDate, day.close, timeZone),
    });
  }
  return windows;
}

/**
 * The earliest instant ≥ now at which isOpenAt holds, as an ISO string: now itself when open now,
 * else the start of the next window; null when every day is closed.
 * In zones with DST a re-opening inside a repeated autumn hour may be missed; the chain's cities
 * are Russian and have no DST.
 */
export function nextOpening(hours: WeekHours, now: Instant, timeZone: string): string | null {
  const nowMs = toEpochMs(now);
  if (isOpenAt(hours, nowMs, timeZone)) return new Date(nowMs).toISOString();
  // From yesterday, and over eight days, so that a week with one open day still finds it
  // even when a DST gap swallows one occurrence.
  const from = addDaysToYmd(localDateInZone(nowMs, timeZone), -1);
  for (const { start } of openWindows(hours, from, 10, timeZone)) {
    if (Date.parse(start) >= nowMs && isOpenAt(hours, start, timeZone)) return start;
  }
  return null;
}
