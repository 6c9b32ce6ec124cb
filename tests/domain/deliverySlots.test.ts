import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { WeekHours, WorkDay } from '../../src/api/entities';
import { STANDARD_HOURS } from '../../server/seed/geo';
import {
  asapInfo,
  checkSlot,
  deliverySlots,
  leadMinutes,
  roundUpToSlot,
  slotDayTitle,
} from '../../src/domain/deliverySlots';
import { addDaysToYmd, isOpenAt, localDateInZone, minutesOfDayInZone } from '../../src/domain/workingHours';
import { numRuns } from './fcRuns';

const day = (open: string, close: string, isNextDay = false): WorkDay => ({ open, close, isNextDay });
/** Sunday first: Sunday–Thursday 10:00–23:00, Friday and Saturday 10:00–02:00 of the next day (the demo chain). */
const HOURS: WeekHours = STANDARD_HOURS;
const TZ = 'Asia/Irkutsk'; // UTC+8, no DST
// Friday 20 November 2026, 13:00 in Irkutsk.
const FRIDAY_13 = '2026-11-20T05:00:00.000Z';

const local = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

describe('deliverySlots: 30-minute slots in the city’s time zone', () => {
  it('today starts at now + lead time rounded up to the 30-minute grid', () => {
    const days = deliverySlots({ hours: HOURS, timeZone: TZ, now: FRIDAY_13, leadMinutes: 60 });
    const today = days[0];
    expect(today?.date).toBe('2026-11-20');
    expect(today?.title).toBe('Сегодня');
    expect(today?.slots[0]).toEqual({
      start: '2026-11-20T06:00:00.000Z',
      end: '2026-11-20T06:30:00.000Z',
      label: '14:00–14:30',
    });
    // 13:10 + 45 min = 13:55 → 14:00; 13:05 + 25 min = 13:30 exactly stays 13:30.
    expect(
      deliverySlots({ hours: HOURS, timeZone: TZ, now: '2026-11-20T05:10:00Z', leadMinutes: 45 })[0]?.slots[0]?.label,
    ).toBe('14:00–14:30');
    expect(
      deliverySlots({ hours: HOURS, timeZone: TZ, now: '2026-11-20T05:05:00Z', leadMinutes: 25 })[0]?.slots[0]?.label,
    ).toBe('13:30–14:00');
    // Seconds round up too: 13:05:01 + 25 min is past 13:30.
    expect(
      deliverySlots({ hours: HOURS, timeZone: TZ, now: '2026-11-20T05:05:01Z', leadMinutes: 25 })[0]?.slots[0]?.label,
    ).toBe('14:00–14:30');
  });

  it('PRODUCT.md §5 "A day may run past midnight (isNextDay)": Friday 10:00–02:00 gives slots until 01:30–02:00, listed under Saturday', () => {
    const days = deliverySlots({ hours: HOURS, timeZone: TZ, now: FRIDAY_13, leadMinutes: 60 });
    const friday = days[0]?.slots ?? [];
    expect(friday[friday.length - 1]?.label).toBe('23:30–00:00');
    const saturday = days[1];
    expect(saturday?.date).toBe('2026-11-21');
    expect(saturday?.title).toBe('Завтра');
    expect(saturday?.slots.slice(0, 4).map((s) => s.label)).toEqual([
      '00:00–00:30',
      '00:30–01:00',
      '01:00–01:30',
      '01:30–02:00',
    ]);
    // Then Saturday's own window: opening 10:00 + 60 min lead.
    expect(saturday?.slots[4]?.label).toBe('11:00–11:30');
    expect(local(saturday?.slots[4]?.start ?? '')).toBe('2026-11-21 11:00');
  });

  it('PRODUCT.md §5 "the previous day\'s overnight window counts": at Saturday 00:30 today still has slots until 02:00', () => {
    const now = '2026-11-20T16:30:00.000Z'; // Saturday 00:30 in Irkutsk
    const days = deliverySlots({ hours: HOURS, timeZone: TZ, now, leadMinutes: 30 });
    expect(days[0]?.date).toBe('2026-11-21');
    expect(days[0]?.title).toBe('Сегодня');
    expect(days[0]?.slots.slice(0, 3).map((s) => s.label)).toEqual(['01:00–01:30', '01:30–02:00', '10:30–11:00']);
    expect(asapInfo({ hours: HOURS, timeZone: TZ, now, leadMinutes: 30 })).toEqual({
      available: true,
      estimate: '2026-11-20T17:00:00.000Z',
    });
  });

  it('no slot after closing: the last Sunday slot is 22:30–23:00, and between 02:00 and 10:00 there is none', () => {
    const days = deliverySlots({ hours: HOURS, timeZone: TZ, now: FRIDAY_13, leadMinutes: 60 });
    const sunday = days.find((d) => d.date === '2026-11-22');
    expect(sunday?.title).toBe('воскресенье, 22 ноября');
    const labels = sunday?.slots.map((s) => s.label) ?? [];
    expect(labels[labels.length - 1]).toBe('22:30–23:00');
    for (const d of days) {
      for (const s of d.slots) {
        const hour = Number(s.label.slice(0, 2));
        expect(hour < 2 || hour >= 10, s.label).toBe(true);
        expect(Date.parse(s.end) - Date.parse(s.start)).toBe(30 * 60_000);
      }
    }
  });

  it('today and the next 7 days; PRODUCT.md §5 "a day with equal open and close is closed" has no slots', () => {
    const closedMonday: WeekHours = HOURS.map((d, i) => (i === 1 ? day('10:00', '10:00') : d));
    const days = deliverySlots({ hours: closedMonday, timeZone: TZ, now: FRIDAY_13, leadMinutes: 60 });
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    // Sunday's window runs to 23:00 only, so Monday has no overnight slots either.
    const open = deliverySlots({ hours: HOURS, timeZone: TZ, now: FRIDAY_13, leadMinutes: 60 });
    expect(open).toHaveLength(8);
    expect(open[7]?.date).toBe('2026-11-27');
  });

  it('no slot in the past: late on Friday only the rest of the overnight window is offered today', () => {
    const now = '2026-11-20T17:20:00.000Z'; // Saturday 01:20
    const days = deliverySlots({ hours: HOURS, timeZone: TZ, now, leadMinutes: 30 });
    // 01:20 + 30 = 01:50 → 02:00, which is closing: nothing more tonight, next slot 10:30.
    expect(days[0]?.slots[0]?.label).toBe('10:30–11:00');
    for (const s of days.flatMap((d) => d.slots)) expect(Date.parse(s.start)).toBeGreaterThan(Date.parse(now));
  });

  it('the same instant gives other wall-clock slots in another city’s time zone', () => {
    const moscow = deliverySlots({ hours: HOURS, timeZone: 'Europe/Moscow', now: FRIDAY_13, leadMinutes: 60 });
    // 05:00Z is 08:00 in Moscow: closed until 10:00, so the first slot is 11:00 Moscow time = 08:00Z.
    expect(moscow[0]?.slots[0]).toMatchObject({ label: '11:00–11:30', start: '2026-11-20T08:00:00.000Z' });
    expect(asapInfo({ hours: HOURS, timeZone: 'Europe/Moscow', now: FRIDAY_13, leadMinutes: 60 }).available).toBe(
      false,
    );
  });
});

