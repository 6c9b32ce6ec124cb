import { describe, expect, it } from 'vitest';
import { capToMaxPerPosition, exceedsMaxPerPosition, MAX_COUPON_LENGTH } from '../../src/domain/limits';

describe('PRODUCT.md §9 limits', () => {
  it('a coupon has at most 64 characters', () => {
    expect(MAX_COUPON_LENGTH).toBe(64);
  });

  it('maxPerPositionInOrder 0 is no limit; otherwise the most one line may hold', () => {
    expect(exceedsMaxPerPosition(0, 99)).toBe(false);
    expect(exceedsMaxPerPosition(2, 2)).toBe(false);
    expect(exceedsMaxPerPosition(2, 3)).toBe(true);
    expect(capToMaxPerPosition(0, 7)).toBe(7);
    expect(capToMaxPerPosition(2, 7)).toBe(2);
    expect(capToMaxPerPosition(2, 1)).toBe(1);
  });
});
