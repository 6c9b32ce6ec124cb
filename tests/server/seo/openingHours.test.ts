// schema.org opening hours from WORK_TIME: a window past midnight is split across the two days.
import { describe, expect, it } from 'vitest';
import type { WeekHours, WorkDay } from '../../../src/api/entities.js';
import { openingHoursSpecification } from '../../../server/seo/openingHours.js';

const day = (open: string, close: string, isNextDay = false): WorkDay => ({ open, close, isNextDay });
const week = (...days: WorkDay[]): WeekHours => days;
const closed = day('00:00', '00:00');
/** schema.org's names of the days, as dayOfWeek lists them. */
const days = (...names: string[]) => names.map((name) => `https://schema.org/${name}`);

describe('openingHoursSpecification', () => {
  it('the same hours every day are one specification with all seven days, Sunday first', () => {
    const every = day('10:00', '23:00');
    expect(openingHoursSpecification(week(every, every, every, every, every, every, every))).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: days('Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'),
        opens: '10:00',
        closes: '23:00',
      },
    ]);
  });

  it('10:00–02:00 on Friday is Friday 10:00–23:59 and Saturday 00:00–02:00', () => {
    const spec = openingHoursSpecification(
      week(closed, closed, closed, closed, closed, day('10:00', '02:00', true), closed),
    );
    expect(spec).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: days('Friday'),
        opens: '10:00',
        closes: '23:59',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: days('Saturday'),
        opens: '00:00',
        closes: '02:00',
      },
    ]);
  });

  it("Saturday's night runs into Sunday, and a closing at midnight adds no next-day part", () => {
    const spec = openingHoursSpecification(
      week(day('10:00', '00:00', true), closed, closed, closed, closed, closed, day('10:00', '03:30', true)),
    );
    expect(spec).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: days('Sunday', 'Saturday'),
        opens: '10:00',
        closes: '23:59',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: days('Sunday'),
        opens: '00:00',
        closes: '03:30',
      },
    ]);
  });

  it('a day with open = close and no next-day flag is closed; every night open gives the morning parts too', () => {
    const late = day('11:00', '01:00', true);
    expect(openingHoursSpecification(week(closed, closed, closed, closed, closed, closed, closed))).toEqual([]);
    const spec = openingHoursSpecification(week(late, late, late, late, late, late, late));
    expect(spec.map((s) => [s.opens, s.closes, (s.dayOfWeek as unknown[]).length])).toEqual([
      ['11:00', '23:59', 7],
      ['00:00', '01:00', 7],
    ]);
  });

  it('PRODUCT.md §5 "a day with equal open and close is closed" holds with the next-day flag too, as on the storefront', () => {
    const equalOvernight = day('10:00', '10:00', true);
    const open = day('10:00', '22:00');
    const spec = openingHoursSpecification(week(equalOvernight, open, open, open, open, open, open));
    expect(spec).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: days('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'),
        opens: '10:00',
        closes: '22:00',
      },
    ]);
  });
});
