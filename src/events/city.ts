// City events (PRODUCT.md §4 City selection).
import { z } from 'zod/mini';
import { City, Id, IsoDateTime } from '../api/entities';
import { bare, message } from './define';

export const CitiesLoaded = message('CitiesLoaded', { cities: z.array(City) });
/** Boot: the city from the cookie (or the default ANGARSK_ID) and the page's opening time. */
export const SessionStarted = message('SessionStarted', { cityId: z.nullable(Id), openedAt: IsoDateTime });
/** First visit (already-selected cookie is not 'true'): the city modal opens. */
export const CityPromptShown = bare('CityPromptShown');
/** The coupon is cleared; effects write the cookies and reload under /{slug}. */
export const CitySelected = message('CitySelected', { cityId: Id, slug: z.string() });
export const CityRejected = message('CityRejected', { cityId: z.string(), reason: z.enum(['unknown-city']) });

export const CityEventSchema = z.discriminatedUnion('type', [
  CitiesLoaded,
  SessionStarted,
  CityPromptShown,
  CitySelected,
  CityRejected,
]);
export type CityEvent = z.infer<typeof CityEventSchema>;
