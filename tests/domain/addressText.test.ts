import { describe, it, expect } from 'vitest';
import type { Address } from '../../src/api/entities';
import { formatAddress } from '../../src/domain/addressText';

const full = {
  city: 'Ангарск',
  street: 'ул. Ленина',
  home: '12',
  apartment: '45',
  entrance: '2',
  floor: '5',
};

describe("formatAddress: city, street, home, 'кв. X', 'подъезд: X', 'этаж: X' (PRODUCT.md §3)", () => {
  it('joins every part with ", "', () => {
    expect(formatAddress(full)).toBe('Ангарск, ул. Ленина, 12, кв. 45, подъезд: 2, этаж: 5');
  });

  it("shows 'не указан' for an absent apartment, entrance or floor, keeping the label", () => {
    expect(formatAddress({ ...full, apartment: null, entrance: '', floor: '  ' })).toBe(
      'Ангарск, ул. Ленина, 12, кв. не указан, подъезд: не указан, этаж: не указан',
    );
  });

  it("shows 'не указан' in place of an absent city, street or home", () => {
    expect(formatAddress({ ...full, street: '', home: undefined })).toBe(
      'Ангарск, не указан, не указан, кв. 45, подъезд: 2, этаж: 5',
    );
  });

  it("a wholly empty address is just 'не указан'", () => {
    expect(formatAddress({ city: '', street: '', home: '', apartment: null, entrance: null, floor: null })).toBe(
      'не указан',
    );
    expect(formatAddress({})).toBe('не указан');
    expect(formatAddress(null)).toBe('не указан');
  });

  it('trims the parts', () => {
    expect(formatAddress({ ...full, city: ' Ангарск ', apartment: ' 45 ' })).toBe(
      'Ангарск, ул. Ленина, 12, кв. 45, подъезд: 2, этаж: 5',
    );
  });
});

describe('formatAddress takes a stored Address entity as is', () => {
  it('ignores the fields the text does not show (intercom, comment, location)', () => {
    const stored: Address = {
      id: 'a1',
      userId: 'u1',
      ...full,
      intercom: '45К',
      comment: 'позвонить',
      location: { lat: 52.54, lon: 103.89 },
    };
    expect(formatAddress(stored)).toBe('Ангарск, ул. Ленина, 12, кв. 45, подъезд: 2, этаж: 5');
  });
});
