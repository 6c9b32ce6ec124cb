// Route modules, each a function registering its routes. API modules are mounted under /api/v1;
// site modules (static client, /img, /api/docs) at the root. Add one line per module.
import type { FastifyInstance } from 'fastify';
import { registerHealth } from './health.js';
import { registerDocs } from './docs.js';
import { registerImages } from './img.js';
import { registerSite } from './site.js';
import { registerSeo } from './seo.js';
import { registerWs } from './ws.js';
import { registerCatalog } from './catalog.js';
import { registerSettings } from './settings.js';
import { registerCities } from './cities.js';
import { registerCladr } from './cladr.js';
import { registerPages } from './pages.js';
import { registerAuth } from './auth.js';
import { registerUsers } from './users.js';
import { registerAddresses } from './addresses.js';
import { registerLikes } from './likes.js';
import { registerPush } from './push.js';
import { registerConsent } from './consent.js';
import { registerPromo } from './promo.js';
import { registerOrders } from './orders.js';
import { registerHistory } from './history.js';
import { registerCheckout } from './checkout.js';
import { registerGeocode } from './geocode.js';
import { registerPayments } from './payments.js';
import { registerClientLog } from './clientLog.js';
import { registerAdminClientLogs } from './admin/clientLogs.js';
import { registerAdmin } from './admin/index.js';
import { registerPos } from './pos.js';
import { registerOptOut } from './optOut.js';
import { registerRatings } from './ratings.js';

export type RouteModule = (app: FastifyInstance) => Promise<void>;

export const apiModules: RouteModule[] = [
  registerHealth,
  registerWs,
  registerAuth,
  registerUsers,
  registerAddresses,
  registerLikes,
  registerConsent,
  registerPromo,
  registerCatalog,
  registerSettings,
  registerCities,
  registerCladr,
  registerPages,
  registerOrders,
  registerHistory,
  registerCheckout,
  registerGeocode,
  registerPayments,
  registerAdmin,
  registerClientLog,
  registerAdminClientLogs,
  registerPos,
  registerPush,
  registerRatings,
];

export const siteModules: RouteModule[] = [
  registerImages,
  registerDocs,
  registerSeo,
  registerOptOut,
  registerSite, // keep last: its not-found handler serves the page table
];
