// view commands: schemas and types (decider below).
import { z } from 'zod/mini';
import { bare, message } from '../events/define';
import { ToastKind } from '../events/view';
import type { AppEvent } from '../events';
import type { Toast } from '../events/view';
import type { AppState } from '../projections/store';
import type { Meta } from './types';

export const DismissToast = message('DismissToast', { id: z.string() });
export const ShowToast = message('ShowToast', { text: z.string(), kind: ToastKind });
/** A 422/403 answer; message from the body if any. */
export const ReportApiRefusal = message('ReportApiRefusal', { status: z.int(), message: z.nullable(z.string()) });
/** Sent every 60 s by the page-age effect (SPEC §9: reload after 24 h). */
export const CheckPageAge = bare('CheckPageAge');
export const OpenCart = bare('OpenCart');
export const ViewCommandSchema = z.discriminatedUnion('type', [DismissToast, ShowToast, ReportApiRefusal, CheckPageAge, OpenCart]);
export type ViewCommand = z.infer<typeof ViewCommandSchema>;

// ---------------------------------------------------------------------------------------------
// Decider.
/** SPEC §8 fallback of a 422/403 without a message. */
export const TEXT_REQUEST_FAILED = 'Произошла ошибка при запросе';
/** SPEC §9: reload after 24 h. */
export const PAGE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const toastShown = (id: string, text: string, kind: Toast['kind'] = 'error'): AppEvent => ({
  type: 'ToastShown',
  data: { toast: { id, text, kind } },
});

export function decideView(command: ViewCommand, state: AppState, meta: Meta): AppEvent[] {
  switch (command.type) {
    case 'DismissToast':
      return state.view.toasts.some((t) => t.id === command.data.id) ? [{ type: 'ToastDismissed', data: { id: command.data.id } }] : [];
    case 'ShowToast':
      return [toastShown(meta.id, command.data.text, command.data.kind)];
    case 'ReportApiRefusal': {
      const text = command.data.message?.trim() || TEXT_REQUEST_FAILED;
      return [{ type: 'ApiRefused', data: { status: command.data.status, message: text } }, toastShown(meta.id, text)];
    }
    case 'CheckPageAge': {
      const openedAt = state.view.openedAt;
      if (openedAt === null) return [];
      return Date.parse(meta.now) - Date.parse(openedAt) > PAGE_MAX_AGE_MS ? [{ type: 'PageExpired', data: { openedAt } }] : [];
    }
    case 'OpenCart':
      return [{ type: 'CartOpened', data: {} }];
    default: {
      const unreachable: never = command;
      throw new Error(`unknown view command ${JSON.stringify(unreachable)}`);
    }
  }
}
