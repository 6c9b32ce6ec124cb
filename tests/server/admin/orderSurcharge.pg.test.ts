// Surcharges on PostgreSQL (docs/ORDER-EDITING.md «Paid online, the total goes up»), where requests
// really run side by side: the same raising edit sent three times at once makes one surcharge (keyed
// by the edit; a retry answers the first); a cancellation racing the surcharge's payment either
// voids it or refunds it, never leaves money held on a cancelled order; migration 0132's partial
// unique indexes hold (one pending surcharge per order, one per edit).
//
// Needs a PostgreSQL server (TEST_DATABASE_URL): `npm run test:pg`, or
// `bash tools/pg-test-server.sh run npx vitest run tests/server/admin/orderSurcharge.pg.test.ts`.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/api/contract/orders.js';
import { confirmPayment } from '../../../server/services/payments.js';
import { newKey, orderServerPerFile } from '../ordersFixtures.js';
import { testDatabaseUrl } from '../pgTestDatabase.js';
import { editRequest, paidPickupOrderSeenBy } from './orderEditFixtures.js';
import { staffPerFile } from './staffFixtures.js';

testDatabaseUrl('orderSurcharge.pg.test.ts');

const server = orderServerPerFile();
const operator = staffPerFile(server, 'operator');

type Row = { id: string; amount: number; status: string; purpose: string };

async function paymentsOf(orderId: string): Promise<Row[]> {
  const rows = await server.db.run((db) =>
    db.execute<Row>(sql`select id, amount, status, purpose from payments where order_id = ${orderId} order by id`),
  );
  return rows.rows;
}

const paidOrder = async (): Promise<Order> => (await paidPickupOrderSeenBy(server, operator)).order;

/** The edit to three sets, one more than the order holds. */
function raise(order: Order, key: string) {
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${order.id}/edit`,
    headers: operator.auth,
    payload: editRequest(order, { items: [{ productId: 'set-philadelphia', amount: 3 }] }, key),
  });
}

describe('surcharges on PostgreSQL', () => {
  it('the same raising edit three times at once: one edit, one surcharge of the difference', async () => {
    const order = await paidOrder();
    const key = newKey();
    const answers = await Promise.all([raise(order, key), raise(order, key), raise(order, key)]);
    for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(500);
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    const surcharges = (await paymentsOf(order.id)).filter((r) => r.purpose === 'surcharge');
    expect(surcharges.map((r) => [r.amount, r.status])).toEqual([[1290, 'pending']]);
    const edits = await server.db.run((db) =>
      db.execute<{ n: number }>(sql`select count(*)::int as n from order_edits where order_id = ${order.id}`),
    );
    expect(edits.rows[0]?.n).toBe(1);
  });

  it('a cancellation racing the surcharge’s payment: the surcharge ends voided or refunded, the order refunded', async () => {
    const order = await paidOrder();
    expect((await raise(order, newKey())).statusCode).toBe(200);
    const surcharge = (await paymentsOf(order.id)).find((r) => r.purpose === 'surcharge');
    if (!surcharge) throw new Error('no surcharge');
    const [paid, cancelled] = await Promise.all([
      confirmPayment(server.ctx, surcharge.id, { transactionId: `tx-${surcharge.id}`, amount: surcharge.amount }),
      server.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${order.id}/cancel`,
        headers: operator.auth,
        payload: { reason: 'Клиент передумал' },
      }),
    ]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(['paid', 'not-pending']).toContain(paid);
    if (paid === 'paid' && cancelled.json<Order>().paymentStatus !== 'refunded') {
      // paid after the cancellation's refund read the payments: the operator's retry returns it
      const retried = await server.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${order.id}/refund`,
        headers: operator.auth,
      });
      expect(retried.statusCode, retried.body).toBe(200);
    }
    const rows = await paymentsOf(order.id);
    expect(rows.filter((r) => r.status === 'paid' || r.status === 'pending')).toEqual([]);
    const stored = await server.db.run((db) =>
      db.execute<{ payment_status: string }>(sql`select payment_status from orders where id = ${order.id}`),
    );
    expect(stored.rows[0]?.payment_status).toBe('refunded');
  });

  it('the indexes refuse a second pending surcharge of an order and a second surcharge of an edit', async () => {
    const order = await paidOrder();
    expect((await raise(order, newKey())).statusCode).toBe(200);
    const edit = await server.db.run((db) =>
      db.execute<{ id: string }>(sql`select id from order_edits where order_id = ${order.id}`),
    );
    const editId = edit.rows[0]?.id ?? '';
    const insert = (id: string) =>
      server.db.run((db) =>
        db.execute(sql`insert into payments (id, order_id, user_id, provider, method, status, amount, purpose, edit_id)
          select ${id}, order_id, user_id, provider, method, 'pending', 10, 'surcharge', ${editId}
          from payments where order_id = ${order.id} and purpose = 'order'`),
      );
    await expect(insert(`dup-${order.id}`)).rejects.toThrow();
  });
});
