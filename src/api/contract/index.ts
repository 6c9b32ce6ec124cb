// The API contract, one line per area (docs/SERVER.md).
export * from './auth.js';
export * from './users.js';
export * from './addresses.js';
export * from './likes.js';
export * from './promo.js';
export * from './catalog.js';
export * from './settings.js';
export * from './cities.js';
export * from './cladr.js';
export * from './pages.js';
export * from './orders.js';
export * from './checkout.js';
export * from './geocode.js';
export * from './payments.js';
export * from './admin/index.js';
export * from './clientLog.js';
export * from './admin/integration.js';
