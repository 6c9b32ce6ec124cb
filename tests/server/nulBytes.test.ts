// U+0000 in any string of any contract route is a 400 with a Russian message, never a 500:
// PostgreSQL text cannot hold it. Every route of src/api/contract is walked (its path
// parameters, query fields and every string leaf of its body, object keys of records included,
// through the JSON Schema of its zod schemas), and fast-check puts a NUL somewhere in that one
// string while the rest of the request is filled with plain values.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { contractRoutes } from '../../src/api/openapi.js';
import { buildPath, type RouteDef } from '../../src/api/route.js';
import { findNul } from '../../server/http/route.js';
import { signIn, callApi } from './customers.js';
import { createTestServer, type TestServer } from './helpers.js';
import { signInStaff } from './admin/staffFixtures.js';
import { isAdminRouteDef } from '../../src/api/contract/admin/common.js';

type Schema = { [key: string]: unknown };
const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface Leaf {
  /** Where the string sits, for the test name. */
  path: string;
  /** The whole part (body or query) with `text` in that string. */
  place(text: string): unknown;
}

interface Walker {
  leaves(schema: unknown, path: string, depth?: number): Leaf[];
  sample(schema: unknown, depth?: number): unknown;
}

function walkerOf(root: Schema): Walker {
  const defs = isSchema(root.$defs) ? root.$defs : {};
  const resolve = (schema: unknown): Schema => {
    if (!isSchema(schema)) return {};
    const ref = schema.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/$defs/')) return resolve(defs[ref.slice(8)]);
    return schema;
  };
  const types = (schema: Schema): string[] =>
    Array.isArray(schema.type)
      ? schema.type.filter((t) => typeof t === 'string')
      : typeof schema.type === 'string'
        ? [schema.type]
        : [];
  const branches = (schema: Schema): unknown[] =>
    [schema.anyOf, schema.oneOf, schema.allOf].flatMap((b) => (Array.isArray(b) ? b : []));
  const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

  /** A plain value of the schema: required properties only, the first branch, the first enum value. */
  function sample(raw: unknown, depth = 0): unknown {
    const schema = resolve(raw);
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum)) return schema.enum[0];
    const first = branches(schema)[0];
    if (first !== undefined && depth < 8) return sample(first, depth + 1);
    const t = types(schema);
    if (t.includes('object') || isSchema(schema.properties)) {
      const out: Record<string, unknown> = {};
      const required = Array.isArray(schema.required) ? schema.required : [];
      const properties = isSchema(schema.properties) ? schema.properties : {};
      for (const key of required)
        if (typeof key === 'string' && depth < 8) out[key] = sample(properties[key], depth + 1);
      return out;
    }
    if (t.includes('array')) return [];
    if (t.includes('string'))
      return 'а'.repeat(typeof schema.minLength === 'number' ? Math.max(1, schema.minLength) : 1);
    if (t.includes('integer') || t.includes('number')) return typeof schema.minimum === 'number' ? schema.minimum : 1;
    if (t.includes('boolean')) return false;
    if (t.includes('null')) return null;
    return 'а';
  }

  function leaves(raw: unknown, path: string, depth = 0): Leaf[] {
    if (depth > 8) return [];
    const schema = resolve(raw);
    const out: Leaf[] = [];
    for (const branch of branches(schema)) out.push(...leaves(branch, path, depth + 1));
    const t = types(schema);
    if (t.includes('string') && !('const' in schema) && !Array.isArray(schema.enum))
      out.push({ path, place: (text) => text });
    if (t.includes('object') || isSchema(schema.properties)) {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      for (const [key, property] of Object.entries(properties)) {
        for (const leaf of leaves(property, join(path, key), depth + 1)) {
          out.push({
            path: leaf.path,
            place: (text) => ({ ...(sample(schema, depth) as object), [key]: leaf.place(text) }),
          });
        }
      }
      if (isSchema(schema.additionalProperties)) {
        const values = schema.additionalProperties;
        // a record: the NUL in a key, then in a value
        out.push({ path: join(path, '<ключ>'), place: (text) => ({ [text]: sample(values, depth + 1) }) });
        for (const leaf of leaves(values, join(path, '<значение>'), depth + 1))
          out.push({ path: leaf.path, place: (text) => ({ key: leaf.place(text) }) });
      }
    }
    if (t.includes('array') && schema.items !== undefined) {
      for (const leaf of leaves(schema.items, join(path, '0'), depth + 1))
        out.push({ path: leaf.path, place: (text) => [leaf.place(text)] });
    }
    const seen = new Set<string>();
    return out.filter((leaf) => !seen.has(leaf.path) && seen.add(leaf.path) !== undefined);
  }

  return { leaves, sample };
}

const jsonSchema = (schema: z.ZodMiniType): Schema =>
  z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    reused: 'inline',
    cycles: 'ref',
  }) as Schema;

interface Slot {
  route: RouteDef;
  where: string;
  request(text: string): { url: string; payload?: unknown };
}

