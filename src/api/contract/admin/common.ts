// Shared pieces of the admin contract: defineAdminRoute with each route's least role.
// See docs/ADMIN.md «Roles».
import { z } from 'zod/mini';
import { defineRoute, type RouteDef } from '../../route.js';

export const StaffRole = z.enum(['admin', 'operator', 'manager']);
export type StaffRole = z.infer<typeof StaffRole>;
export type AdminRouteRole = StaffRole | 'public';

/** Each role may do what the roles below it may: operator < manager (adds the reports) < admin. */
const ROLE_RANK: Readonly<Record<StaffRole, number>> = { operator: 1, manager: 2, admin: 3 };

/** Whether a staff member of `role` may call a route whose least role is `least`. */
export function staffRoleAllows(role: StaffRole, least: StaffRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[least];
}

export type AdminRouteDef<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> = RouteDef<P, Q, B, R> & { role: AdminRouteRole };

export function defineAdminRoute<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
>(role: AdminRouteRole, def: RouteDef<P, Q, B, R>): AdminRouteDef<P, Q, B, R> {
  if (!def.path.startsWith('/admin/')) throw new Error(`admin route outside /admin: ${def.path}`);
  return { ...defineRoute(def), role };
}

/** Whether a contract route is an admin route (has the role mark). */
export function isAdminRouteDef(def: RouteDef): def is AdminRouteDef {
  const role = (def as { role?: unknown }).role;
  return def.path.startsWith('/admin/') && (StaffRole.safeParse(role).success || role === 'public');
}

type WithoutDefault<T> = T extends z.ZodMiniDefault<infer Inner> ? Inner : T;

/**
 * The PATCH body of a create body's fields: each optional and none taking its default, so an
 * absent field stays absent and the stored value is left as it is.
 */
export function patchOf<S extends z.core.$ZodLooseShape>(
  fields: z.ZodMiniObject<S>,
): z.ZodMiniObject<{ -readonly [K in keyof S]: z.ZodMiniOptional<WithoutDefault<S[K]>> }> {
  const shape: Record<string, z.ZodMiniOptional> = {};
  for (const [key, field] of Object.entries(fields.shape) as [string, z.ZodMiniType][])
    shape[key] = z.optional(field instanceof z.ZodMiniDefault ? field._zod.def.innerType : field);
  return z.object(shape) as z.ZodMiniObject<{ -readonly [K in keyof S]: z.ZodMiniOptional<WithoutDefault<S[K]>> }>;
}

/** Paging of list answers: `limit` rows from `offset`; the answer carries `total`. */
export const AdminPaging = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)), 0),
});

/** A boolean in a query string: 'true' / 'false'. */
export const QueryBoolean = z.enum(['true', 'false']);

/** 'YYYY-MM-DD' (a calendar day in the city's time zone) or a full ISO instant. */
export const DateOrInstant = z.union([
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  z.iso.datetime({ offset: true }),
]);

export const AdminIdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

export { ADMIN_MESSAGES, lockoutMessage } from './messages.js';
