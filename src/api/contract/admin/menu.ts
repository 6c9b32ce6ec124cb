// Menu editing: groups, products, pictures, per-restaurant stop lists. Every change
// bumps the catalogue version and publishes catalog:update, so open storefronts reload it
// (at the latest on their next 60 s version check, PRODUCT.md §9).
import { z } from 'zod/mini';
import { Coded, GroupModifier, Id, Nutrition, PRODUCT_CARD_FIELDS, StopListEntry } from '../../entities.js';
import { AdminIdParams, defineAdminRoute, RecordId, patchOf, listOf } from './common.js';

const Slug = z.string().check(z.regex(/^[a-z0-9-]{1,100}$/));
/** A picture: '/img/…' (uploaded through POST /admin/images, or a seed picture), or null. */
const ImageUrl = z.nullable(z.string().check(z.regex(/^\/img\/[A-Za-z0-9/_.-]{1,300}$/)));

export const AdminGroup = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  parentGroup: z.nullable(z.string()),
  isIncludedInMenu: z.boolean(),
  isGroupModifier: z.boolean(),
  isServiceGroup: z.boolean(),
  /** Hidden groups (and their products) are left out of GET /catalog. */
  isVisible: z.boolean(),
  /** Position in the menu, ascending. */
  order: z.int(),
  imageUrl: z.nullable(z.string()),
});
export type AdminGroup = z.infer<typeof AdminGroup>;

export const AdminProduct = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  code: z.string(),
  price: z.int().check(z.nonnegative()),
  oldPrice: z.nullable(z.int().check(z.nonnegative())),
  /** Grams (millilitres for drinks). */
  weight: z.nullable(z.int().check(z.nonnegative())),
  nutrition: z.nullable(Nutrition),
  parentGroup: z.string(),
  ...PRODUCT_CARD_FIELDS,
  /** additionalInfo.sale: false keeps a snack out of the snack gift; null = not set. */
  sale: z.nullable(z.boolean()),
  isVisible: z.boolean(),
  order: z.int(),
});
export type AdminProduct = z.infer<typeof AdminProduct>;

export const GroupInput = z.object({
  /** Generated when left out. */
  id: z.optional(RecordId),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  slug: Slug,
  parentGroup: z._default(z.nullable(RecordId), null),
  isIncludedInMenu: z._default(z.boolean(), true),
  isGroupModifier: z._default(z.boolean(), false),
  isServiceGroup: z._default(z.boolean(), false),
  isVisible: z._default(z.boolean(), true),
  order: z._default(z.int().check(z.minimum(-1_000_000), z.maximum(1_000_000)), 0),
  imageUrl: z._default(ImageUrl, null),
});
export const GroupPatch = patchOf(z.omit(GroupInput, { id: true }));

export const ProductInput = z.object({
  id: z.optional(RecordId),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  description: z._default(z.string().check(z.trim(), z.maxLength(4000)), ''),
  code: z._default(z.string().check(z.trim(), z.maxLength(64)), ''),
  price: z.int().check(z.minimum(0), z.maximum(1_000_000)),
  oldPrice: z._default(z.nullable(z.int().check(z.minimum(0), z.maximum(1_000_000))), null),
  weight: z._default(z.nullable(z.int().check(z.minimum(0), z.maximum(100_000))), null),
  nutrition: z._default(z.nullable(Nutrition), null),
  parentGroup: RecordId,
  slug: Slug,
  imageUrl: z._default(ImageUrl, null),
  /** Every modifierId must be a product of a group with isGroupModifier (422 otherwise). */
  groupModifiers: z._default(z.array(GroupModifier).check(z.maxLength(20)), []),
  allergens: z._default(z.array(Coded).check(z.maxLength(30)), []),
  filters: z._default(z.array(Coded).check(z.maxLength(30)), []),
  maxPerPositionInOrder: z._default(z.int().check(z.minimum(0), z.maximum(99)), 0),
  sale: z._default(z.nullable(z.boolean()), null),
  isVisible: z._default(z.boolean(), true),
  order: z._default(z.int().check(z.minimum(-1_000_000), z.maximum(1_000_000)), 0),
});
export const ProductPatch = patchOf(z.omit(ProductInput, { id: true }));

export const adminGetMenu = defineAdminRoute('operator', 'GET /admin/menu', {
  summary: 'Every group and product, hidden ones included, with the catalogue version',
  response: z.object({ groups: z.array(AdminGroup), products: z.array(AdminProduct), version: z.string() }),
});

export const adminCreateGroup = defineAdminRoute('admin', 'POST /admin/menu/groups', {
  summary: 'Creates a group (409 for a taken id or slug, 422 for an unknown parent)',
  body: GroupInput,
  response: AdminGroup,
});

export const adminUpdateGroup = defineAdminRoute('admin', 'PATCH /admin/menu/groups/:id', {
  summary: 'Changes a group',
  params: AdminIdParams,
  body: GroupPatch,
  response: AdminGroup,
});

export const adminDeleteGroup = defineAdminRoute('admin', 'DELETE /admin/menu/groups/:id', {
  summary: 'Deletes an empty group (409 while it has products or subgroups: hide it instead)',
  params: AdminIdParams,
  response: null,
});

export const adminCreateProduct = defineAdminRoute('admin', 'POST /admin/menu/products', {
  summary: 'Creates a product',
  body: ProductInput,
  response: AdminProduct,
});

export const adminUpdateProduct = defineAdminRoute('admin', 'PATCH /admin/menu/products/:id', {
  summary:
    'Changes a product (price, texts, picture, modifiers, allergens, filters, visibility, sale flag, limit, order)',
  params: AdminIdParams,
  body: ProductPatch,
  response: AdminProduct,
});

export const adminDeleteProduct = defineAdminRoute('admin', 'DELETE /admin/menu/products/:id', {
  summary: 'Deletes a product (past orders keep their lines); 409 while another product offers it as a modifier',
  params: AdminIdParams,
  response: null,
});

export const ImageKind = z.enum(['products', 'groups', 'stories', 'slides']);

export const adminUploadImage = defineAdminRoute('admin', 'POST /admin/images', {
  summary:
    'Stores a picture (JPEG, PNG, WebP, AVIF or GIF, at most 6 MB, base64) under DATA_DIR and answers its /img URL for products, groups, stories or slides',
  body: z.object({ kind: ImageKind, dataBase64: z.string().check(z.minLength(8), z.maxLength(8_400_000)) }),
  response: z.object({ imageUrl: z.string(), width: z.int(), height: z.int() }),
});

export const adminGetStopList = defineAdminRoute('operator', 'GET /admin/stop-list', {
  summary: 'What each restaurant cannot cook now',
  response: listOf('stopList', StopListEntry),
});

export const adminToggleStopList = defineAdminRoute('operator', 'PUT /admin/stop-list/:deliveryTerminalId/:productId', {
  summary: 'Puts a product on a restaurant’s stop list (stopped: true) or takes it off',
  params: z.object({
    deliveryTerminalId: Id,
    productId: Id,
  }),
  body: z.object({ stopped: z.boolean() }),
  response: z.object({ stopped: z.boolean(), version: z.string() }),
});
