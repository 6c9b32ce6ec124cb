// Rating an order after delivery (docs/CHECKOUT.md «Rating after delivery»): the tags, the
// limits and the Russian refusals, shared by the server's checks and the client's form.
import type { OrderStatus } from '../api/contract/orderCodes';

/** The tags a customer may pick, in the order the form shows them. */
export const RATING_TAGS = [
  'очень вкусно',
  'быстро привезли',
  'вежливый курьер',
  'аккуратная упаковка',
  'холодное',
  'опоздали',
  'не всё привезли',
  'невкусно',
  'помятая упаковка',
] as const;
export type RatingTag = (typeof RATING_TAGS)[number];

export const RATING_MIN_SCORE = 1;
export const RATING_MAX_SCORE = 5;
export const RATING_COMMENT_MAX = 500;
/** Ratings at or below this reach the operators' live orders screen at once (the trigger of migration 0114 says `<= 3`). */
export const LOW_RATING_MAX_SCORE = 3;

/** Statuses after which an order counts as delivered: brought (Delivered) or completed (Closed, pickup too). */
export const RATEABLE_STATUSES: readonly OrderStatus[] = ['Delivered', 'Closed'];

export function isRateableStatus(status: OrderStatus): boolean {
  return RATEABLE_STATUSES.includes(status);
}

export const RATING_MESSAGES = {
  badScore: 'Поставьте оценку от 1 до 5',
  commentTooLong: `Комментарий — не длиннее ${RATING_COMMENT_MAX} символов`,
  unknownTag: 'Выберите теги из предложенных',
  notDelivered: 'Оценить заказ можно после того, как его доставят',
  cancelled: 'Отменённый заказ оценить нельзя',
  notYours: 'Оценить заказ может только тот, кто его оформил',
  alreadyRated: 'Этот заказ уже оценён',
  orderNotFound: 'Заказ не найден',
  failed: 'Не удалось отправить оценку. Попробуйте ещё раз.',
} as const;

const TAG_SET: ReadonlySet<string> = new Set(RATING_TAGS);

export function isRatingTag(tag: string): tag is RatingTag {
  return TAG_SET.has(tag);
}

/** What is wrong with a rating as typed, in the words the customer reads; null when it may be sent. */
export function ratingInputProblem(input: { score: number; tags: readonly string[]; comment: string }): string | null {
  if (!Number.isInteger(input.score) || input.score < RATING_MIN_SCORE || input.score > RATING_MAX_SCORE)
    return RATING_MESSAGES.badScore;
  if (!input.tags.every(isRatingTag)) return RATING_MESSAGES.unknownTag;
  // code points, as the customer counts them (an emoji is one)
  if ([...input.comment.trim()].length > RATING_COMMENT_MAX) return RATING_MESSAGES.commentTooLong;
  return null;
}
