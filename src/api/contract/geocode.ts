// Address geocoding for the checkout's address form (issue 5). The server resolves addresses
// through one Geocoder interface: the embedded default works offline from the seeded street
// reference (GET /cladr/city/:cityIikoId); the Yandex geocoder is used when a key is configured.
//
// - POST /geocode: city + street + house → the point and the delivery zone (minimum sum,
//   delivery price, time), or a refusal ('street-not-found', 'outside-zone') with the same
//   Russian message POST /order would give.
// - GET /geocode/reverse: a point picked on the map → locality / street / house, and its zone.
import { z } from 'zod';
import { defineRoute } from '../route.js';
import { GeoPoint, Id } from '../entities.js';
import { CheckoutRefusal, ZoneQuote } from './checkout.js';

export const GeocodeBody = z.object({
  cityId: Id,
  street: z.string().trim().min(1).max(200),
  home: z.string().trim().max(20).default(''),
});
export type GeocodeBody = z.infer<typeof GeocodeBody>;

export const GeocodeAnswer = z.object({
  found: z.boolean(),
  location: GeoPoint.nullable(),
  /** 'house' when the house itself was found, 'street' when only the street. */
  precision: z.enum(['house', 'street']).nullable(),
  /** The street as the reference (or the geocoder) spells it, e.g. 'улица Карла Маркса'. */
  street: z.string().nullable(),
  zone: ZoneQuote.nullable(),
  /** Why the address cannot be delivered to ('street-not-found', 'outside-zone'); null when it can. */
  refusal: CheckoutRefusal.nullable(),
});
export type GeocodeAnswer = z.infer<typeof GeocodeAnswer>;

export const geocodeAddress = defineRoute({
  method: 'POST',
  path: '/geocode',
  summary: 'Address (city, street, house) → point and delivery zone',
  auth: 'none',
  body: GeocodeBody,
  response: GeocodeAnswer,
});

export const ReverseGeocodeQuery = z.object({
  cityId: Id,
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});

export const ReverseGeocodeAnswer = z.object({
  /** Address components of kinds locality, street, house; null where unknown. */
  locality: z.string().nullable(),
  street: z.string().nullable(),
  house: z.string().nullable(),
  location: GeoPoint,
  zone: ZoneQuote.nullable(),
  refusal: CheckoutRefusal.nullable(),
});
export type ReverseGeocodeAnswer = z.infer<typeof ReverseGeocodeAnswer>;

export const reverseGeocode = defineRoute({
  method: 'GET',
  path: '/geocode/reverse',
  summary: 'Point → locality, street, house and the delivery zone',
  auth: 'none',
  query: ReverseGeocodeQuery,
  response: ReverseGeocodeAnswer,
});
