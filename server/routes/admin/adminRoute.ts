// Registration of admin routes. Every route of the admin contract carries its least role
// (src/api/contract/admin/common.ts); the guard runs in an onRequest hook, before the request
// is parsed, so a caller without the right session learns nothing from validation errors:
// 401 without a staff session, 403 for a customer token or an operator on an admin route.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import type { AppContext } from '../../context.js';
import { bearerToken, clientIp } from '../../http/requestAuth.js';
import { route } from '../../http/route.js';
import { requireStaff, type StaffPrincipal } from '../../services/admin/staffSessions.js';
import type { AdminRouteDef, AdminRouteRole } from '../../../src/api/contract/admin/common.js';
import { API_PREFIX } from '../../../src/api/openapi.js';

export const UPLOAD_BODY_LIMIT = 9 * 1024 * 1024;
const principals = new WeakMap<FastifyRequest, StaffPrincipal>();
/** Admin routes registered per app context ('GET /admin/orders' …), for the permission tests. */
const registered = new WeakMap<AppContext, Map<string, AdminRouteRole>>();

export function registeredAdminRoutes(ctx: AppContext): ReadonlyMap<string, AdminRouteRole> {
  return registered.get(ctx) ?? new Map();
}

/** Installs the guard on an (encapsulated) admin plugin instance. */
export function installStaffGuard(app: FastifyInstance): void {
  const roles = registered.get(app.ctx) ?? new Map<string, AdminRouteRole>();
  registered.set(app.ctx, roles);
  app.addHook('onRoute', (options) => {
    // picture uploads travel as base64 JSON (up to 6 MB of image)
    if (options.url.endsWith('/admin/images')) options.bodyLimit = UPLOAD_BODY_LIMIT;
  });
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url ?? '';
    const path = url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url;
    const role = roles.get(`${request.method} ${path}`);
    if (role === 'public') return;
    // a route of this plugin with no role would be a bug: guard it as admin-only
    principals.set(request, await requireStaff(app.ctx, bearerToken(request), role ?? 'admin'));
  });
}

/** The staff member the guard let in. */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  const principal = principals.get(request);
  if (!principal) throw new Error('admin route without the staff guard');
  return principal;
}

type RouteHandler<
  P extends z.ZodMiniType,
  Q extends z.ZodMiniType,
  B extends z.ZodMiniType,
  R extends z.ZodMiniType,
> = Parameters<typeof route<P, Q, B, R>>[2];
type HandlerInput<
  P extends z.ZodMiniType,
  Q extends z.ZodMiniType,
  B extends z.ZodMiniType,
  R extends z.ZodMiniType,
> = Parameters<RouteHandler<P, Q, B, R>>[0];

export function adminRoute<
  P extends z.ZodMiniType,
  Q extends z.ZodMiniType,
  B extends z.ZodMiniType,
  R extends z.ZodMiniType,
>(
  app: FastifyInstance,
  def: AdminRouteDef<P, Q, B, R>,
  handler: (
    // ip: the client's address, for the audit log
    input: HandlerInput<P, Q, B, R> & { staff: StaffPrincipal; ctx: AppContext; ip: string },
  ) => ReturnType<RouteHandler<P, Q, B, R>>,
): void {
  if (def.role === 'public') throw new Error(`${def.path}: register public admin routes with publicAdminRoute`);
  remember(app, def);
  route(app, def, (input) =>
    handler({ ...input, staff: staffOf(input.request), ctx: app.ctx, ip: clientIp(input.request) }),
  );
}

/** A route of the admin contract open to anyone (the sign-in itself). */
export function publicAdminRoute<
  P extends z.ZodMiniType,
  Q extends z.ZodMiniType,
  B extends z.ZodMiniType,
  R extends z.ZodMiniType,
>(app: FastifyInstance, def: AdminRouteDef<P, Q, B, R>, handler: RouteHandler<P, Q, B, R>): void {
  if (def.role !== 'public') throw new Error(`${def.path} is not public`);
  remember(app, def);
  route(app, def, handler);
}

function remember(app: FastifyInstance, def: AdminRouteDef): void {
  const roles = registered.get(app.ctx);
  if (!roles) throw new Error('installStaffGuard first');
  roles.set(`${def.method} ${def.path}`, def.role);
}
