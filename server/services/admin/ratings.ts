// The weekly average ratings per restaurant for the operators' dashboard (GET /admin/ratings/weekly).
import type { RatingWeek } from '../../../src/api/contract/admin/ratings.js';
import type { Executor } from '../../db/database.js';
import { ratingWeeks } from '../../repositories/ratings.js';
import { dayOrInstant } from './dates.js';
import { cityTimeZone } from './orders.js';

export interface RatingWeeksQuery {
  from?: string | undefined;
  to?: string | undefined;
  cityId?: string | undefined;
  deliveryTerminalId?: string | undefined;
}

export async function averageRatingsByWeek(db: Executor, query: RatingWeeksQuery): Promise<{ weeks: RatingWeek[] }> {
  const tz = await cityTimeZone(db, query.cityId);
  const weeks = await ratingWeeks(db, {
    from: query.from ? dayOrInstant(query.from, tz, 'start') : undefined,
    to: query.to ? dayOrInstant(query.to, tz, 'end') : undefined,
    cityId: query.cityId,
    restaurantId: query.deliveryTerminalId,
  });
  return { weeks };
}
