// Rating after delivery (docs/CHECKOUT.md «Rating after delivery»): 1–5 stars, tags from the
// list, a comment of at most 500 characters; delivered means Delivered or Closed.
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../src/api/contract/orders';
import { RATING_TAGS, isRateableStatus, ratingInputProblem } from '../../src/domain/rating';

describe('ratingInputProblem', () => {
  const ok = { score: 3, tags: [], comment: '' };

  it('«Поставьте оценку от 1 до 5» outside 1–5 or for a fraction; 1 and 5 are fine', () => {
    for (const score of [0, 6, -1, 2.5, Number.NaN]) {
      expect(ratingInputProblem({ ...ok, score })).toBe('Поставьте оценку от 1 до 5');
    }
    expect(ratingInputProblem({ ...ok, score: 1 })).toBeNull();
    expect(ratingInputProblem({ ...ok, score: 5 })).toBeNull();
  });

  it('the tags the task names are offered: «холодное», «опоздали», «не всё привезли», «очень вкусно»', () => {
    expect(RATING_TAGS).toEqual(expect.arrayContaining(['холодное', 'опоздали', 'не всё привезли', 'очень вкусно']));
    expect(ratingInputProblem({ ...ok, tags: [...RATING_TAGS] })).toBeNull();
    expect(ratingInputProblem({ ...ok, tags: ['ужасно'] })).toBe('Выберите теги из предложенных');
  });

  it('«Комментарий — не длиннее 500 символов» past 500 characters, counted as the customer sees them', () => {
    expect(ratingInputProblem({ ...ok, comment: 'ы'.repeat(500) })).toBeNull();
    expect(ratingInputProblem({ ...ok, comment: 'ы'.repeat(501) })).toBe('Комментарий — не длиннее 500 символов');
    // an emoji is one character, though two UTF-16 units
    expect(ratingInputProblem({ ...ok, comment: '🍣'.repeat(500) })).toBeNull();
    // surrounding spaces do not count
    expect(ratingInputProblem({ ...ok, comment: ` ${'ы'.repeat(500)} ` })).toBeNull();
  });
});

describe('isRateableStatus', () => {
  it('only a delivered (Delivered) or completed (Closed) order may be rated', () => {
    expect(ORDER_STATUSES.filter(isRateableStatus)).toEqual(['Delivered', 'Closed']);
  });
});
