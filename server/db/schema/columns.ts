// Column helpers the schema modules share.
import { timestamp } from 'drizzle-orm/pg-core';

/** A `timestamp with time zone` read as a Date. */
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `created_at`: when the row was inserted, by the database's clock. */
export const createdAt = () => tz('created_at').notNull().defaultNow();

/** `updated_at`: now at the insert; whoever changes the row sets it again. */
export const updatedAt = () => tz('updated_at').notNull().defaultNow();
