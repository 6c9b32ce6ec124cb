// GET /api/docs: an OpenAPI 3.1 document with every route of the shared contract.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import * as contract from '../../src/api/contract/index.js';
import { buildOpenApi, contractRoutes, isRouteDef, openApiPath } from '../../src/api/openapi.js';
import { defineRoute } from '../../src/api/route.js';
import { testServerPerFile } from './helpers.js';

const server = testServerPerFile();

interface Doc {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        parameters?: { name: string; in: string }[];
        responses: Record<string, unknown>;
        requestBody?: unknown;
      }
    >
  >;
  components: { schemas: Record<string, unknown> };
}

describe('OpenAPI at GET /api/docs', () => {
  let doc: Doc;
  beforeAll(async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json<Doc>();
  });

  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('has every defineRoute of the contract with its method and path', () => {
    const defs = Object.entries(contract).filter(([, v]) => isRouteDef(v));
    expect(defs.length).toBeGreaterThan(10);
    for (const [name, value] of defs) {
      if (!isRouteDef(value)) continue;
      const operation = doc.paths[openApiPath(value.path)]?.[value.method.toLowerCase()];
      expect(operation, `${value.method} ${value.path}`).toBeDefined();
      expect(operation?.operationId).toBe(name);
      const pathParams = [...value.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(
        (operation?.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort(),
        value.path,
      ).toEqual(pathParams.sort());
      expect(Object.keys(operation?.responses ?? {})).toContain(value.response === null ? '204' : '200');
      expect(operation?.requestBody !== undefined, value.path).toBe(value.body !== undefined);
    }
    const operations = Object.values(doc.paths).flatMap((byMethod) => Object.keys(byMethod));
    expect(operations).toHaveLength(defs.length);
  });

  it('includes the PRODUCT.md §7 calls that are in the contract', () => {
    expect(doc.paths['/api/v1/catalog']?.get).toBeDefined();
    expect(doc.paths['/api/v1/storage/version']?.get).toBeDefined();
  });

  it('every $ref points at a component that exists', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const target = ref.slice(8, -1);
      expect(target.startsWith('#/components/schemas/'), target).toBe(true);
      expect(doc.components.schemas[target.slice('#/components/schemas/'.length)], target).toBeDefined();
    }
  });
});

describe('OpenAPI generation', () => {
  const Item = z.object({ id: z.string() }).check(z.meta({ id: 'DocsTestItem' }));
  const routes = {
    listThings: defineRoute({
      method: 'GET',
      path: '/thing/:cityId',
      summary: 'Things of a city',
      auth: 'optional',
      params: z.object({ cityId: z.string() }),
      query: z.object({ limit: z.optional(z.coerce.number().check(z.int())), q: z.string() }),
      response: z.array(Item),
    }),
    deleteThing: defineRoute({
      method: 'DELETE',
      path: '/thing/:id',
      summary: 'Deletes',
      auth: 'user',
      response: null,
    }),
    notARoute: z.object({ method: z.string() }),
    alsoNot: { method: 'GET', path: 'relative' },
  };

  it('finds RouteDefs among other exports', () => {
    expect(contractRoutes(routes).map((r) => r.name)).toEqual(['listThings', 'deleteThing']);
  });

  it('turns params and query into parameters, auth into security, null answers into 204', () => {
    const doc = buildOpenApi(contractRoutes(routes));
    const list = doc.paths['/api/v1/thing/{cityId}']?.get;
    expect(list?.parameters).toEqual([
      { name: 'cityId', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'limit', in: 'query', required: false, schema: expect.objectContaining({ type: 'integer' }) },
      { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
    ]);
    expect(list?.security).toEqual([{}, { bearerAuth: [] }]);
    const del = doc.paths['/api/v1/thing/{id}']?.delete;
    expect(Object.keys((del?.responses ?? {}) as object)).toEqual(['204', '401', '403']);
    expect(del?.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
  });

  it('moves named schemas into components', () => {
    const doc = buildOpenApi(contractRoutes(routes));
    expect(doc.components.schemas.DocsTestItem).toMatchObject({
      type: 'object',
      properties: { id: { type: 'string' } },
    });
    expect(JSON.stringify(doc.paths)).toContain('"$ref":"#/components/schemas/DocsTestItem"');
    expect(JSON.stringify(doc)).not.toContain('$defs');
  });
});
