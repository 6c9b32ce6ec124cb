// Informational page events (about, delivery, legal, …: GET /api/v1/page/{slug}/{cityId}). What
// the server answered is recorded, so a replayed log shows the page with no server.
import { z } from 'zod/mini';
import { Id } from '../api/entities';
import { Page } from '../api/contract/pages';
import { messageUnion } from './define';

export const PageEventSchema = messageUnion({
  /** The page of a city is asked for; the effect GETs it. A page already shown stays shown meanwhile. */
  PageRequested: { slug: z.string(), cityId: Id },
  PageLoaded: { slug: z.string(), cityId: Id, page: Page },
  /** `status`: the HTTP status (404 for an unknown page or city; 0 no answer; null no HTTP failure). */
  PageLoadFailed: {
    slug: z.string(),
    cityId: Id,
    status: z.nullable(z.int()),
    message: z.string(),
  },
});
export type PageEvent = z.infer<typeof PageEventSchema>;
