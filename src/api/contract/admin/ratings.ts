// Ratings after delivery for staff (docs/CHECKOUT.md «Rating after delivery»): the weekly
// averages per restaurant for the operators' dashboard, and the live notice of a low rating.
import { z } from 'zod/mini';
import { Id } from '../../entities.js';
import { CalendarDay, DateOrInstant, defineAdminRoute, listOf } from './common.js';

/** What a staff WebSocket receives when a customer rates an order 1–3 (besides StaffOrderEvent). */
export const StaffRatingEvent = z.object({
  type: z.literal('order:rated'),
  orderId: z.string(),
  number: z.number(),
  score: z.int().check(z.minimum(1), z.maximum(5)),
  tags: z.array(z.string()),
  comment: z.string(),
  cityId: z.string(),
  deliveryTerminalId: z.string(),
});
export type StaffRatingEvent = z.infer<typeof StaffRatingEvent>;

export const RatingWeek = z.object({
  restaurantId: z.string(),
  restaurantName: z.string(),
  cityId: z.string(),
  /** The Monday the week starts on, in the restaurant's city's time zone ('YYYY-MM-DD'). */
  weekStart: CalendarDay,
  /** Mean score, rounded to two decimals. */
  average: z.number().check(z.minimum(1), z.maximum(5)),
  count: z.int().check(z.positive()),
});
export type RatingWeek = z.infer<typeof RatingWeek>;

export const adminRatingWeeks = defineAdminRoute('manager', 'GET /admin/ratings/weekly', {
  summary: 'Average rating per restaurant and week (ratings by the time they were given), newest week first',
  query: z.object({
    /** Ratings given on or after (a day starts at its midnight in the city's zone; default Asia/Irkutsk). */
    from: z.optional(DateOrInstant),
    /** Ratings given before (a day counts whole). */
    to: z.optional(DateOrInstant),
    cityId: z.optional(Id),
    deliveryTerminalId: z.optional(Id),
  }),
  response: listOf('weeks', RatingWeek),
});
