// Drizzle declaration of the geocoder answer cache (migration 0011_geocode_cache.sql).
import { doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const geocodeCache = pgTable('geocode_cache', {
  /** The normalised address text ('ангарск, улица карла маркса, 10'); no customer data. */
  address: text('address').primaryKey(),
  /** Null (both): the geocoder found nothing for the address. */
  lat: doublePrecision('lat'),
  lon: doublePrecision('lon'),
  precision: text('precision', { enum: ['house', 'street'] }),
  /** The street as the geocoder spells it. */
  street: text('street'),
  lookedUpAt: timestamp('looked_up_at', { withTimezone: true, mode: 'date' }).notNull(),
});
