// Helper shared by the event and command schema files: one `{ type, data }` message schema.
import { z } from 'zod';

/** `{ type: T; data: {...shape} }` as a zod object; `z.infer` of it is the message's TS type. */
export function message<T extends string, S extends z.ZodRawShape>(type: T, data: S) {
  return z.object({ type: z.literal(type), data: z.object(data) });
}

/** Messages without data still carry `data: {}` so every message has the same shape. */
export function bare<T extends string>(type: T) {
  return z.object({ type: z.literal(type), data: z.object({}) });
}
