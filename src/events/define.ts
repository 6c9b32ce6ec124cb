// Helpers shared by the event and command schema files: one `{ type, data }` message schema, and
// an area's union of them, each message named once.
import { z } from 'zod/mini';

// Both helpers are marked free of side effects, as zod/mini's own constructors are, so the
// bundler can drop the message schemas no module of a chunk uses: the first load needs few of them.

/** `{ type: T; data: {...shape} }` as a zod object; `z.infer` of it is the message's TS type. */
/* @__NO_SIDE_EFFECTS__ */
export function message<T extends string, S extends z.core.$ZodLooseShape>(type: T, data: S) {
  return z.object({ type: z.literal(type), data: z.object(data) });
}

type MessageSchema<T extends string, S extends z.core.$ZodLooseShape> = ReturnType<typeof message<T, S>>;
type MessageSchemas<M extends Record<string, z.core.$ZodLooseShape>> = {
  [T in keyof M & string]: MessageSchema<T, M[T]>;
}[keyof M & string];

/**
 * An area's messages as one discriminated union on `type`: each key is a message's type, its value
 * the shape of its `data`; a message without data has `{}`, so every message has the same shape.
 * `z.infer` of it is the union of the messages' TS types.
 */
/* @__NO_SIDE_EFFECTS__ */
export function messageUnion<const M extends Record<string, z.core.$ZodLooseShape>>(messages: M) {
  // Object.entries forgets which key goes with which shape; `message` pairs them as the type says.
  const options = Object.entries(messages).map(([type, data]) => message(type, data)) as unknown as [
    MessageSchemas<M>,
    ...MessageSchemas<M>[],
  ];
  return z.discriminatedUnion('type', options);
}
