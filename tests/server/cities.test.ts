import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { City } from '../../src/api/entities.js';
import { CITIES } from '../../server/seed/geo.js';
import { testServerPerFile } from './helpers.js';

const server = testServerPerFile();

describe('GET /api/v1/city/', () => {
  it('lists the cities in display order as the shared City schema, Angarsk first', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/city/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const cities = z.array(City).parse(body);
    expect(JSON.parse(JSON.stringify(cities))).toEqual(body);
    expect(cities.map((c) => c.name)).toEqual(['Ангарск', 'Шелехов', 'Иркутск']);
    // every field as the seed has it, but its display position, which only orders the list
    expect(cities).toEqual(
      CITIES.toSorted((x, y) => x.position - y.position).map(({ position: _position, ...city }) => city),
    );
  });

  it('answers the same without the trailing slash', async () => {
    const a = await server.app.inject({ method: 'GET', url: '/api/v1/city/' });
    const b = await server.app.inject({ method: 'GET', url: '/api/v1/city' });
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
  });
});