describe('checkSlot: what POST /order accepts as deliveryTime', () => {
  const input = { hours: HOURS, timeZone: TZ, now: FRIDAY_13, leadMinutes: 60, graceMinutes: 10 };
  it('accepts an offered slot start', () => {
    expect(checkSlot(input, '2026-11-20T06:00:00.000Z')).toEqual({ ok: true });
    expect(checkSlot(input, '2026-11-20T17:30:00.000Z')).toEqual({ ok: true }); // Saturday 01:30
  });
  it('keeps a slot picked a few minutes ago (grace) but not one inside the lead time', () => {
    // At 13:05 the first slot is 14:30 (13:05 + 60 → 14:05 → 14:30); 14:00 was offered until 13:00 and stays within the 10-minute grace.
    expect(checkSlot({ ...input, now: '2026-11-20T05:05:00Z' }, '2026-11-20T06:00:00.000Z')).toEqual({ ok: true });
    const soon = checkSlot(input, '2026-11-20T05:30:00.000Z');
    expect(soon).toMatchObject({ ok: false, reason: 'too-soon', firstSlot: { label: '14:00–14:30' } });
  });
  it('refuses the past, closed hours, a time off the grid and more than 7 days ahead', () => {
    expect(checkSlot(input, '2026-11-20T01:00:00.000Z')).toMatchObject({ ok: false, reason: 'past' });
    expect(checkSlot(input, '2026-11-21T19:30:00.000Z')).toMatchObject({ ok: false, reason: 'closed' }); // Sunday 03:30
    expect(checkSlot(input, '2026-11-20T06:10:00.000Z')).toMatchObject({ ok: false, reason: 'not-a-slot' });
    expect(checkSlot(input, '2026-11-28T04:00:00.000Z')).toMatchObject({ ok: false, reason: 'too-far' }); // Saturday 28th, 12:00
  });
});

