// The snack gift (PRODUCT.md §9): one free fries item per 3 snacks of SNACKS_GROUP_ID whose sale
// flag is not false, counted by quantity. Client and server both count with these functions.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cartSnackCount,
  countGiftSnacks,
  isGiftSnack,
  snackGiftCount,
  snackProductOf,
  snacksToNextGift,
  SNACKS_PER_GIFT,
} from '../../src/domain/gifts';
import { cartItem, product } from './fixtures';
import { numRuns } from './fcRuns';

const nuggets = product({ id: 'nuggets', name: 'Наггетсы', parentGroup: 'snacks' });
const wings = product({ id: 'wings', name: 'Крылья', parentGroup: 'snacks', additionalInfo: { sale: true } });
const onSale = product({
  id: 'sale',
  name: 'Закуска по акции',
  parentGroup: 'snacks',
  additionalInfo: { sale: false },
});
const roll = product({ id: 'roll', name: 'Филадельфия', parentGroup: 'rolls' });

describe('isGiftSnack: a snack of SNACKS_GROUP_ID whose sale flag is not false', () => {
  it('counts an unset or true sale flag, not false, and only the snacks group', () => {
    expect(isGiftSnack(snackProductOf(nuggets), 'snacks')).toBe(true);
    expect(isGiftSnack(snackProductOf(wings), 'snacks')).toBe(true);
    expect(isGiftSnack(snackProductOf(onSale), 'snacks')).toBe(false);
    expect(isGiftSnack(snackProductOf(roll), 'snacks')).toBe(false);
    // the server's priced lines carry an unset flag as null
    expect(isGiftSnack({ parentGroup: 'snacks', sale: null }, 'snacks')).toBe(true);
  });
});

describe('counting snacks and gifts', () => {
  it('counts by quantity', () => {
    const lines = [
      { product: snackProductOf(nuggets), quantity: 2 },
      { product: snackProductOf(onSale), quantity: 5 },
      { product: snackProductOf(wings), quantity: 1 },
    ];
    expect(countGiftSnacks(lines, 'snacks')).toBe(3);
  });

  it('counts only goods lines of a cart (a gift or hidden line of the group does not count)', () => {
    const gift = { ...cartItem(nuggets, 1), id: 'gift', isGift: true };
    const hidden = { ...cartItem(wings, 1), id: 'hidden', isHidden: true };
    expect(cartSnackCount([cartItem(nuggets, 2), gift, hidden, cartItem(roll, 4)], 'snacks')).toBe(2);
  });

  it('one gift per 3 snacks (PRODUCT.md §9), none for a promotion without a positive `per`', () => {
    expect(SNACKS_PER_GIFT).toBe(3);
    expect([0, 2, 3, 5, 6, 7].map((n) => snackGiftCount(n))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(snackGiftCount(4, 2)).toBe(2);
    expect(snackGiftCount(9, 0)).toBe(0);
  });

  it('snacks still missing for the next gift: none at 0 or at a full set', () => {
    expect([0, 1, 2, 3, 4, 6].map((n) => snacksToNextGift(n))).toEqual([0, 2, 1, 0, 2, 0]);
  });

  it('property: adding the missing snacks earns exactly one more gift', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 20 }), (snacks, per) => {
        const missing = snacksToNextGift(snacks, per);
        if (missing === 0) return snacks % per === 0;
        return snackGiftCount(snacks + missing, per) === snackGiftCount(snacks, per) + 1 && missing < per;
      }),
      { numRuns },
    );
  });
});
