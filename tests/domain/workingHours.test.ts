import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { WeekHours, WorkDay } from '../../src/api/entities';
import {
  addDaysToYmd,
  isOpenAt,
  localDateInZone,
  localDateTimeInZone,
  localDateTimeToIso,
  minutesOfDayInZone,
  nextOpening,
  openWindows,
  weekdayInZone,
} from '../../src/domain/workingHours';
import { numRuns } from './fcRuns';

const IRK = 'Asia/Irkutsk'; // UTC+8 all year
const day = (open: string, close: string, isNextDay = false): WorkDay => ({ open, close, isNextDay });

// 2026-11-23 is a Monday. Sunday first, as PRODUCT.md §3 WORK_TIME and JavaScript's getDay.
const hours: WeekHours = [
  day('11:00', '23:00'), // Sun
  day('10:00', '22:00'), // Mon
  day('10:00', '22:00'), // Tue
  day('00:00', '00:00'), // Wed: equal open and close = closed
  day('10:00', '22:00'), // Thu
  day('10:00', '02:00', true), // Fri, closes at 02:00 on Saturday
  day('11:00', '03:00', true), // Sat, closes at 03:00 on Sunday
];

describe('zone helpers read the city zone, never the machine zone', () => {
  it('weekdayInZone and minutesOfDayInZone in Asia/Irkutsk (UTC+8)', () => {
    // Friday 17:30 UTC is Saturday 01:30 in Irkutsk.
    expect(weekdayInZone('2026-11-27T17:30:00Z', IRK)).toBe(6);
    expect(minutesOfDayInZone('2026-11-27T17:30:00Z', IRK)).toBe(90);
    expect(localDateInZone('2026-11-27T17:30:00Z', IRK)).toBe('2026-11-28');
  });

  it('the same instant is a different day and time in Europe/Moscow (UTC+3)', () => {
    expect(weekdayInZone('2026-11-27T17:30:00Z', 'Europe/Moscow')).toBe(5);
    expect(minutesOfDayInZone('2026-11-27T17:30:00Z', 'Europe/Moscow')).toBe(20 * 60 + 30);
    expect(localDateInZone('2026-11-27T17:30:00Z', 'Europe/Moscow')).toBe('2026-11-27');
  });

  it('localDateTimeInZone reads the wall clock with seconds (the POS slot time), midnight as 00', () => {
    expect(localDateTimeInZone('2026-11-27T17:30:05Z', IRK)).toBe('2026-11-28 01:30:05');
    expect(localDateTimeInZone('2026-11-27T21:00:00Z', 'Europe/Moscow')).toBe('2026-11-28 00:00:00');
  });

  it('localDateTimeInZone agrees with Intl formatting the zone directly', () => {
    // Swedish writes a date and time as 'YYYY-MM-DD HH:mm:ss'.
    const direct = (ms: number, timeZone: string) => new Date(ms).toLocaleString('sv-SE', { timeZone });
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom(IRK, 'Europe/Moscow', 'Europe/Berlin', 'America/New_York'),
        (ms, zone) => localDateTimeInZone(new Date(ms).toISOString(), zone) === direct(ms, zone),
      ),
      { numRuns },
    );
  });

  it('accepts epoch milliseconds as well as ISO strings with an offset', () => {
    const ms = Date.UTC(2026, 10, 27, 17, 30);
    expect(minutesOfDayInZone(ms, IRK)).toBe(90);
    expect(minutesOfDayInZone('2026-11-28T01:30:00+08:00', IRK)).toBe(90);
  });

  it('rejects an ISO string without an offset: it would be read in the machine zone', () => {
    expect(() => minutesOfDayInZone('2026-11-27T17:30:00', IRK)).toThrow(RangeError);
    expect(() => minutesOfDayInZone('not a date', IRK)).toThrow(RangeError);
  });

  it('localDateTimeToIso turns a wall time in the zone into a UTC instant', () => {
    expect(localDateTimeToIso('2026-11-28', '01:30', IRK)).toBe('2026-11-27T17:30:00.000Z');
    expect(localDateTimeToIso('2026-11-28', '01:30', 'Europe/Moscow')).toBe('2026-11-27T22:30:00.000Z');
  });

  it('localDateTimeToIso: a wall time skipped by DST moves forward, a repeated one takes the earlier', () => {
    // New York springs forward 02:00 → 03:00 on 2026-03-08; 02:30 does not exist, read as 03:30 EDT.
    expect(localDateTimeToIso('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    // It falls back 02:00 → 01:00 on 2026-11-01; 01:30 happens twice, the first (EDT) is taken.
    expect(localDateTimeToIso('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
  });

  it('addDaysToYmd crosses months and years', () => {
    expect(addDaysToYmd('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToYmd('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('property: localDateTimeToIso inverts the zone helpers in a zone without DST', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }), (ms) => {
        const minuteMs = ms - (ms % 60_000);
        const minutes = minutesOfDayInZone(minuteMs, IRK);
        const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        expect(localDateTimeToIso(localDateInZone(minuteMs, IRK), hhmm, IRK)).toBe(new Date(minuteMs).toISOString());
      }),
      { numRuns },
    );
  });
});

describe('zone readings are kept per second: the same answers as a fresh formatter', () => {
  // The reference: a formatter built for every reading, as before the readings were kept.
  const reference = (ms: number, timeZone: string) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(ms);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return {
      date: `${part('year')}-${part('month')}-${part('day')}`,
      minutes: Number(part('hour')) * 60 + Number(part('minute')),
    };
  };
  // DST in both hemispheres, a half-hour DST (Lord Howe), a 45-minute offset, no DST.
  const zones = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', IRK];

  it('across a DST change, readings one second apart on either side of it differ as the clock does', () => {
    // New York springs forward at 07:00 UTC on 2026-03-08: 01:59:59 EST, then 03:00:00 EDT.
    const jump = Date.UTC(2026, 2, 8, 7, 0, 0);
    expect(minutesOfDayInZone(jump - 1000, 'America/New_York')).toBe(1 * 60 + 59);
    expect(minutesOfDayInZone(jump, 'America/New_York')).toBe(3 * 60);
    expect(minutesOfDayInZone(jump - 1, 'America/New_York')).toBe(1 * 60 + 59);
    // Lord Howe falls back half an hour at 15:00 UTC on 2026-04-04: 02:00 becomes 01:30.
    const back = Date.UTC(2026, 3, 4, 15, 0, 0);
    expect(minutesOfDayInZone(back - 1, 'Australia/Lord_Howe')).toBe(1 * 60 + 59);
    expect(minutesOfDayInZone(back, 'Australia/Lord_Howe')).toBe(1 * 60 + 30);
  });

  it('property: instants near each other, read in any order and again, match the fresh formatter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.array(fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...zones),
        (base, offsets, zone) => {
          for (const ms of [...offsets, ...offsets].map((o) => base + o)) {
            const expected = reference(ms, zone);
            expect(localDateInZone(ms, zone)).toBe(expected.date);
            expect(minutesOfDayInZone(ms, zone)).toBe(expected.minutes);
          }
        },
      ),
      { numRuns },
    );
  });
});

