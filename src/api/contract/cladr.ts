// GET /cladr/city/{cityIikoId} of PRODUCT.md §7: the city's street reference (address suggestions and
// the embedded geocoder). `name` is the full display name ('улица Ленина', '7-й микрорайон').
import { z } from 'zod/mini';
import { defineRoute } from '../route.js';
import { GeoPoint, Id } from '../entities.js';

export const Street = z.object({
  id: Id,
  cityIikoId: Id,
  name: z.string(),
  /** 'улица', 'проспект', 'бульвар', 'микрорайон', 'квартал'. */
  kind: z.string(),
  location: GeoPoint,
});
export type Street = z.infer<typeof Street>;

export const listCityStreets = defineRoute('none', 'GET /cladr/city/:cityIikoId', {
  summary: 'Streets of a city by its iikoId, sorted by name (404 for an unknown city)',
  params: z.object({ cityIikoId: Id }),
  response: z.array(Street),
});
