// View projection: hidden-scroll flag, last-added highlight, update-needed flag, page age, toasts.
import { produce, type Draft } from 'immer';
import type { AppEvent } from '../events';
import type { Toast } from '../events/view';
import { applyCase, type CaseReducers } from './define';

export type ViewState = {
  /** True while a modal is open (derived by the root evolve from modal.stack). */
  hiddenScroll: boolean;
  /** PRODUCT.md §4 rule 6: the line highlighted for 1 s. */
  lastAddedLineId: string | null;
  /** PRODUCT.md §9: the mobile app version differs from '1'. */
  updateNeeded: boolean;
  /** When the page was opened (PRODUCT.md §9 reload after 24 h). */
  openedAt: string | null;
  /** Newest last; at most MAX_TOASTS. */
  toasts: Toast[];
};

export const MAX_TOASTS = 5;
export const initialView: ViewState = {
  hiddenScroll: false,
  lastAddedLineId: null,
  updateNeeded: false,
  openedAt: null,
  toasts: [],
};

export const viewReducers: CaseReducers<ViewState> = {
  LineHighlighted: (d, e) => void (d.lastAddedLineId = e.data.lineId),
  HighlightCleared: (d, e) => {
    if (d.lastAddedLineId === e.data.lineId) d.lastAddedLineId = null;
  },
  UpdateNeededFlagged: (d) => void (d.updateNeeded = true),
  SessionStarted: (d, e) => void (d.openedAt = e.data.openedAt),
  ToastShown: (d, e) => {
    d.toasts.push({ ...e.data.toast });
    if (d.toasts.length > MAX_TOASTS) d.toasts.splice(0, d.toasts.length - MAX_TOASTS);
  },
  ToastDismissed: (d, e) => void (d.toasts = d.toasts.filter((t) => t.id !== e.data.id)),
};

export function applyView(draft: Draft<ViewState>, event: AppEvent): void {
  applyCase(viewReducers, draft, event);
}
export function evolveView(state: ViewState, event: AppEvent): ViewState {
  return produce(state, (d) => applyView(d, event));
}
