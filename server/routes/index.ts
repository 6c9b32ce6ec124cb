// Route modules, each a function registering its routes. API modules are mounted under /api/v1;
// site modules (static client, /img, /api/docs) at the root. Add one line per module.
import type { FastifyInstance } from 'fastify';
import { registerHealth } from './health.js';

export type RouteModule = (app: FastifyInstance) => Promise<void>;

export const apiModules: RouteModule[] = [
  registerHealth,
];

export const siteModules: RouteModule[] = [
];
