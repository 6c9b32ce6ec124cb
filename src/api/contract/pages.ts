// Informational pages per city: about, delivery, legal, rule, promo, vacancies, masterclass,
// push-notifications-rules, receive-advertising-information.
import { z } from 'zod/mini';
import { defineRoute } from '../route.js';
import { Id, IsoDateTime } from '../entities.js';
import { PAGE_SLUGS } from '../siteRoutes.js';

export { PAGE_SLUGS };
export const PageSlug = z.enum(PAGE_SLUGS);
export type PageSlug = z.infer<typeof PageSlug>;

export const Page = z.object({
  slug: z.string(),
  cityId: Id,
  title: z.string(),
  /**
   * Plain text in a tiny markdown subset, to be rendered as text (never as HTML): blocks are
   * separated by a blank line; a block starting with '## ' is a heading; a block whose lines
   * start with '- ' is a bulleted list; anything else is a paragraph.
   */
  body: z.string(),
  updatedAt: IsoDateTime,
});
export type Page = z.infer<typeof Page>;

export const getPage = defineRoute('none', 'GET /page/:slug/:cityId', {
  summary: 'An informational page of a city (404 for an unknown page or city)',
  params: z.object({ slug: z.string().check(z.minLength(1), z.maxLength(64)), cityId: Id }),
  response: Page,
});
