// Day filters of the admin lists and the dashboard: a 'YYYY-MM-DD' day is read in a time zone.
import { describe, expect, it } from 'vitest';
import { dayOrInstant, startOfDay } from '../../../server/services/admin/dates.js';

describe('startOfDay', () => {
  it("is the zone's midnight (Irkutsk, UTC+8; Moscow, UTC+3)", () => {
    expect(startOfDay('2026-11-20', 'Asia/Irkutsk').toISOString()).toBe('2026-11-19T16:00:00.000Z');
    expect(startOfDay('2026-11-20', 'Europe/Moscow').toISOString()).toBe('2026-11-19T21:00:00.000Z');
  });

  it('follows a DST change the day before (New York, spring and autumn)', () => {
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfDay('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it("is the day's first instant when the clocks skip its midnight, never an hour of the day before", () => {
    // Chile moves 00:00 → 01:00 on 2026-09-06: the day starts at 01:00 local (UTC−3)
    const start = startOfDay('2026-09-06', 'America/Santiago');
    expect(start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(start);
    expect(localDay).toBe('2026-09-06');
    // Cuba: 00:00 → 01:00 on 2026-03-08 (UTC−5 → UTC−4)
    expect(startOfDay('2026-03-08', 'America/Havana').toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });
});

describe('dayOrInstant', () => {
  it("a day's end is the next day's start; an instant stays itself", () => {
    expect(dayOrInstant('2026-11-20', 'Asia/Irkutsk', 'start').toISOString()).toBe('2026-11-19T16:00:00.000Z');
    expect(dayOrInstant('2026-11-20', 'Asia/Irkutsk', 'end').toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(dayOrInstant('2026-09-05', 'America/Santiago', 'end').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(dayOrInstant('2026-11-20T10:15:00Z', 'Asia/Irkutsk', 'end').toISOString()).toBe('2026-11-20T10:15:00.000Z');
  });
});
