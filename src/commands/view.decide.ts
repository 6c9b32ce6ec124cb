// view: the decider, its texts and toastShown (used by other deciders). Only types from the
// schemas (view.ts): the first load runs it without them.
import type { AppEvent } from '../events';
import type { Toast } from '../events/view';
import type { AppState } from '../projections/store';
import type { Meta } from './types';
import type { ViewCommand } from './view';

/** PRODUCT.md §8 fallback of a 422/403 without a message. */
export const TEXT_REQUEST_FAILED = 'Произошла ошибка при запросе';
/** PRODUCT.md §9: reload after 24 h. */
export const PAGE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const toastShown = (id: string, text: string, kind: Toast['kind'] = 'error'): AppEvent => ({
  type: 'ToastShown',
  data: { toast: { id, text, kind } },
});

export function decideView(command: ViewCommand, state: AppState, meta: Meta): AppEvent[] {
  switch (command.type) {
    case 'DismissToast':
      return state.view.toasts.some((t) => t.id === command.data.id)
        ? [{ type: 'ToastDismissed', data: { id: command.data.id } }]
        : [];
    case 'ShowToast':
      return [toastShown(meta.id, command.data.text, command.data.kind)];
    case 'ReportApiRefusal': {
      const text = command.data.message?.trim() || TEXT_REQUEST_FAILED;
      return [{ type: 'ApiRefused', data: { status: command.data.status, message: text } }, toastShown(meta.id, text)];
    }
    case 'CheckPageAge': {
      const openedAt = state.view.openedAt;
      if (openedAt === null) return [];
      return Date.parse(meta.now) - Date.parse(openedAt) > PAGE_MAX_AGE_MS
        ? [{ type: 'PageExpired', data: { openedAt } }]
        : [];
    }
    case 'OpenCart':
      return [{ type: 'CartOpened', data: {} }];
    default: {
      const unreachable: never = command;
      throw new Error(`unknown view command ${JSON.stringify(unreachable)}`);
    }
  }
}
