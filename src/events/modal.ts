// Modal events and the modal payloads (PRODUCT.md §2 modal dialogs, §8 texts).
import { z } from 'zod/mini';
import { Id } from '../api/entities';
import { messageUnion } from './define';

export const ModalSchema = z.discriminatedUnion('kind', [
  /** 'Выберите свой город'; has no close button. */
  z.object({ kind: z.literal('city') }),
  z.object({ kind: z.literal('userEdit') }),
  z.object({
    kind: z.literal('confirm'),
    title: z.nullable(z.string()),
    messages: z.array(z.string()),
    confirmText: z.string(),
  }),
  z.object({ kind: z.literal('catalogMenu') }),
  z.object({ kind: z.literal('product'), productId: Id }),
  z.object({ kind: z.literal('deliveryMethod') }),
  z.object({ kind: z.literal('auth') }),
  z.object({ kind: z.literal('time') }),
  z.object({ kind: z.literal('restaurants') }),
  z.object({ kind: z.literal('address') }),
  z.object({ kind: z.literal('emptyCart') }),
  z.object({ kind: z.literal('modifier'), productId: Id, isGift: z.boolean(), fromPromocode: z.boolean() }),
  z.object({ kind: z.literal('snackGift') }),
  /** The half-and-half builder (docs/HALF-PIZZA.md), opened from a pizza (its first half) or the pizza section. */
  z.object({ kind: z.literal('halfPizza'), productId: z.nullable(Id) }),
  /** Text: TEXT_SITE_NOT_WORKING or the default (see notWorkingText in projections/modal). */
  z.object({ kind: z.literal('siteNotWorking') }),
  z.object({ kind: z.literal('workTime') }),
  /** The visit's prompt to rate a delivered order (docs/CHECKOUT.md «Rating after delivery»). */
  z.object({ kind: z.literal('rating'), orderId: Id, number: z.int() }),
]);
export type Modal = z.infer<typeof ModalSchema>;
export type ModalKind = Modal['kind'];

export const ModalEventSchema = messageUnion({
  ModalOpened: { modal: ModalSchema },
  /** The topmost modal of this kind closed. */
  ModalClosed: { kind: z.string() },
});
export type ModalEvent = z.infer<typeof ModalEventSchema>;
