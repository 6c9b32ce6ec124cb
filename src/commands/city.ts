// city commands: schemas and types (decider below).
import { z } from 'zod';
import { City } from '../api/entities';
import { message } from '../events/define';

export const ApplyCities = message('ApplyCities', { cities: z.array(City) });
/** Sent once by the boot effect after settings and cities are loaded. */
export const StartSession = message('StartSession', {
  /** Value of the cityId cookie, or null. */
  cityCookie: z.string().nullable(),
  /** Value of the city-already-selected cookie ('true' after a choice), or null. */
  citySelectedCookie: z.string().nullable(),
});
export const SelectCity = message('SelectCity', { cityId: z.string() });
export const CityCommandSchema = z.discriminatedUnion('type', [ApplyCities, StartSession, SelectCity]);
export type CityCommand = z.infer<typeof CityCommandSchema>;
