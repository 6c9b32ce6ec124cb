// One declaration per API call, shared by the server (validation, OpenAPI) and the client
// (typed calls). Paths use Fastify's ':param' syntax and are relative to /api/v1.
import type { z } from 'zod/mini';

/** Any zod schema of a route's parameters, query, body or answer. */
type Schema = z.ZodMiniType;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Who may call: anyone; anyone (answer differs when signed in); a signed-in customer; staff. */
export type RouteAuth = 'none' | 'optional' | 'user' | 'staff';

export interface RouteDef<
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R extends Schema = Schema,
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

/** A route's method and path as an HTTP request line names them: 'GET /user/:id/like'. */
export type RouteLine<Path extends `/${string}` = `/${string}`> = `${HttpMethod} ${Path}`;

/** What a route declares besides who may call it and its method and path. */
export type RouteSchemas<
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R extends Schema = Schema,
> = Omit<RouteDef<P, Q, B, R>, 'method' | 'path' | 'auth'>;

/** 'GET /user/:id/like' → its method and path. */
export function splitRouteLine(line: RouteLine): { method: HttpMethod; path: string } {
  const space = line.indexOf(' ');
  return { method: line.slice(0, space) as HttpMethod, path: line.slice(space + 1) };
}

/**
 * A route: `defineRoute('user', 'GET /user/:id/like', { summary, params, response })`, who may call
 * first, then the request line, then the schemas. The one-object form is the same route spelt out.
 */
export function defineRoute<P extends Schema, Q extends Schema, B extends Schema, R extends Schema>(
  auth: RouteAuth,
  line: RouteLine,
  schemas: RouteSchemas<P, Q, B, R>,
): RouteDef<P, Q, B, R>;
export function defineRoute<P extends Schema, Q extends Schema, B extends Schema, R extends Schema>(
  def: RouteDef<P, Q, B, R>,
): RouteDef<P, Q, B, R>;
export function defineRoute<P extends Schema, Q extends Schema, B extends Schema, R extends Schema>(
  authOrDef: RouteAuth | RouteDef<P, Q, B, R>,
  line?: RouteLine,
  schemas?: RouteSchemas<P, Q, B, R>,
): RouteDef<P, Q, B, R> {
  if (typeof authOrDef !== 'string') return authOrDef;
  if (line === undefined || schemas === undefined) throw new Error('defineRoute: a request line and schemas');
  const { summary, ...rest } = schemas;
  return { ...splitRouteLine(line), summary, auth: authOrDef, ...rest };
}

// The first load builds paths (client.ts) but declares no route: buildPath has its own module.
export { buildPath } from './buildPath.js';
