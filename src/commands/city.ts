// city commands: zod schemas and types. The decider is in city.decide.ts.
import { z } from 'zod/mini';
import { City } from '../api/entities';
import { message } from '../events/define';

export const ApplyCities = message('ApplyCities', { cities: z.array(City) });
/** Sent once by the boot effect after settings and cities are loaded. */
export const StartSession = message('StartSession', {
  /** Value of the cityId cookie, or null. */
  cityCookie: z.nullable(z.string()),
  /** Value of the city-already-selected cookie ('true' after a choice), or null. */
  citySelectedCookie: z.nullable(z.string()),
});
export const SelectCity = message('SelectCity', { cityId: z.string() });
export const CityCommandSchema = z.discriminatedUnion('type', [ApplyCities, StartSession, SelectCity]);
export type CityCommand = z.infer<typeof CityCommandSchema>;
