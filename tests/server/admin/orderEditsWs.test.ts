// An edit is heard live through the real push (NOTIFY at the commit, docs/ORDER-EDITING.md): the
// customer's socket gets order:status_update with edited: true (their /complete re-reads the order),
// staff sockets get order:updated with the new total; nothing is heard of an edit that is refused.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Order } from '../../../src/api/contract/orders.js';
import type { Database } from '../../../server/db/database.js';
import { deliveryBody, newKey, postOrder, signedInUser } from '../ordersFixtures.js';
import { useWsServer } from '../wsServer.js';
import { signInStaff } from './staffFixtures.js';

let db: Database;
let app: FastifyInstance;

const open = useWsServer({ versionPollMs: 100_000 }, (started) => ({ db, app } = started));
const hello = (m: Record<string, unknown>) => m.type === 'hello';

describe('an edit heard live', () => {
  it('the customer hears edited: true and staff hear the new total; a refused edit says nothing', async () => {
    const operator = await signInStaff({ app, db }, 'operator');
    const customer = await signedInUser(db);
    const placed = await postOrder({ app }, customer.token, deliveryBody());
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json<Order>();
    const staffSocket = open(`?token=${operator.token}`);
    await staffSocket.next(hello);
    const customerSocket = open(`?token=${customer.token}`);
    await customerSocket.next(hello);

    const changes = {
      items: [
        { productId: 'california-crab', amount: 3 },
        { productId: 'set-mini', amount: 1 },
      ],
      address: order.address,
      paymentMethod: 'cash',
      comment: order.comment,
    };
    const refused = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/edit`,
      headers: operator.auth,
      payload: { basedOn: '2020-01-01T00:00:00.000Z', idempotencyKey: newKey(), changes },
    });
    expect(refused.statusCode).toBe(409);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/edit`,
      headers: operator.auth,
      payload: { basedOn: order.updatedAt, idempotencyKey: newKey(), changes },
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<Order>();
    expect(edited.total).toBeGreaterThan(order.total);
    expect(await customerSocket.next((m) => m.type === 'order:status_update' && m.orderId === order.id)).toEqual({
      type: 'order:status_update',
      userId: customer.id,
      orderId: order.id,
      status: 'Unconfirmed',
      edited: true,
    });
    expect(await staffSocket.next((m) => m.type === 'order:updated' && m.orderId === order.id)).toMatchObject({
      total: edited.total,
      status: 'Unconfirmed',
    });
    // one push per edit: the refused one sent nothing
    expect(
      customerSocket.messages.filter((m) => m.type === 'order:status_update' && m.orderId === order.id),
    ).toHaveLength(1);
  });
});
