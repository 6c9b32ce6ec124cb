// modal commands: zod schemas and types. The decider is in modal.decide.ts.
import { z } from 'zod/mini';
import { message } from '../events/define';
import { ModalSchema } from '../events/modal';

export const OpenModal = message('OpenModal', { modal: ModalSchema });
/** Closes the topmost modal (or the topmost of `kind`); the city modal cannot be closed. */
export const CloseModal = message('CloseModal', { kind: z.optional(z.string()) });
export const ModalCommandSchema = z.discriminatedUnion('type', [OpenModal, CloseModal]);
export type ModalCommand = z.infer<typeof ModalCommandSchema>;
