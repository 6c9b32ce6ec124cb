// City events (PRODUCT.md §4 City selection).
import { z } from 'zod/mini';
import { City, Id, IsoDateTime } from '../api/entities';
import { messageUnion } from './define';

export const CityEventSchema = messageUnion({
  CitiesLoaded: { cities: z.array(City) },
  /** Boot: the city from the cookie (or the default ANGARSK_ID) and the page's opening time. */
  SessionStarted: { cityId: z.nullable(Id), openedAt: IsoDateTime },
  /** First visit (already-selected cookie is not 'true'): the city modal opens. */
  CityPromptShown: {},
  /** The coupon is cleared; effects write the cookies and reload under /{slug}. */
  CitySelected: { cityId: Id, slug: z.string() },
  CityRejected: { cityId: z.string(), reason: z.enum(['unknown-city']) },
});
export type CityEvent = z.infer<typeof CityEventSchema>;
