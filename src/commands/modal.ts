// modal commands: zod schemas and types. The decider is in modal.decide.ts.
import { z } from 'zod/mini';
import { messageUnion } from '../events/define';
import { ModalSchema } from '../events/modal';

export const ModalCommandSchema = messageUnion({
  OpenModal: { modal: ModalSchema },
  /** Closes the topmost modal (or the topmost of `kind`); the city modal cannot be closed. */
  CloseModal: { kind: z.optional(z.string()) },
});
export type ModalCommand = z.infer<typeof ModalCommandSchema>;