/** Every string a route accepts: its path parameters, its query fields, its body's string leaves. */
function slotsOf(route: RouteDef): Slot[] {
  const pathParams = [...route.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] ?? '');
  const plainParams = Object.fromEntries(pathParams.map((name) => [name, '1']));
  const body = route.body ? walkerOf(jsonSchema(route.body)) : null;
  const bodyRoot = route.body ? jsonSchema(route.body) : null;
  const plainBody = body && bodyRoot ? body.sample(bodyRoot) : undefined;
  const queryRoot = route.query ? jsonSchema(route.query) : null;
  const queryWalker = queryRoot ? walkerOf(queryRoot) : null;
  const plainQuery = queryWalker && queryRoot ? (queryWalker.sample(queryRoot) as Record<string, unknown>) : {};
  const url = (params: Record<string, string>, query: Record<string, unknown>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) search.set(key, String(value));
    const text = search.toString();
    return `/api/v1${buildPath(route.path, params)}${text ? `?${text}` : ''}`;
  };
  const slots: Slot[] = [];
  for (const name of pathParams) {
    slots.push({
      route,
      where: `params.${name}`,
      request: (text) => ({ url: url({ ...plainParams, [name]: text }, plainQuery), payload: plainBody }),
    });
  }
  // on the wire every query value is a string, whatever the schema makes of it
  const queryProperties = queryRoot && isSchema(queryRoot.properties) ? Object.keys(queryRoot.properties) : [];
  for (const name of queryProperties) {
    slots.push({
      route,
      where: `query.${name}`,
      request: (text) => ({ url: url(plainParams, { ...plainQuery, [name]: text }), payload: plainBody }),
    });
  }
  if (body && bodyRoot) {
    for (const leaf of body.leaves(bodyRoot, '')) {
      slots.push({
        route,
        where: `body.${leaf.path}`,
        request: (text) => ({ url: url(plainParams, plainQuery), payload: leaf.place(text) }),
      });
    }
  }
  return slots;
}

const withNul = fc
  .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
  .map(([before, after]) => `${before}\0${after}`);

let server: TestServer;
let staffAuth: Record<string, string>;
let courierAuth: Record<string, string>;
let customerAuth: Record<string, string>;
beforeAll(async () => {
  server = await createTestServer();
  staffAuth = (await signInStaff(server, 'admin')).auth;
  courierAuth = (await signInStaff(server, 'courier')).auth;
  customerAuth = (await signIn(server)).auth;
});
afterAll(async () => {
  await server?.close();
});

const slots = contractRoutes().flatMap(({ def }) => slotsOf(def));

describe('U+0000 in a request', () => {
  it('the walk finds strings in every part: path parameters, query fields, body leaves and record keys', () => {
    expect(slots.length).toBeGreaterThan(100);
    expect(slots.map((s) => `${s.route.method} ${s.route.path} ${s.where}`)).toEqual(
      expect.arrayContaining([
        'DELETE /admin/zones/:id params.id',
        'GET /admin/orders query.status',
        'POST /auth/code body.phone',
        'POST /order body.comment',
      ]),
    );
    expect(slots.some((s) => s.where.includes('<ключ>'))).toBe(true);
  });

  it('DELETE /api/v1/admin/zones/%00 is a 400 in Russian, not a 500', async () => {
    const res = await callApi(server, 'DELETE', '/admin/zones/%00', staffAuth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Некорректные данные запроса (id: недопустимый символ U+0000)',
      code: 'invalid-request',
    });
  });

  it('findNul names the first string or key holding it, also deep in a body', () => {
    expect(findNul({ a: 'x', b: [{ c: 'y' }, { d: 'z\0' }] })).toBe('b.1.d');
    expect(findNul({ 'k\0': 1 })).toBe('k\\0');
    expect(findNul('\0')).toBe('');
    expect(findNul({ a: 'clean', b: [1, null, true] })).toBeNull();
    let deep: unknown = 'дно\0';
    for (let i = 0; i < 10_000; i += 1) deep = [deep];
    expect(findNul(deep)).toBe(Array.from({ length: 10_000 }, () => '0').join('.'));
  });

  it.each(slots.map((slot) => [`${slot.route.method} ${slot.route.path} ${slot.where}`, slot] as const))(
    '%s: 400 with a Russian message naming U+0000',
    async (_name, slot) => {
      // the courier's own routes are the one staff area an admin does not reach
      const staff = isAdminRouteDef(slot.route) && slot.route.role === 'courier' ? courierAuth : staffAuth;
      const auth = slot.route.auth === 'staff' ? staff : slot.route.auth === 'none' ? {} : customerAuth;
      await fc.assert(
        fc.asyncProperty(withNul, async (text) => {
          const { url, payload } = slot.request(text);
          const res = await server.app.inject({
            method: slot.route.method,
            url,
            headers: auth,
            ...(slot.route.method === 'GET' || payload === undefined ? {} : { payload: payload as object }),
          });
          expect(res.statusCode, `${url} ${JSON.stringify(payload)} → ${res.body}`).toBe(400);
          const body = res.json<{ message: string; code: string }>();
          expect(body.code).toBe('invalid-request');
          expect(body.message).toMatch(/^Некорректные данные запроса \(.*: недопустимый символ U\+0000\)$/);
        }),
        { numRuns: 3 },
      );
    },
  );
});
