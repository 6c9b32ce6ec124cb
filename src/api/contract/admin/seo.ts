// Admin contract: operators' titles and descriptions of storefront pages (docs/SEO.md «Overrides»).
import { z } from 'zod/mini';
import { IsoDateTime } from '../../entities.js';
import { defineAdminRoute, listOf } from './common.js';

export const AdminSeoOverride = z.object({
  /** '/angarsk/catalog/pizza' (one city's page) or '/catalog/pizza' (the page in every city). */
  path: z.string(),
  title: z.nullable(z.string()),
  description: z.nullable(z.string()),
  updatedAt: IsoDateTime,
});
export type AdminSeoOverride = z.infer<typeof AdminSeoOverride>;

export const adminListSeoOverrides = defineAdminRoute('admin', 'GET /admin/seo', {
  summary: 'Every page title and description an operator set',
  response: listOf('overrides', AdminSeoOverride),
});

export const adminSaveSeoOverride = defineAdminRoute('admin', 'PUT /admin/seo', {
  summary:
    'Sets a page’s title and description (an empty field keeps the generated text; both empty removes the override); 422 for a path that is no storefront page',
  body: z.object({
    path: z.string().check(z.minLength(1), z.maxLength(500)),
    title: z.optional(z.nullable(z.string().check(z.maxLength(1000)))),
    description: z.optional(z.nullable(z.string().check(z.maxLength(2000)))),
  }),
  response: z.object({ override: z.nullable(AdminSeoOverride) }),
});
