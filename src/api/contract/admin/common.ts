// Shared pieces of the admin contract: defineAdminRoute with each route's least role (which also
// sets the route's auth: 'none' for the public sign-in, 'staff' for the rest).
// See docs/ADMIN.md «Roles».
import { z } from 'zod/mini';
import { IsoDateTime } from '../../entities.js';
import { defineRoute, type RouteAuth, type RouteDef, type RouteLine, type RouteSchemas } from '../../route.js';

export const STAFF_ROLES = ['admin', 'manager', 'operator', 'callcentre', 'courier'] as const;
export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;
/** A route's least role; 'staff' is any signed-in staff member, 'public' the login alone. */
export type AdminRouteRole = StaffRole | 'staff' | 'public';

export const STAFF_ROLE_NAMES: Readonly<Record<StaffRole, string>> = {
  admin: 'администратор',
  manager: 'менеджер',
  operator: 'оператор',
  callcentre: 'колл-центр',
  courier: 'курьер',
};

/**
 * Which staff roles reach a route marked with a role. The first four nest (an admin may do what a
 * manager may, and so on down to the call centre); a courier reaches only the courier's routes.
 */
const ROLES_REACHING: Record<StaffRole, readonly StaffRole[]> = {
  admin: ['admin'],
  manager: ['admin', 'manager'],
  operator: ['admin', 'manager', 'operator'],
  callcentre: ['admin', 'manager', 'operator', 'callcentre'],
  courier: ['courier'],
};

/** Whether a staff member of `role` may call a route marked `routeRole` (the server checks it). */
export function roleReaches(role: StaffRole, routeRole: AdminRouteRole): boolean {
  return routeRole === 'public' || routeRole === 'staff' || ROLES_REACHING[routeRole].includes(role);
}

type Schema = z.ZodMiniType;

export type AdminRouteDef<
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R extends Schema = Schema,
> = RouteDef<P, Q, B, R> & { role: AdminRouteRole };

/**
 * An admin route with its least role: `defineAdminRoute('operator', 'GET /admin/couriers', {
 * summary, response })`. The form with one object after the role spells out method and path.
 */
export function defineAdminRoute<P extends Schema, Q extends Schema, B extends Schema, R extends Schema>(
  role: AdminRouteRole,
  line: RouteLine<`/admin/${string}`>,
  schemas: RouteSchemas<P, Q, B, R>,
): AdminRouteDef<P, Q, B, R>;
export function defineAdminRoute<P extends Schema, Q extends Schema, B extends Schema, R extends Schema>(
  role: AdminRouteRole,
  def: Omit<RouteDef<P, Q, B, R>, 'auth'>,
): AdminRouteDef<P, Q, B, R>;
export function defineAdminRoute<P extends Schema, Q extends Schema, B extends Schema, R extends Schema>(
  role: AdminRouteRole,
  lineOrDef: RouteLine | Omit<RouteDef<P, Q, B, R>, 'auth'>,
  schemas?: RouteSchemas<P, Q, B, R>,
): AdminRouteDef<P, Q, B, R> {
  if (typeof lineOrDef !== 'string') return withRole(role, defineRoute({ ...lineOrDef, auth: adminRouteAuth(role) }));
  if (schemas === undefined) throw new Error('defineAdminRoute: a request line and schemas');
  return withRole(role, defineRoute(adminRouteAuth(role), lineOrDef, schemas));
}

function withRole<P extends Schema, Q extends Schema, B extends Schema, R extends Schema>(
  role: AdminRouteRole,
  def: RouteDef<P, Q, B, R>,
): AdminRouteDef<P, Q, B, R> {
  if (!def.path.startsWith('/admin/')) throw new Error(`admin route outside /admin: ${def.path}`);
  return { ...def, role };
}

/** The sign-in is open to anyone; every other admin route needs a staff session. */
function adminRouteAuth(role: AdminRouteRole): RouteAuth {
  return role === 'public' ? 'none' : 'staff';
}

/** Whether a contract route is an admin route (has the role mark). */
export function isAdminRouteDef(def: RouteDef): def is AdminRouteDef {
  const role = (def as { role?: unknown }).role;
  return def.path.startsWith('/admin/') && (role === 'public' || role === 'staff' || StaffRole.safeParse(role).success);
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

/** A list answer: `listOf('cities', AdminCity)` is `{ cities: AdminCity[] }`. */
export function listOf<Key extends string, Item extends Schema>(
  key: Key,
  item: Item,
): z.ZodMiniObject<{ [K in Key]: z.ZodMiniArray<Item> }> {
  return z.object({ [key]: z.array(item) } as { [K in Key]: z.ZodMiniArray<Item> });
}

/** Paging of list answers: `limit` rows from `offset`; the answer carries `total`. */
export const AdminPaging = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)), 0),
});

/** An id as staff write it for a city, restaurant, zone, menu group or product: 1–64 of A–Z a–z 0–9 _ . : - */
export const RecordId = z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,64}$/));

/** A boolean in a query string: 'true' / 'false'. */
export const QueryBoolean = z.enum(['true', 'false']);

/** A customer's phone to look for: any spelling of a full number, or at least 4 digits of it. */
export const PhoneSearch = z.string().check(z.trim(), z.minLength(1), z.maxLength(32));

/** A calendar day, 'YYYY-MM-DD'. */
export const CalendarDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** 'YYYY-MM-DD' (a calendar day in the city's time zone) or a full ISO instant. */
export const DateOrInstant = z.union([CalendarDay, IsoDateTime]);

export { IdParams as AdminIdParams } from '../../entities.js';

export { ADMIN_MESSAGES, lockoutMessage } from './messages.js';
