// page commands: zod schemas and types. The decider is in page.decide.ts.
import { z } from 'zod/mini';
import { Page } from '../api/contract/pages';
import { message } from '../events/define';

/** An informational page (InfoPage) is shown for a city: load it, or refresh the one shown. */
export const LoadPage = message('LoadPage', { slug: z.string(), cityId: z.string() });
export const ApplyPage = message('ApplyPage', { slug: z.string(), cityId: z.string(), page: Page });
/** `status`: the HTTP status of the failure (0 for no answer), null when it was not an HTTP failure. */
export const ReportPageFailure = message('ReportPageFailure', {
  slug: z.string(),
  cityId: z.string(),
  status: z.nullable(z.int()),
  message: z.string(),
});
export const PageCommandSchema = z.discriminatedUnion('type', [LoadPage, ApplyPage, ReportPageFailure]);
export type PageCommand = z.infer<typeof PageCommandSchema>;
