// POST /api/v1/geocode and GET /api/v1/geocode/reverse (contract/geocode.ts).
import type { FastifyInstance } from 'fastify';
import { geocodeAddress, reverseGeocode } from '../../src/api/contract/geocode.js';
import { route } from '../http/route.js';
import { geocodeForCheckout, reverseForCheckout } from '../services/geocoding.js';

export async function registerGeocode(app: FastifyInstance): Promise<void> {
  route(app, geocodeAddress, async ({ body }) => geocodeForCheckout(app.ctx, body));
  route(app, reverseGeocode, async ({ query }) => reverseForCheckout(app.ctx, query));
}
