// messageUnion declares an area's messages once: its TS type and its checks must be those of the
// union of `message` schemas it replaced.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod/mini';
import { message, messageUnion } from '../../src/events/define';

const Declared = messageUnion({
  ItemAdded: { lineId: z.string(), quantity: z.optional(z.number()) },
  CartCleared: {},
});
const Listed = z.discriminatedUnion('type', [
  message('ItemAdded', { lineId: z.string(), quantity: z.optional(z.number()) }),
  message('CartCleared', {}),
]);

describe('messageUnion', () => {
  it('infers the same union as the listed message schemas', () => {
    expectTypeOf<z.infer<typeof Declared>>().toEqualTypeOf<z.infer<typeof Listed>>();
    expectTypeOf<z.input<typeof Declared>>().toEqualTypeOf<z.input<typeof Listed>>();
  });

  it.each([
    { type: 'ItemAdded', data: { lineId: 'l1' } },
    { type: 'ItemAdded', data: { lineId: 'l1', quantity: 2 } },
    { type: 'CartCleared', data: {} },
  ])('accepts $type as the listed union does', (input) => {
    expect(Declared.parse(input)).toEqual(Listed.parse(input));
  });

  it.each([
    { type: 'ItemRemoved', data: { lineId: 'l1' } },
    { type: 'ItemAdded', data: { lineId: 1 } },
    { type: 'ItemAdded', data: {} },
    { type: 'CartCleared' },
  ])('refuses %j as the listed union does', (input) => {
    expect(Listed.safeParse(input).success).toBe(false);
    expect(Declared.safeParse(input).success).toBe(false);
  });

  it('keeps unknown data keys out, as z.object does', () => {
    expect(Declared.parse({ type: 'CartCleared', data: { extra: 1 } })).toEqual({ type: 'CartCleared', data: {} });
  });
});
