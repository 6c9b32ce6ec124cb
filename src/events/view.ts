// View events: toasts, navigation hints, page age.
import { z } from 'zod/mini';
import { IsoDateTime } from '../api/entities';
import { messageUnion } from './define';

export const ToastKind = z.enum(['error', 'info', 'success']);
export type ToastKind = z.infer<typeof ToastKind>;
export const Toast = z.object({ id: z.string(), text: z.string(), kind: ToastKind });
export type Toast = z.infer<typeof Toast>;

export const ViewEventSchema = messageUnion({
  ToastShown: { toast: Toast },
  ToastDismissed: { id: z.string() },
  /** PRODUCT.md §4 repeat order: modals close and the router effect navigates to /cart. */
  CartOpened: {},
  /** 422/403: the server's message or 'Произошла ошибка при запросе' (a ToastShown follows). */
  ApiRefused: { status: z.int(), message: z.string() },
  /** PRODUCT.md §9: the page has been open for more than 24 h; the effect reloads it. */
  PageExpired: { openedAt: IsoDateTime },
});
export type ViewEvent = z.infer<typeof ViewEventSchema>;
