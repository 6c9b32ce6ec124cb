import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { City } from '../../src/api/entities.js';
import { CITY, CITY_IIKO } from '../../server/seed/index.js';
import { testServerPerFile } from './helpers.js';

const server = testServerPerFile();

describe('GET /api/v1/city/', () => {
  it('lists the cities in display order as the shared City schema, Angarsk first', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/city/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const cities = z.array(City).parse(body);
    expect(JSON.parse(JSON.stringify(cities))).toEqual(body);
    expect(cities).toEqual([
      {
        id: CITY.angarsk,
        name: 'Ангарск',
        slug: 'angarsk',
        iikoId: CITY_IIKO.angarsk,
        cityIn: 'в Ангарске',
        timeZone: 'Asia/Irkutsk',
      },
      {
        id: CITY.shelekhov,
        name: 'Шелехов',
        slug: 'shelekhov',
        iikoId: CITY_IIKO.shelekhov,
        cityIn: 'в Шелехове',
        timeZone: 'Asia/Irkutsk',
      },
      {
        id: CITY.irkutsk,
        name: 'Иркутск',
        slug: 'irkutsk',
        iikoId: CITY_IIKO.irkutsk,
        cityIn: 'в Иркутске',
        timeZone: 'Asia/Irkutsk',
      },
    ]);
  });

  it('answers the same without the trailing slash', async () => {
    const a = await server.app.inject({ method: 'GET', url: '/api/v1/city/' });
    const b = await server.app.inject({ method: 'GET', url: '/api/v1/city' });
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
  });
});
