import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { CartMod, GroupModifier } from '../../src/api/entities';
import {
  formatNumber,
  formatPrice,
  formatPriceLabel,
  lineTotal,
  productPriceRange,
  toNoBreakSpaces,
  unitPrice,
} from '../../src/domain/price';
import { cartItem, modifierGroup, product } from './fixtures';
import { numRuns } from './fcRuns';

const NBSP = '\u00A0';

/** A product of `price` with these modifier groups. */
const withGroups = (id: string, name: string, price: number, ...groupModifiers: GroupModifier[]) =>
  product({ id, name, price, groupModifiers });

describe('productPriceRange: base price plus the cheapest modifier of each required group (PRODUCT.md §5)', () => {
  it('a product without modifiers costs its price', () => {
    expect(productPriceRange(product({ id: 'p', name: 'Филадельфия', price: 450 }))).toEqual({ min: 450, max: 450 });
  });

  it('min adds the cheapest, max the most expensive modifier of a required group', () => {
    const pizza = withGroups('pizza', 'Пепперони', 450, modifierGroup('size', true, { s25: 0, s30: 150, s35: 300 }));
    expect(productPriceRange(pizza)).toEqual({ min: 450, max: 750 });
  });

  it('sums over several required groups and ignores optional ones', () => {
    const p = withGroups(
      'p',
      'Поке',
      300,
      modifierGroup('base', true, { rice: 20, noodles: 40 }),
      modifierGroup('sauce', true, { spicy: 10, unagi: 30 }),
      modifierGroup('extra', false, { cheese: 100 }),
    );
    expect(productPriceRange(p)).toEqual({ min: 330, max: 370 });
  });

  it('with the catalogue given, modifiers absent from it are not offered', () => {
    const p = withGroups('p', 'Пицца', 400, modifierGroup('size', true, { s25: 50, s30: 150, s35: 300 }));
    const catalog = [p, product({ id: 's30', name: '30 см' }), product({ id: 's35', name: '35 см' })];
    expect(productPriceRange(p, catalog)).toEqual({ min: 550, max: 700 });
    // the same catalogue given as its set of ids (a long list builds it once)
    expect(productPriceRange(p, new Set(catalog.map((c) => c.id)))).toEqual({ min: 550, max: 700 });
  });

  it('a required group with nothing on offer adds nothing', () => {
    const p = product({ id: 'p', name: 'Пицца', price: 400, groupModifiers: [modifierGroup('size', true, {})] });
    expect(productPriceRange(p)).toEqual({ min: 400, max: 400 });
  });
});

describe('formatNumber / formatPrice: space thousand separators (PRODUCT.md §5)', () => {
  it('uses the no-break space U+00A0 as the thousand separator', () => {
    expect(formatNumber(1234)).toBe(`1${NBSP}234`);
    expect(formatNumber(1234567)).toBe(`1${NBSP}234${NBSP}567`);
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1234.5)).toBe(`1${NBSP}234,5`);
  });

  it("formatPrice(1234) is '1 234 ₽' with no-break spaces", () => {
    expect(formatPrice(1234)).toBe(`1${NBSP}234${NBSP}₽`);
    expect(formatPrice(450)).toBe(`450${NBSP}₽`);
    expect(formatPrice(0)).toBe(`0${NBSP}₽`);
    expect(formatPrice(-0)).toBe(`0${NBSP}₽`);
    expect(formatPrice(99.5)).toBe(`99,5${NBSP}₽`);
    expect(formatPrice(10.005)).toBe(`10,01${NBSP}₽`);
  });

  it('normalises the narrow no-break space U+202F that some ICU versions emit', () => {
    expect(toNoBreakSpaces('1\u202F234')).toBe(`1${NBSP}234`);
  });

  it('property: formatted numbers contain no ordinary or narrow spaces, and read back', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (n) => {
        const text = formatNumber(n);
        expect(text).not.toMatch(/[ \u202F]/);
        expect(Number(text.replace(/\u00A0/g, '').replace('−', '-'))).toBe(n);
      }),
      { numRuns },
    );
  });
});

describe("formatPriceLabel: 'от' when minimum and maximum differ (PRODUCT.md §5)", () => {
  it("'от 450 ₽' for a pizza with sizes", () => {
    const pizza = withGroups('pz', 'Пицца', 450, modifierGroup('size', true, { a: 0, b: 100 }));
    expect(formatPriceLabel(pizza)).toBe(`от${NBSP}450${NBSP}₽`);
  });

  it("'450 ₽' when there is one price", () => {
    expect(formatPriceLabel(product({ id: 'p', name: 'Ролл', price: 450 }))).toBe(`450${NBSP}₽`);
    const oneSize = withGroups('p', 'Ролл', 400, modifierGroup('g', true, { a: 50, b: 50 }));
    expect(formatPriceLabel(oneSize)).toBe(`450${NBSP}₽`);
  });
});

describe('lineTotal: (price + Σ mod.price × mod.amount) × quantity', () => {
  const mod = (id: string, price: number, amount: number): CartMod => ({
    id,
    name: id,
    amount,
    price,
    code: id,
    groupId: 'g',
    groupName: 'Добавки',
  });

  it('adds modifiers per unit, then multiplies by quantity', () => {
    const item = cartItem(product({ id: 'p', name: 'Ролл', price: 450 }), 3, [
      mod('cheese', 50, 2),
      mod('sauce', 30, 1),
    ]);
    expect(unitPrice(item)).toBe(580);
    expect(lineTotal(item)).toBe(1740);
  });

  it('rounds to kopecks so that 0.1 + 0.2 is 0.3', () => {
    expect(lineTotal(cartItem(product({ id: 'p', name: 'Соус', price: 0.1 }), 1, [mod('m', 0.2, 1)]))).toBe(0.3);
  });

  it('property: a line is its quantity times its unit price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 5 })), { maxLength: 4 }),
        (price, quantity, mods) => {
          const item = cartItem(
            product({ id: 'p', name: 'x', price }),
            quantity,
            mods.map(([pr, am], i) => mod(`m${i}`, pr, am)),
          );
          expect(lineTotal(item)).toBe(quantity * (price + mods.reduce((s, [pr, am]) => s + pr * am, 0)));
        },
      ),
      { numRuns },
    );
  });
});
