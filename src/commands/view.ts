// view commands: zod schemas and types. The decider is in view.decide.ts.
import { z } from 'zod/mini';
import { bare, message } from '../events/define';
import { ToastKind } from '../events/view';

export const DismissToast = message('DismissToast', { id: z.string() });
export const ShowToast = message('ShowToast', { text: z.string(), kind: ToastKind });
/** A 422/403 answer; message from the body if any. */
export const ReportApiRefusal = message('ReportApiRefusal', { status: z.int(), message: z.nullable(z.string()) });
/** Sent every 60 s by the page-age effect (PRODUCT.md §9: reload after 24 h). */
export const CheckPageAge = bare('CheckPageAge');
export const OpenCart = bare('OpenCart');
export const ViewCommandSchema = z.discriminatedUnion('type', [
  DismissToast,
  ShowToast,
  ReportApiRefusal,
  CheckPageAge,
  OpenCart,
]);
export type ViewCommand = z.infer<typeof ViewCommandSchema>;
