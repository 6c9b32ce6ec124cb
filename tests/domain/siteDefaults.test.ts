import { describe, expect, it } from 'vitest';
import { copyrightYear, defaultCityId } from '../../src/domain/siteDefaults';

describe('defaultCityId: "else the ANGARSK_ID setting (the Angarsk city)"', () => {
  const cities = [{ id: 'shelekhov' }, { id: 'angarsk' }];
  it('is the ANGARSK_ID setting when it names a listed city, even when it is not the first', () => {
    expect(defaultCityId('angarsk', cities)).toBe('angarsk');
  });
  it('is the first listed city when the setting names none of them', () => {
    expect(defaultCityId('gone', cities)).toBe('shelekhov');
    expect(defaultCityId(null, cities)).toBe('shelekhov');
  });
  it('is the setting as it is before the cities are known', () => {
    expect(defaultCityId('angarsk', [])).toBe('angarsk');
    expect(defaultCityId(null, [])).toBeNull();
  });
});

describe('copyrightYear: the chain’s New Year', () => {
  it('turns at midnight in the city’s zone, not in UTC', () => {
    // 16:30 UTC on 31 December is 00:30 on 1 January in Irkutsk (UTC+8)
    expect(copyrightYear('2026-12-31T16:30:00.000Z', 'Asia/Irkutsk')).toBe('2027');
    expect(copyrightYear('2026-12-31T15:59:00.000Z', 'Asia/Irkutsk')).toBe('2026');
  });
  it('falls back to UTC for an unknown zone', () => {
    expect(copyrightYear('2026-12-31T16:30:00.000Z', null)).toBe('2026');
    expect(copyrightYear('2026-12-31T16:30:00.000Z', 'Not/AZone')).toBe('2026');
  });
});
