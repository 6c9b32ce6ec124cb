// One declaration per API call, shared by the server (validation, OpenAPI) and the client
// (typed calls). Paths use Fastify's ':param' syntax and are relative to /api/v1.
import type { z } from 'zod/mini';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Who may call: anyone; anyone (answer differs when signed in); a signed-in customer; staff. */
export type RouteAuth = 'none' | 'optional' | 'user' | 'staff';

export interface RouteDef<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  auth: RouteAuth;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of a 2xx answer; `null` for an empty answer (204). */
  response: R | null;
}

export function defineRoute<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
>(def: RouteDef<P, Q, B, R>): RouteDef<P, Q, B, R> {
  return def;
}

/** Fills ':name' segments of a path with URL-encoded values. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
