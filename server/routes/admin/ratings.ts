// /api/v1/admin/ratings/*: the weekly averages per restaurant (managers and admins).
import type { FastifyInstance } from 'fastify';
import { adminRatingWeeks } from '../../../src/api/contract/admin/ratings.js';
import { averageRatingsByWeek } from '../../services/admin/ratings.js';
import { adminRoute } from './adminRoute.js';

export function registerAdminRatings(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, adminRatingWeeks, ({ query }) => ctx.db.run((db) => averageRatingsByWeek(db, query)));
}
