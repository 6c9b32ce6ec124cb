import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/v4/core';
import { IsoDateTime } from '../../src/api/entities';
import { ISO_DATE_TIME, isIsoDateTime } from '../../src/api/isoDateTime';

describe('isIsoDateTime: the contract IsoDateTime without zod', () => {
  it('is the pattern zod builds for z.iso.datetime({ offset: true })', () => {
    expect(ISO_DATE_TIME.source).toBe(regexes.datetime({ offset: true }).source);
    expect(ISO_DATE_TIME.flags).toBe('');
  });

  it.each([
    '2026-11-25T18:30:00+03:00',
    '2026-11-25T18:30:00Z',
    '2026-11-25T18:30:00.123Z',
    '2024-02-29T10:00:00+03:00',
    '2025-02-29T10:00:00+03:00',
    '2026-11-25T18:30+03:00',
    '2026-11-25T18:30:00',
    '2026-11-25 18:30:00Z',
    'asap',
    '',
    42,
    null,
  ])('agrees with the schema on %s', (value) => {
    expect(isIsoDateTime(value)).toBe(IsoDateTime.safeParse(value).success);
  });

  it('accepts a time with its offset and refuses one without', () => {
    expect(isIsoDateTime('2026-11-25T18:30:00+03:00')).toBe(true);
    expect(isIsoDateTime('2026-11-25T18:30:00')).toBe(false);
  });
});
