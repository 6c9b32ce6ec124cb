// OpenAPI 3.1 document of the API, generated from the shared contract (every `defineRoute` export
// of src/api/contract/index.ts) with zod 4's z.toJSONSchema; served at GET /api/docs.
//
// Schemas describe what travels on the wire. The server sends a handler's answer as it is
// (server/http/route.ts only checks it), so answers, like requests, use the schemas' input side.
// Schemas named with .meta({ id }) or reused inside one schema become components.schemas.
import { z } from 'zod/mini';
import * as contract from './contract/index.js';
import type { HttpMethod, RouteDef } from './route.js';

export const API_PREFIX = '/api/v1';
const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, JsonObject>>;
  components: { schemas: Record<string, JsonObject>; securitySchemes: Record<string, JsonObject> };
}

function isZodType(value: unknown): value is z.ZodMiniType {
  return value instanceof z.ZodMiniType;
}

/** Whether a module export is a RouteDef made by defineRoute. */
export function isRouteDef(value: unknown): value is RouteDef {
  if (typeof value !== 'object' || value === null || isZodType(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.method === 'string' &&
    METHODS.includes(v.method as HttpMethod) &&
    typeof v.path === 'string' &&
    v.path.startsWith('/') &&
    typeof v.summary === 'string' &&
    typeof v.auth === 'string' &&
    (v.response === null || isZodType(v.response))
  );
}

/** Every route of the contract with the name it is exported under, in path then method order. */
export function contractRoutes(module: Record<string, unknown> = contract): { name: string; def: RouteDef }[] {
  return Object.entries(module)
    .filter((entry): entry is [string, RouteDef] => isRouteDef(entry[1]))
    .map(([name, def]) => ({ name, def }))
    .sort(
      (a, b) => a.def.path.localeCompare(b.def.path) || METHODS.indexOf(a.def.method) - METHODS.indexOf(b.def.method),
    );
}

/** '/user/:phone/history' → '/api/v1/user/{phone}/history' */
export function openApiPath(path: string): string {
  return API_PREFIX + path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepEqual(a: Json | undefined, b: Json | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Rewrites '#/$defs/x' references through `rename`, everywhere in `value`. */
function rewriteRefs(value: Json, rename: (name: string) => string): Json {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, rename));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/'))
      out[key] = `#/components/schemas/${rename(v.slice(8))}`;
    else out[key] = rewriteRefs(v, rename);
  }
  return out;
}

export function buildOpenApi(routes: { name: string; def: RouteDef }[] = contractRoutes()): OpenApiDocument {
  const components: Record<string, JsonObject> = {
    ErrorAnswer: {
      type: 'object',
      description: 'Every error: a Russian message for the customer and a machine code',
      properties: { message: { type: 'string' }, code: { type: 'string' } },
      required: ['message'],
    },
  };

  /** JSON Schema of a zod schema, its $defs moved into components.schemas. */
  function schemaOf(schema: z.ZodMiniType, owner: string): JsonObject {
    const raw = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
      target: 'draft-2020-12',
      reused: 'inline',
      cycles: 'ref',
    }) as JsonObject;
    const { $schema: _dialect, $defs, ...rest } = raw;
    const names = new Map<string, string>();
    if (isObject($defs)) {
      for (const name of Object.keys($defs)) {
        let chosen = name.replace(/[^A-Za-z0-9._-]/g, '_');
        if (components[chosen] && !deepEqual(components[chosen], $defs[name])) chosen = `${owner}_${chosen}`;
        names.set(name, chosen);
      }
      for (const [name, def] of Object.entries($defs)) {
        const chosen = names.get(name) ?? name;
        if (isObject(def)) components[chosen] = rewriteRefs(def, (n) => names.get(n) ?? n) as JsonObject;
      }
    }
    return rewriteRefs(rest, (n) => names.get(n) ?? n) as JsonObject;
  }

  function parameters(schema: z.ZodMiniType | undefined, where: 'path' | 'query', owner: string): JsonObject[] {
    if (!schema) return [];
    const json = schemaOf(schema, owner);
    const properties = isObject(json.properties) ? json.properties : {};
    const required = Array.isArray(json.required) ? json.required : [];
    return Object.entries(properties).map(([name, property]) => {
      const parameter: JsonObject = {
        name,
        in: where,
        required: where === 'path' || required.includes(name),
        schema: property,
      };
      if (isObject(property) && typeof property.description === 'string') parameter.description = property.description;
      return parameter;
    });
  }

  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const { name, def } of routes) {
    const operation: JsonObject = { operationId: name, summary: def.summary, tags: [def.path.split('/')[1] ?? 'api'] };
    const pathParams = parameters(def.params, 'path', name);
    // a ':name' segment the params schema does not describe is still a required string
    for (const match of def.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)) {
      const param = match[1] ?? '';
      if (!pathParams.some((p) => p.name === param))
        pathParams.push({ name: param, in: 'path', required: true, schema: { type: 'string' } });
    }
    const all = [...pathParams, ...parameters(def.query, 'query', name)];
    if (all.length > 0) operation.parameters = all;
    if (def.body)
      operation.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(def.body, name) } } };
    const error = (description: string): JsonObject => ({
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
    });
    const responses: JsonObject = def.response
      ? { '200': { description: 'OK', content: { 'application/json': { schema: schemaOf(def.response, name) } } } }
      : { '204': { description: 'No content' } };
    if (def.params || def.query || def.body) responses['400'] = error('Invalid request (Russian message)');
    if (def.auth === 'user' || def.auth === 'staff') {
      responses['401'] = error('Требуется вход по номеру телефона');
      responses['403'] = error('Another customer’s object');
      operation.security = [{ bearerAuth: [] }];
    } else if (def.auth === 'optional') {
      operation.security = [{}, { bearerAuth: [] }];
    }
    operation.responses = responses;
    operation['x-auth'] = def.auth;
    const key = openApiPath(def.path);
    paths[key] ??= {};
    const byMethod = paths[key];
    if (byMethod) byMethod[def.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Storefront API',
      version: '1',
      description:
        'Customer API of the storefront. Errors answer { message, code } with a Russian message. ' +
        'Pushes arrive over the WebSocket at /api/v1/ws (token in Authorization or ?token=).',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Token from POST /api/v1/auth/token' },
      },
    },
  };
}
