// POST /api/v1/geocode and GET /api/v1/geocode/reverse (contract/geocode.ts).
//
// Both may call an external geocoder (Yandex, paid per request) and are open to anyone, so they
// share one limit: GEOCODE_LIMIT.limit requests a minute per IP address (request.ip: behind a
// proxy set TRUST_PROXY, README) and, when the request carries a customer's token, per customer
// too. Beyond it they answer 429 with Retry-After and a Russian message, counted in the database
// (services/rateLimit.ts) so the limit holds across server processes. 30 a minute is far above a
// person checking addresses at checkout, which geocodes on an explicit check or a map pick.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { geocodeAddress, reverseGeocode } from '../../src/api/contract/geocode.js';
import { tooManyRequests } from '../http/errors.js';
import { route } from '../http/route.js';
import { geocodeForCheckout, reverseForCheckout } from '../services/geocoding.js';
import { waitText } from '../http/errors.js';
import { takeRequest, type RateLimit } from '../services/rateLimit.js';
import { authenticate } from '../http/requestAuth.js';

export const GEOCODE_LIMIT: RateLimit = { bucket: 'geocode', limit: 30, windowMs: 60_000 };

export const geocodeLimitMessage = (seconds: number) =>
  `Слишком много запросов адреса. Повторите через ${waitText(seconds)}`;

export async function registerGeocode(app: FastifyInstance): Promise<void> {
  async function limitGeocoding(request: FastifyRequest): Promise<void> {
    const user = await authenticate(app.ctx, request);
    const keys = [`ip:${request.ip}`, ...(user ? [`user:${user.userId}`] : [])];
    const wait = await takeRequest(app.ctx, GEOCODE_LIMIT, keys);
    if (wait > 0) throw tooManyRequests(geocodeLimitMessage(wait), wait);
  }

  route(app, geocodeAddress, async ({ body, request }) => {
    await limitGeocoding(request);
    return geocodeForCheckout(app.ctx, body);
  });
  route(app, reverseGeocode, async ({ query, request }) => {
    await limitGeocoding(request);
    return reverseForCheckout(app.ctx, query);
  });
}
