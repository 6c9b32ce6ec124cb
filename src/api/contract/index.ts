// The API contract, one line per area (docs/SERVER.md).
export * from './auth.js';
export * from './users.js';
export * from './addresses.js';
export * from './likes.js';
export * from './promo.js';