describe('helpers', () => {
  it('leadMinutes: the zone’s minutes for delivery, the restaurant’s cooking minutes for pickup', () => {
    expect(leadMinutes('delivery', { zoneDeliveryMinutes: 60, cookingMinutes: 25 })).toBe(60);
    expect(leadMinutes('self', { zoneDeliveryMinutes: 60, cookingMinutes: 25 })).toBe(25);
    expect(leadMinutes('self', { zoneDeliveryMinutes: null, cookingMinutes: 24.2 })).toBe(25);
  });
  it('roundUpToSlot follows the wall clock of a zone with a half-hour offset', () => {
    // India is UTC+5:30: 10:10 local (04:40Z) → 10:30 local (05:00Z).
    expect(new Date(roundUpToSlot(Date.parse('2026-11-20T04:40:00Z'), 'Asia/Kolkata')).toISOString()).toBe(
      '2026-11-20T05:00:00.000Z',
    );
  });
  it('slotDayTitle', () => {
    expect(slotDayTitle('2026-11-20', '2026-11-20')).toBe('Сегодня');
    expect(slotDayTitle('2026-11-21', '2026-11-20')).toBe('Завтра');
    expect(slotDayTitle('2026-11-23', '2026-11-20')).toBe('понедельник, 23 ноября');
  });
});

describe('a spring-forward gap (Europe/Berlin, 29 March 2026)', () => {
  it('no slot after an overnight window closes inside the skipped hour (the CI counterexample)', () => {
    const closed = day('00:00', '00:00');
    const hours: WeekHours = [day('03:01', '00:00'), closed, closed, closed, closed, closed, day('02:31', '02:30')];
    const input = { hours, timeZone: 'Europe/Berlin', now: 1774134000000, leadMinutes: 30 };
    for (const { slots } of deliverySlots(input)) {
      for (const slot of slots) {
        const start = Date.parse(slot.start);
        expect(
          isOpenAt(hours, start, 'Europe/Berlin') && isOpenAt(hours, Date.parse(slot.end) - 60_000, 'Europe/Berlin'),
          slot.start,
        ).toBe(true);
      }
    }
  });
});

describe('properties of every generated slot (random weeks, times and lead times)', () => {
  const clock = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const week = fc.array(fc.record({ open: clock, close: clock, isNextDay: fc.boolean() }), {
    minLength: 7,
    maxLength: 7,
  });
  const zone = fc.constantFrom('Asia/Irkutsk', 'Europe/Moscow', 'Asia/Kolkata', 'Europe/Berlin');

  it('30 minutes on the wall-clock grid, inside working hours, not before now + lead time, today and the next 7 days, in order, each accepted by checkSlot', () => {
    fc.assert(
      fc.property(
        week,
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }),
        fc.integer({ min: 0, max: 180 }),
        zone,
        (hours, nowMs, lead, timeZone) => {
          const input = { hours, timeZone, now: nowMs, leadMinutes: lead };
          const days = deliverySlots(input);
          const today = localDateInZone(nowMs, timeZone);
          const problems: string[] = [];
          let previous = -Infinity;
          for (const day of days) {
            if (day.slots.length === 0) problems.push(`${day.date}: empty day`);
            if (day.date < today || day.date > addDaysToYmd(today, 7))
              problems.push(`${day.date}: outside today + 7 days`);
            day.slots.forEach((slot, i) => {
              const start = Date.parse(slot.start);
              const end = Date.parse(slot.end);
              if (end - start !== 30 * 60_000) problems.push(`${slot.start}: not 30 minutes`);
              if (start < nowMs + lead * 60_000) problems.push(`${slot.start}: before now + lead`);
              if (start <= previous) problems.push(`${slot.start}: not after the previous slot`);
              previous = start;
              // Intl is slow: the grid, the date and the hours are checked where a run of back-to-back
              // slots starts or ends (each window's first and last slot, each day's first and last).
              const next = day.slots[i + 1];
              const prev = day.slots[i - 1];
              if (!prev || !next || prev.end !== slot.start || next.start !== slot.end) {
                if (minutesOfDayInZone(start, timeZone) % 30 !== 0) problems.push(`${slot.start}: off the grid`);
                if (localDateInZone(start, timeZone) !== day.date) problems.push(`${slot.start}: under ${day.date}`);
                // Open at the start and in the slot's last minute: no slot after closing.
                if (!isOpenAt(hours, start, timeZone) || !isOpenAt(hours, end - 60_000, timeZone))
                  problems.push(`${slot.label} ${day.date}: outside working hours`);
              }
            });
          }
          expect(problems).toEqual([]);
          const first = days[0]?.slots[0];
          if (first) expect(checkSlot(input, first.start)).toEqual({ ok: true });
        },
      ),
      { numRuns: Math.min(numRuns, 200) },
    );
  });
});
