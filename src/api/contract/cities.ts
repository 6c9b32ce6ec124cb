// GET /city/ of PRODUCT.md §7: the cities, in display order.
import { z } from 'zod/mini';
import { defineRoute } from '../route.js';
import { City } from '../entities.js';

export const listCities = defineRoute({
  method: 'GET',
  path: '/city/',
  summary: 'Cities in display order',
  auth: 'none',
  response: z.array(City),
});
