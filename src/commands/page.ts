// page commands: zod schemas and types. The decider is in page.decide.ts.
import { z } from 'zod/mini';
import { Page } from '../api/contract/pages';
import { messageUnion } from '../events/define';

export const PageCommandSchema = messageUnion({
  /** An informational page (InfoPage) is shown for a city: load it, or refresh the one shown. */
  LoadPage: { slug: z.string(), cityId: z.string() },
  ApplyPage: { slug: z.string(), cityId: z.string(), page: Page },
  /** `status`: the HTTP status of the failure (0 for no answer), null when it was not an HTTP failure. */
  ReportPageFailure: {
    slug: z.string(),
    cityId: z.string(),
    status: z.nullable(z.int()),
    message: z.string(),
  },
});
export type PageCommand = z.infer<typeof PageCommandSchema>;
