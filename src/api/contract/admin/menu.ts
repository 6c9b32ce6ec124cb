// Menu editing (issue 6 §3): groups, products, pictures, per-restaurant stop lists. Every change
// bumps the catalogue version and publishes catalog:update, so open storefronts reload it
// (at the latest on their next 60 s version check, SPEC §9).
import { z } from 'zod';
import { Coded, GroupModifier, Nutrition, StopListEntry } from '../../entities.js';
import { AdminIdParams, defineAdminRoute } from './common.js';

const Slug = z.string().regex(/^[a-z0-9-]{1,100}$/);
const MenuId = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);
/** A picture: '/img/…' (uploaded through POST /admin/images, or a seed picture), or null. */
const ImageUrl = z.string().regex(/^\/img\/[A-Za-z0-9/_.-]{1,300}$/).nullable();

export const AdminGroup = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  parentGroup: z.string().nullable(),
  isIncludedInMenu: z.boolean(),
  isGroupModifier: z.boolean(),
  isServiceGroup: z.boolean(),
  /** Hidden groups (and their products) are left out of GET /catalog. */
  isVisible: z.boolean(),
  /** Position in the menu, ascending. */
  order: z.number().int(),
  imageUrl: z.string().nullable(),
});
export type AdminGroup = z.infer<typeof AdminGroup>;

export const AdminProduct = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  code: z.string(),
  price: z.number().int().nonnegative(),
  oldPrice: z.number().int().nonnegative().nullable(),
  /** Grams (millilitres for drinks). */
  weight: z.number().int().nonnegative().nullable(),
  nutrition: Nutrition.nullable(),
  parentGroup: z.string(),
  slug: z.string(),
  imageUrl: z.string().nullable(),
  groupModifiers: z.array(GroupModifier),
  allergens: z.array(Coded),
  filters: z.array(Coded),
  /** 0 = no limit (SPEC §4 rule 5). */
  maxPerPositionInOrder: z.number().int().nonnegative(),
  /** additionalInfo.sale: false keeps a snack out of the snack gift; null = not set. */
  sale: z.boolean().nullable(),
  isVisible: z.boolean(),
  order: z.number().int(),
});
export type AdminProduct = z.infer<typeof AdminProduct>;

export const GroupInput = z.object({
  /** Generated when left out. */
  id: MenuId.optional(),
  name: z.string().trim().min(1).max(200),
  slug: Slug,
  parentGroup: MenuId.nullable().default(null),
  isIncludedInMenu: z.boolean().default(true),
  isGroupModifier: z.boolean().default(false),
  isServiceGroup: z.boolean().default(false),
  isVisible: z.boolean().default(true),
  order: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  imageUrl: ImageUrl.default(null),
});
export const GroupPatch = GroupInput.omit({ id: true }).partial();

export const ProductInput = z.object({
  id: MenuId.optional(),
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(4000).default(''),
  code: z.string().trim().max(64).default(''),
  price: z.number().int().min(0).max(1_000_000),
  oldPrice: z.number().int().min(0).max(1_000_000).nullable().default(null),
  weight: z.number().int().min(0).max(100_000).nullable().default(null),
  nutrition: Nutrition.nullable().default(null),
  parentGroup: MenuId,
  slug: Slug,
  imageUrl: ImageUrl.default(null),
  /** Every modifierId must be a product of a group with isGroupModifier (422 otherwise). */
  groupModifiers: z.array(GroupModifier).max(20).default([]),
  allergens: z.array(Coded).max(30).default([]),
  filters: z.array(Coded).max(30).default([]),
  maxPerPositionInOrder: z.number().int().min(0).max(99).default(0),
  sale: z.boolean().nullable().default(null),
  isVisible: z.boolean().default(true),
  order: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export const ProductPatch = ProductInput.omit({ id: true }).partial();

export const adminGetMenu = defineAdminRoute('operator', {
  method: 'GET',
  path: '/admin/menu',
  summary: 'Every group and product, hidden ones included, with the catalogue version',
  auth: 'staff',
  response: z.object({ groups: z.array(AdminGroup), products: z.array(AdminProduct), version: z.string() }),
});

export const adminCreateGroup = defineAdminRoute('admin', {
  method: 'POST',
  path: '/admin/menu/groups',
  summary: 'Creates a group (409 for a taken id or slug, 422 for an unknown parent)',
  auth: 'staff',
  body: GroupInput,
  response: AdminGroup,
});

export const adminUpdateGroup = defineAdminRoute('admin', {
  method: 'PATCH',
  path: '/admin/menu/groups/:id',
  summary: 'Changes a group',
  auth: 'staff',
  params: AdminIdParams,
  body: GroupPatch,
  response: AdminGroup,
});

export const adminDeleteGroup = defineAdminRoute('admin', {
  method: 'DELETE',
  path: '/admin/menu/groups/:id',
  summary: 'Deletes an empty group (409 while it has products or subgroups: hide it instead)',
  auth: 'staff',
  params: AdminIdParams,
  response: null,
});

export const adminCreateProduct = defineAdminRoute('admin', {
  method: 'POST',
  path: '/admin/menu/products',
  summary: 'Creates a product',
  auth: 'staff',
  body: ProductInput,
  response: AdminProduct,
});

export const adminUpdateProduct = defineAdminRoute('admin', {
  method: 'PATCH',
  path: '/admin/menu/products/:id',
  summary: 'Changes a product (price, texts, picture, modifiers, allergens, filters, visibility, sale flag, limit, order)',
  auth: 'staff',
  params: AdminIdParams,
  body: ProductPatch,
  response: AdminProduct,
});

export const adminDeleteProduct = defineAdminRoute('admin', {
  method: 'DELETE',
  path: '/admin/menu/products/:id',
  summary: 'Deletes a product (past orders keep their lines); 409 while another product offers it as a modifier',
  auth: 'staff',
  params: AdminIdParams,
  response: null,
});

export const ImageKind = z.enum(['products', 'groups', 'stories', 'slides']);

export const adminUploadImage = defineAdminRoute('admin', {
  method: 'POST',
  path: '/admin/images',
  summary: 'Stores a picture (JPEG, PNG, WebP, AVIF or GIF, at most 6 MB, base64) under DATA_DIR and answers its /img URL for products, groups, stories or slides',
  auth: 'staff',
  body: z.object({ kind: ImageKind, dataBase64: z.string().min(8).max(8_400_000) }),
  response: z.object({ imageUrl: z.string(), width: z.number().int(), height: z.number().int() }),
});

export const adminGetStopList = defineAdminRoute('operator', {
  method: 'GET',
  path: '/admin/stop-list',
  summary: 'What each restaurant cannot cook now',
  auth: 'staff',
  response: z.object({ stopList: z.array(StopListEntry) }),
});

export const adminToggleStopList = defineAdminRoute('operator', {
  method: 'PUT',
  path: '/admin/stop-list/:deliveryTerminalId/:productId',
  summary: 'Puts a product on a restaurant’s stop list (stopped: true) or takes it off',
  auth: 'staff',
  params: z.object({ deliveryTerminalId: z.string().min(1).max(64), productId: z.string().min(1).max(64) }),
  body: z.object({ stopped: z.boolean() }),
  response: z.object({ stopped: z.boolean(), version: z.string() }),
});
