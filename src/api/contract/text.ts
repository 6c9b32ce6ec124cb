// Text the customer area stores or looks up: PostgreSQL text cannot hold U+0000, and a lone
// UTF-16 surrogate would be stored mangled, so both are refused at the contract (400) instead
// of failing in the database (500).
import { z } from 'zod/mini';
import { Id } from '../entities.js';

const STORABLE = /^[^\u0000\uD800-\uDFFF]*$/u;

export const storable = <T extends z.ZodMiniString>(schema: T) => schema.check(z.regex(STORABLE));

/** An id (1..64 characters) safe to pass to the database. */
export const StorableId = storable(Id);

/** The ':id' of a customer route's path (an order, an address, the customer). */
export const StorableIdParams = z.object({ id: StorableId });
