import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { Street } from '../../src/api/contract/cladr.js';
import { Settings } from '../../src/api/entities.js';
import { CITY, CITY_IIKO } from '../../server/seed/index.js';
import { testServerPerFile } from './helpers.js';
import { insidePolygon } from './catalogFixtures.js';

const server = testServerPerFile();

describe('GET /api/v1/cladr/city/:cityIikoId', () => {
  it('lists a city’s streets in Russian alphabetical order, each with a location', async () => {
    const settings = Settings.parse((await server.app.inject({ method: 'GET', url: '/api/v1/setting' })).json());
    for (const [key, iikoId] of Object.entries(CITY_IIKO)) {
      const res = await server.app.inject({ method: 'GET', url: `/api/v1/cladr/city/${iikoId}` });
      expect(res.statusCode).toBe(200);
      const streets = z.array(Street).parse(res.json());
      expect(streets.length).toBeGreaterThanOrEqual(17);
      expect(streets.every((s) => s.cityIikoId === iikoId)).toBe(true);
      const names = streets.map((s) => s.name);
      expect(names).toEqual([...names].sort(new Intl.Collator('ru', { numeric: true }).compare));
      expect(names.indexOf('улица Ленина')).toBeGreaterThan(-1);
      const zones = settings.CITY_ZONES[CITY[key as keyof typeof CITY]] ?? [];
      expect(
        streets.filter((s) => zones.some((z) => insidePolygon(s.location, z.polygon))).length,
      ).toBeGreaterThanOrEqual(15);
    }
  });

  it('includes real street names of Ангарск', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/v1/cladr/city/${CITY_IIKO.angarsk}` });
    const names = z
      .array(Street)
      .parse(res.json())
      .map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['улица Карла Маркса', 'Ленинградский проспект', '84-й квартал']));
  });

  it('answers 404 with a Russian message for an unknown city', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/cladr/city/no-such-city' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Город не найден' });
  });
});
