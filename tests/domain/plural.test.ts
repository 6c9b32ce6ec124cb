import { describe, it, expect } from 'vitest';
import { formatCount, plural } from '../../src/domain/plural';

const ITEMS = ['товар', 'товара', 'товаров'] as const;

describe('plural: Russian forms for 1, 2-4 and 5+ (PRODUCT.md §5)', () => {
  it.each([
    [1, 'товар'],
    [2, 'товара'],
    [4, 'товара'],
    [5, 'товаров'],
    [11, 'товаров'],
    [12, 'товаров'],
    [14, 'товаров'],
    [21, 'товар'],
    [22, 'товара'],
    [25, 'товаров'],
    [101, 'товар'],
    [111, 'товаров'],
    [0, 'товаров'],
  ])('%d → %s', (n, form) => {
    expect(plural(n, ITEMS)).toBe(form);
  });

  it("a fractional number takes the 2–4 form (genitive singular): 1,5 'товара'", () => {
    expect(plural(1.5, ITEMS)).toBe('товара');
    expect(plural(0.5, ITEMS)).toBe('товара');
  });

  it('a negative number takes the form of its absolute value', () => {
    expect(plural(-1, ITEMS)).toBe('товар');
    expect(plural(-3, ITEMS)).toBe('товара');
  });

  it('works for other words: 3 закуски, 21 балл, 5 баллов', () => {
    expect(plural(3, ['закуска', 'закуски', 'закусок'])).toBe('закуски');
    expect(plural(21, ['балл', 'балла', 'баллов'])).toBe('балл');
    expect(plural(5, ['балл', 'балла', 'баллов'])).toBe('баллов');
  });
});

describe('formatCount: number with space thousand separators and its form', () => {
  it("'3 товара', '1 234 товара', '1 товар' (no-break space U+00A0)", () => {
    expect(formatCount(3, ITEMS)).toBe('3\u00A0товара');
    expect(formatCount(1234, ITEMS)).toBe('1\u00A0234\u00A0товара');
    expect(formatCount(1, ITEMS)).toBe('1\u00A0товар');
  });
});
