// User routes of PRODUCT.md §7 (GET/POST/PATCH/DELETE /user, balance). Accounts are created by
// POST /auth/token; POST /user is kept for the spec's client and only updates the signed-in
// customer's own profile. Every route: 401 without a valid token, 403 for another phone.
import type { FastifyInstance } from 'fastify';
import {
  deleteUserByPhone,
  getUserBalance,
  getUserByPhone,
  patchUserByPhone,
  postUser,
} from '../../src/api/contract/users.js';
import { route } from '../http/route.js';
import { unauthorized } from '../http/errors.js';
import { requireUser } from '../http/requestAuth.js';
import { ensureOwnerByPhone } from '../services/sessions.js';
import { deleteAccount, findUser, getBalance, patchUser, toUser } from '../services/users.js';
import { requirePhone } from './auth.js';

export async function registerUsers(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, getUserByPhone, async ({ params, request }) => {
    const user = await requireUser(ctx, request);
    ensureOwnerByPhone(user, params.phone);
    const row = await ctx.db.run((db) => findUser(db, user.userId));
    if (!row) throw unauthorized();
    return toUser(row);
  });

  route(app, postUser, async ({ body, request, reply }) => {
    const user = await requireUser(ctx, request);
    ensureOwnerByPhone(user, requirePhone(body.phone));
    const { phone: _phone, ...patch } = body;
    const row = await ctx.db.run((db) => patchUser(db, user.userId, patch));
    void reply.code(200);
    return toUser(row);
  });

  route(app, patchUserByPhone, async ({ params, body, request }) => {
    const user = await requireUser(ctx, request);
    ensureOwnerByPhone(user, params.phone);
    const row = await ctx.db.run((db) => patchUser(db, user.userId, body));
    return toUser(row);
  });

  route(app, deleteUserByPhone, async ({ params, request }) => {
    const user = await requireUser(ctx, request);
    ensureOwnerByPhone(user, params.phone);
    await ctx.db.transaction((tx) => deleteAccount(tx, user.userId, ctx.clock.now()));
  });

  route(app, getUserBalance, async ({ params, request }) => {
    const user = await requireUser(ctx, request);
    ensureOwnerByPhone(user, params.phone);
    return { balance: await ctx.db.run((db) => getBalance(db, user.userId)) };
  });
}
