// schema.org opening hours from a week of WorkDays (Sunday first, as WORK_TIME and a restaurant's
// hours). A window past midnight is split at it: 10:00–02:00 on Friday is Friday 10:00–23:59 and
// Saturday 00:00–02:00, since schema.org's `closes` cannot name the next day.
import type { DayOfWeek, OpeningHoursSpecification } from 'schema-dts';
import type { WeekHours } from '../../src/api/entities.js';
import { dayWindow } from '../../src/domain/workingHours.js';

const DAYS: readonly DayOfWeek[] = [
  'https://schema.org/Sunday',
  'https://schema.org/Monday',
  'https://schema.org/Tuesday',
  'https://schema.org/Wednesday',
  'https://schema.org/Thursday',
  'https://schema.org/Friday',
  'https://schema.org/Saturday',
];
const DAY_MINUTES = 24 * 60;

/** Minutes in a day as 'HH:MM'; the end of the day is '23:59', as search engines read it. */
function clockOf(total: number): string {
  const shown = Math.min(total, DAY_MINUTES - 1);
  return `${String(Math.floor(shown / 60)).padStart(2, '0')}:${String(shown % 60).padStart(2, '0')}`;
}

interface Part {
  day: number;
  opens: number;
  closes: number;
}

/** Each open window as parts within one calendar day each. */
export function dayParts(week: WeekHours): Part[] {
  const parts: Part[] = [];
  week.forEach((day, index) => {
    // the storefront's own reading of the day (PRODUCT.md §5), so search engines are told the same hours
    const window = dayWindow(day);
    if (window === null) return;
    const { start, end } = window;
    parts.push({ day: index, opens: start, closes: Math.min(end, DAY_MINUTES) });
    if (end > DAY_MINUTES) parts.push({ day: (index + 1) % 7, opens: 0, closes: end - DAY_MINUTES });
  });
  return parts;
}

/** One specification per distinct window, listing the days it applies to (Sunday first). */
export function openingHoursSpecification(week: WeekHours): OpeningHoursSpecification[] {
  const byWindow = new Map<string, { opens: string; closes: string; days: Set<number> }>();
  for (const part of dayParts(week)) {
    const opens = clockOf(part.opens);
    const closes = clockOf(part.closes);
    const key = `${opens}-${closes}`;
    const entry = byWindow.get(key) ?? { opens, closes, days: new Set<number>() };
    entry.days.add(part.day);
    byWindow.set(key, entry);
  }
  return [...byWindow.values()].map((w) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: [...w.days].sort((a, b) => a - b).flatMap((d) => DAYS[d] ?? []),
    opens: w.opens,
    closes: w.closes,
  }));
}
