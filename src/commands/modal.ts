// modal commands: schemas, types and the decider.
import { z } from 'zod/mini';
import { message } from '../events/define';
import { ModalSchema } from '../events/modal';
import type { AppEvent } from '../events';
import { UNCLOSABLE } from '../projections/modal';
import type { AppState } from '../projections/store';
import type { Meta } from './types';

export const OpenModal = message('OpenModal', { modal: ModalSchema });
/** Closes the topmost modal (or the topmost of `kind`); the city modal cannot be closed. */
export const CloseModal = message('CloseModal', { kind: z.optional(z.string()) });
export const ModalCommandSchema = z.discriminatedUnion('type', [OpenModal, CloseModal]);
export type ModalCommand = z.infer<typeof ModalCommandSchema>;

// ---------------------------------------------------------------------------------------------
// Decider.
export function decideModal(command: ModalCommand, state: AppState, _meta: Meta): AppEvent[] {
  const stack = state.modal.stack;
  switch (command.type) {
    case 'OpenModal': {
      const top = stack[stack.length - 1];
      if (top !== undefined && JSON.stringify(top) === JSON.stringify(command.data.modal)) return [];
      return [{ type: 'ModalOpened', data: { modal: command.data.modal } }];
    }
    case 'CloseModal': {
      const kind = command.data.kind ?? stack[stack.length - 1]?.kind;
      if (kind === undefined || !stack.some((m) => m.kind === kind)) return [];
      if (UNCLOSABLE.some((k) => k === kind)) return [];
      return [{ type: 'ModalClosed', data: { kind } }];
    }
    default: {
      const unreachable: never = command;
      throw new Error(`unknown modal command ${JSON.stringify(unreachable)}`);
    }
  }
}
