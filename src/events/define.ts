// Helper shared by the event and command schema files: one `{ type, data }` message schema.
import { z } from 'zod/mini';

// Both helpers are marked free of side effects, as zod/mini's own constructors are, so the
// bundler can drop the message schemas no module of a chunk uses: the first load needs few of them.

/** `{ type: T; data: {...shape} }` as a zod object; `z.infer` of it is the message's TS type. */
/* @__NO_SIDE_EFFECTS__ */
export function message<T extends string, S extends z.core.$ZodLooseShape>(type: T, data: S) {
  return z.object({ type: z.literal(type), data: z.object(data) });
}

/** Messages without data still carry `data: {}` so every message has the same shape. */
/* @__NO_SIDE_EFFECTS__ */
export function bare<T extends string>(type: T) {
  return z.object({ type: z.literal(type), data: z.object({}) });
}
