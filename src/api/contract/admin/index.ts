// The admin contract (/api/v1/admin/*). Roles and guard: ./common.ts.
export * from './common.js';
export * from './auth.js';
export * from './orders.js';
export * from './menu.js';
export * from './settings.js';
export * from './promo.js';
export * from './customers.js';
export * from './audit.js';
export * from './seo.js';
export * from './couriers.js';
export * from './campaigns.js';
export * from './dashboard.js';
export * from './exports.js';
export * from './phoneOrders.js';
export * from './ratings.js';
export * from './orderEdits.js';
