// modal commands: schemas and types (decider below).
import { z } from 'zod';
import { message } from '../events/define';
import { ModalSchema } from '../events/modal';

export const OpenModal = message('OpenModal', { modal: ModalSchema });
/** Closes the topmost modal (or the topmost of `kind`); the city modal cannot be closed. */
export const CloseModal = message('CloseModal', { kind: z.string().optional() });
export const ModalCommandSchema = z.discriminatedUnion('type', [OpenModal, CloseModal]);
export type ModalCommand = z.infer<typeof ModalCommandSchema>;
