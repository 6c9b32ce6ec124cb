// modal: the decider. Only types from the schemas (modal.ts): the first load runs it without them.
import type { AppEvent } from '../events';
import { UNCLOSABLE } from '../projections/modal';
import type { AppState } from '../projections/store';
import type { ModalCommand } from './modal';
import type { Meta } from './types';

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
