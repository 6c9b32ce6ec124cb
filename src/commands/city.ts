// city commands: zod schemas and types. The decider is in city.decide.ts.
import { z } from 'zod/mini';
import { City } from '../api/entities';
import { messageUnion } from '../events/define';

export const CityCommandSchema = messageUnion({
  ApplyCities: { cities: z.array(City) },
  /** Sent once by the boot effect after settings and cities are loaded. */
  StartSession: {
    /** Value of the cityId cookie, or null. */
    cityCookie: z.nullable(z.string()),
    /** Value of the city-already-selected cookie ('true' after a choice), or null. */
    citySelectedCookie: z.nullable(z.string()),
  },
  SelectCity: { cityId: z.string() },
});
export type CityCommand = z.infer<typeof CityCommandSchema>;
