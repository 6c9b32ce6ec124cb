// Russian plural forms (PRODUCT.md §5 "forms for 1, 2-4 and 5+"), chosen by Intl rather than by hand.
import { formatNumber } from './price';

/** [form for 1, form for 2–4, form for 5+], e.g. ['товар', 'товара', 'товаров']. */
export type PluralForms = readonly [one: string, few: string, many: string];

const rules = new Intl.PluralRules('ru');

/**
 * CLDR's Russian categories: 'one' (1, 21, 101), 'few' (2–4, 22), 'many' (0, 5–20, 111) and
 * 'other' for fractions. A fraction reads with the genitive singular ('1,5 товара'), which is the
 * 2–4 form, so 'other' maps there.
 */
export function plural(n: number, forms: PluralForms): string {
  switch (rules.select(n)) {
    case 'one':
      return forms[0];
    case 'few':
    case 'other':
      return forms[1];
    default:
      return forms[2];
  }
}

/** '3 товара', '1 234 товара': the number (space thousand separators) and its form. */
export function formatCount(n: number, forms: PluralForms): string {
  return `${formatNumber(n)}\u00A0${plural(n, forms)}`;
}
