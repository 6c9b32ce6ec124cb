// Address geocoding for the checkout's address form. The server resolves addresses
// through one Geocoder interface: the embedded default works offline from the seeded street
// reference (GET /cladr/city/:cityIikoId); the Yandex geocoder is used when a key is configured.
//
// - POST /geocode: city + street + house → the point and the delivery zone (minimum sum,
//   delivery price, time), or a refusal ('street-not-found', 'outside-zone') with the same
//   Russian message POST /order would give.
// - GET /geocode/reverse: a point picked on the map → locality / street / house, and its zone.
import { z } from 'zod/mini';
import { defineRoute } from '../route.js';
import { GeoPoint, Id } from '../entities.js';
import { CheckoutRefusal, ZoneQuote } from './checkout.js';

export const GeocodeBody = z.object({
  cityId: Id,
  street: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  home: z._default(z.string().check(z.trim(), z.maxLength(20)), ''),
});
export type GeocodeBody = z.infer<typeof GeocodeBody>;

/** Whether a place can be delivered to: its zone, or why not. */
const DELIVERY_VERDICT = {
  zone: z.nullable(ZoneQuote),
  /** Why the address cannot be delivered to ('street-not-found', 'outside-zone'); null when it can. */
  refusal: z.nullable(CheckoutRefusal),
};

export const GeocodeAnswer = z.object({
  found: z.boolean(),
  location: z.nullable(GeoPoint),
  /** 'house' when the house itself was found, 'street' when only the street. */
  precision: z.nullable(z.enum(['house', 'street'])),
  /** The street as the reference (or the geocoder) spells it, e.g. 'улица Карла Маркса'. */
  street: z.nullable(z.string()),
  ...DELIVERY_VERDICT,
});
export type GeocodeAnswer = z.infer<typeof GeocodeAnswer>;

export const geocodeAddress = defineRoute('none', 'POST /geocode', {
  summary: 'Address (city, street, house) → point and delivery zone',
  body: GeocodeBody,
  response: GeocodeAnswer,
});

export const ReverseGeocodeQuery = z.object({
  cityId: Id,
  lat: z.coerce.number().check(z.minimum(-90), z.maximum(90)),
  lon: z.coerce.number().check(z.minimum(-180), z.maximum(180)),
});

export const ReverseGeocodeAnswer = z.object({
  /** Address components of kinds locality, street, house; null where unknown. */
  locality: z.nullable(z.string()),
  street: z.nullable(z.string()),
  house: z.nullable(z.string()),
  location: GeoPoint,
  ...DELIVERY_VERDICT,
});
export type ReverseGeocodeAnswer = z.infer<typeof ReverseGeocodeAnswer>;

export const reverseGeocode = defineRoute('none', 'GET /geocode/reverse', {
  summary: 'Point → locality, street, house and the delivery zone',
  query: ReverseGeocodeQuery,
  response: ReverseGeocodeAnswer,
});
