// view commands: zod schemas and types. The decider is in view.decide.ts.
import { z } from 'zod/mini';
import { messageUnion } from '../events/define';
import { ToastKind } from '../events/view';

export const ViewCommandSchema = messageUnion({
  DismissToast: { id: z.string() },
  ShowToast: { text: z.string(), kind: ToastKind },
  /** A 422/403 answer; message from the body if any. */
  ReportApiRefusal: { status: z.int(), message: z.nullable(z.string()) },
  /** Sent every 60 s by the page-age effect (PRODUCT.md §9: reload after 24 h). */
  CheckPageAge: {},
  OpenCart: {},
});
export type ViewCommand = z.infer<typeof ViewCommandSchema>;