describe('isOpenAt (PRODUCT.md §5 working hours), Asia/Irkutsk', () => {
  it('is open inside a plain day window, from open inclusive to close exclusive', () => {
    expect(isOpenAt(hours, '2026-11-23T02:00:00Z', IRK)).toBe(true); // Mon 10:00
    expect(isOpenAt(hours, '2026-11-23T01:59:00Z', IRK)).toBe(false); // Mon 09:59
    expect(isOpenAt(hours, '2026-11-23T13:59:00Z', IRK)).toBe(true); // Mon 21:59
    expect(isOpenAt(hours, '2026-11-23T14:00:00Z', IRK)).toBe(false); // Mon 22:00
  });

  it('a day with equal open and close is closed', () => {
    expect(isOpenAt(hours, '2026-11-25T04:00:00Z', IRK)).toBe(false); // Wed 12:00
    expect(isOpenAt(hours, '2026-11-24T16:00:00Z', IRK)).toBe(false); // Wed 00:00
  });

  it('a day may run past midnight (isNextDay): Friday 10:00–02:00 is open on Friday 23:30', () => {
    expect(isOpenAt(hours, '2026-11-27T15:30:00Z', IRK)).toBe(true);
  });

  it("the previous day's overnight window counts: Friday 10:00–02:00 → Saturday 01:30 is open", () => {
    expect(isOpenAt(hours, '2026-11-27T17:30:00Z', IRK)).toBe(true); // Sat 01:30
    expect(isOpenAt(hours, '2026-11-27T18:00:00Z', IRK)).toBe(false); // Sat 02:00
    expect(isOpenAt(hours, '2026-11-28T02:59:00Z', IRK)).toBe(false); // Sat 10:59
    expect(isOpenAt(hours, '2026-11-28T03:00:00Z', IRK)).toBe(true); // Sat 11:00
    expect(isOpenAt(hours, '2026-11-28T18:59:00Z', IRK)).toBe(true); // Sun 02:59 (Saturday's window)
    expect(isOpenAt(hours, '2026-11-28T19:00:00Z', IRK)).toBe(false); // Sun 03:00
  });

  it("a closed day's overnight flag opens nothing on the next day", () => {
    const week: WeekHours = [...hours];
    week[3] = day('02:00', '02:00', true); // Wed closed though flagged
    expect(isOpenAt(week, '2026-11-25T17:00:00Z', IRK)).toBe(false); // Thu 01:00
  });

  it('close before open without isNextDay is still read as an overnight window', () => {
    const week: WeekHours = [...hours];
    week[1] = day('18:00', '01:00'); // Mon, flag forgotten
    expect(isOpenAt(week, '2026-11-23T16:30:00Z', IRK)).toBe(true); // Tue 00:30
  });

  it('the zone is used: the same instant is closed in Irkutsk and open in Moscow', () => {
    // 2026-11-23T14:30Z is Monday 22:30 in Irkutsk, Monday 17:30 in Moscow.
    expect(isOpenAt(hours, '2026-11-23T14:30:00Z', IRK)).toBe(false);
    expect(isOpenAt(hours, '2026-11-23T14:30:00Z', 'Europe/Moscow')).toBe(true);
  });
});

