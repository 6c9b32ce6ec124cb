// The half-and-half pizza's shared rules (docs/HALF-PIZZA.md): the price by HALF_PIZZA, the line's
// own id (the same halves in either order), the stricter limit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  halfPizzaKey,
  halfPizzaName,
  halfPizzaPrice,
  halfPizzaProductId,
  halvesMaxPerPosition,
} from '../../src/domain/halfPizza';
import { product } from '../fixtures/catalog';
import { numRuns } from './fcRuns';

describe('halfPizzaPrice (HALF_PIZZA pricing + fee)', () => {
  it("'dearer': the dearer whole pizza plus the fee: max(679, 729) + 50 = 779", () => {
    expect(halfPizzaPrice({ pricing: 'dearer', fee: 50 }, 679, 729)).toBe(779);
  });

  it("'sum': half of each, rounded up to a whole rouble, plus the fee: ⌈679 / 2 + 730 / 2⌉ + 0 = 705", () => {
    expect(halfPizzaPrice({ pricing: 'sum', fee: 0 }, 679, 730)).toBe(705);
    expect(halfPizzaPrice({ pricing: 'sum', fee: 50 }, 600, 530)).toBe(615);
  });

  it('is symmetric, whole roubles for whole-rouble prices, and never below the cheaper half plus the fee', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('dearer' as const, 'sum' as const),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        (pricing, fee, a, b) => {
          const price = halfPizzaPrice({ pricing, fee }, a, b);
          expect(price).toBe(halfPizzaPrice({ pricing, fee }, b, a));
          expect(Number.isInteger(price)).toBe(true);
          expect(price).toBeGreaterThanOrEqual(Math.min(a, b) + fee);
          expect(price).toBeLessThanOrEqual(Math.max(a, b) + fee);
        },
      ),
      { numRuns },
    );
  });
});

describe("the line's own product id", () => {
  it('is the same for the same halves in either order, differs by size, and fits an Id (≤ 64)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), fc.string({ minLength: 1, maxLength: 64 }), (a, b) => {
        const id = halfPizzaProductId('size-30', a, b);
        expect(id).toBe(halfPizzaProductId('size-30', b, a));
        expect(id).toMatch(/^half-[0-9a-f]{16}$/);
        expect(halfPizzaKey('size-30', a, b)).toBe(halfPizzaKey('size-30', b, a));
      }),
      { numRuns },
    );
    expect(halfPizzaProductId('size-30', 'a', 'b')).not.toBe(halfPizzaProductId('size-25', 'a', 'b'));
  });

  it("is named 'Половинки: A + B' in the order chosen", () => {
    expect(halfPizzaName('Пепперони', 'Маргарита')).toBe('Половинки: Пепперони + Маргарита');
  });
});

describe('halvesMaxPerPosition', () => {
  const p = (max: number) =>
    product({ id: `p${max}`, name: 'П', price: 1, parentGroup: 'g', maxPerPositionInOrder: max });
  it('is the stricter non-zero limit, 0 when neither pizza has one', () => {
    expect(halvesMaxPerPosition(p(0), p(0))).toBe(0);
    expect(halvesMaxPerPosition(p(0), p(3))).toBe(3);
    expect(halvesMaxPerPosition(p(2), p(3))).toBe(2);
  });
});
