// Route modules, each a function registering its routes. API modules are mounted under /api/v1;
// site modules (static client, /img, /api/docs) at the root. Add one line per module.
import type { FastifyInstance } from 'fastify';
import { registerHealth } from './health.js';
import { registerAuth } from './auth.js';
import { registerUsers } from './users.js';
import { registerAddresses } from './addresses.js';
import { registerLikes } from './likes.js';
import { registerPromo } from './promo.js';

export type RouteModule = (app: FastifyInstance) => Promise<void>;

export const apiModules: RouteModule[] = [
  registerHealth,
  registerAuth,
  registerUsers,
  registerAddresses,
  registerLikes,
  registerPromo,
];

export const siteModules: RouteModule[] = [
];