describe('nextOpening', () => {
  it('is now itself when open now', () => {
    expect(nextOpening(hours, '2026-11-27T04:00:30Z', IRK)).toBe('2026-11-27T04:00:30.000Z');
  });

  it('skips a closed day: Tuesday 23:00 → Thursday 10:00 Irkutsk', () => {
    expect(nextOpening(hours, '2026-11-24T15:00:00Z', IRK)).toBe('2026-11-26T02:00:00.000Z');
  });

  it("after the previous day's overnight window: Saturday 02:30 → Saturday 11:00", () => {
    expect(nextOpening(hours, '2026-11-27T18:30:00Z', IRK)).toBe('2026-11-28T03:00:00.000Z');
  });

  it('is null when every day is closed', () => {
    const closed: WeekHours = Array.from({ length: 7 }, () => day('09:00', '09:00'));
    expect(nextOpening(closed, '2026-11-24T15:00:00Z', IRK)).toBeNull();
  });

  const clock = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const workDay = fc.record({ open: clock, close: clock, isNextDay: fc.boolean() });
  const week = fc.array(workDay, { minLength: 7, maxLength: 7 });

  // Zones without DST (all Russian ones since 2014); a half-hour offset (Kolkata) too.
  it.each([IRK, 'Europe/Moscow', 'Asia/Kolkata'])(
    'property (%s): open at the answer, closed from now until it',
    (tz) => {
      fc.assert(
        fc.property(
          week,
          fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          (w, now, fraction) => {
            const answer = nextOpening(w, now, tz);
            if (answer === null) {
              expect(w.every((d) => d.open === d.close)).toBe(true);
              return;
            }
            const at = Date.parse(answer);
            expect(at).toBeGreaterThanOrEqual(now);
            expect(isOpenAt(w, answer, tz)).toBe(true);
            if (at > now) {
              expect(isOpenAt(w, now, tz)).toBe(false);
              expect(isOpenAt(w, now + Math.floor((at - now - 1) * fraction), tz)).toBe(false);
            }
          },
        ),
        { numRuns },
      );
    },
  );
});

describe('openWindows (for the checkout time-slot generator)', () => {
  it('lists each open day as a UTC window, overnight ones ending the next day', () => {
    expect(openWindows(hours, '2026-11-25', 3, IRK)).toEqual([
      { start: '2026-11-26T02:00:00.000Z', end: '2026-11-26T14:00:00.000Z' }, // Thu 10–22
      { start: '2026-11-27T02:00:00.000Z', end: '2026-11-27T18:00:00.000Z' }, // Fri 10–02
    ]);
  });

  it('a window edge skipped by a spring-forward gap sits where the clock jumps, as isOpenAt sees it', () => {
    // Berlin, Sunday 29 March 2026: at 01:00Z the clock jumps from 02:00 CET to 03:00 CEST.
    // Saturday 02:31 → Sunday 02:30 ends when the wall clock first reads 02:30 or later: at the jump.
    const BER = 'Europe/Berlin';
    const closedWeek: WeekHours = [
      day('00:00', '00:00'),
      day('00:00', '00:00'),
      day('00:00', '00:00'),
      day('00:00', '00:00'),
      day('00:00', '00:00'),
      day('00:00', '00:00'),
      day('02:31', '02:30'),
    ];
    const [saturday] = openWindows(closedWeek, '2026-03-28', 1, BER);
    expect(saturday?.end).toBe('2026-03-29T01:00:00.000Z');
    expect(isOpenAt(closedWeek, Date.parse('2026-03-29T00:59:00Z'), BER)).toBe(true);
    expect(isOpenAt(closedWeek, Date.parse('2026-03-29T01:00:00Z'), BER)).toBe(false);
    // A Sunday opening at 02:30 opens at the jump too (03:00 CEST already reads later than 02:30).
    const sundayOpen: WeekHours = [day('02:30', '05:00'), ...closedWeek.slice(1, 6), day('00:00', '00:00')];
    expect(openWindows(sundayOpen, '2026-03-29', 1, BER)[0]?.start).toBe('2026-03-29T01:00:00.000Z');
    expect(isOpenAt(sundayOpen, Date.parse('2026-03-29T01:00:00Z'), BER)).toBe(true);
  });
});
