// GET /city/ of PRODUCT.md §7: the cities, in display order.
import { z } from 'zod/mini';
import { defineRoute } from '../route.js';
import { City } from '../entities.js';

export const listCities = defineRoute('none', 'GET /city/', {
  summary: 'Cities in display order',
  response: z.array(City),
});
