// Order edits on PostgreSQL (docs/ORDER-EDITING.md), where requests really run side by side: two
// edits based on the same version at once save one and answer 409 to the other (the row lock and
// the version check, never a lost update); the same edit sent twice at once refunds the
// difference of an order paid online once; the raw SQL (the pos_outbox lock) runs as prepared
// statements.
//
// Needs a PostgreSQL server (TEST_DATABASE_URL): `npm run test:pg`, or
// `bash tools/pg-test-server.sh run npx vitest run tests/server/admin/orderEdits.pg.test.ts`.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/api/contract/orders.js';
import { deliveryBody, newKey, orderServerPerFile, postOrder, signedInUser } from '../ordersFixtures.js';
import { testDatabaseUrl } from '../pgTestDatabase.js';
import { countRefunds, editRequest, paidPickupOrderSeenBy } from './orderEditFixtures.js';
import { staffPerFile, type SignedInStaff } from './staffFixtures.js';

testDatabaseUrl('orderEdits.pg.test.ts');

const server = orderServerPerFile();
const operator = staffPerFile(server, 'operator');
const second = staffPerFile(server, 'operator');

async function place(body: Record<string, unknown>): Promise<Order> {
  const customer = await signedInUser(server.db);
  const res = await postOrder(server, customer.token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order>();
}

function edit(who: SignedInStaff, order: Order, changes: Record<string, unknown>, key = newKey()) {
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${order.id}/edit`,
    headers: who.auth,
    payload: editRequest(order, changes, key),
  });
}

describe('order edits on PostgreSQL', () => {
  it('two edits of the same version at once: one is saved, the other is 409; the order has the saved one', async () => {
    const order = await place(deliveryBody());
    const [a, b] = await Promise.all([
      edit(operator, order, { comment: 'Первый оператор' }),
      edit(second, order, { comment: 'Второй оператор' }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json<{ message: string }>().message).toBe('Заказ изменился, обновите страницу');
    const winner = (a.statusCode === 200 ? a : b).json<Order>();
    const stored = await server.db.run((db) =>
      db.execute<{ comment: string; n: number }>(
        sql`select o.comment, (select count(*)::int from order_edits e where e.order_id = o.id) as n
            from orders o where o.id = ${order.id}`,
      ),
    );
    expect(stored.rows[0]).toEqual({ comment: winner.comment, n: 1 });
  });

  it('the same edit sent twice at once refunds the difference once', async () => {
    const { order, paymentId } = await paidPickupOrderSeenBy(server, operator);
    const asked = countRefunds(server);
    const key = newKey();
    const items = [{ productId: 'set-philadelphia', amount: 1 }];
    const answers = await Promise.all([edit(operator, order, { items }, key), edit(operator, order, { items }, key)]);
    for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(500);
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    expect(asked).toEqual([1290]);
    const refunded = await server.db.run((db) =>
      db.execute<{ refunded_amount: number }>(sql`select refunded_amount from payments where id = ${paymentId}`),
    );
    expect(refunded.rows[0]?.refunded_amount).toBe(1290);
  });
});
