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
import type { PaymentGateway } from '../../../server/integrations/paymentGateway.js';
import { createPaymentGateways } from '../../../server/integrations/payments.js';
import { confirmPayment } from '../../../server/services/payments.js';
import { deliveryBody, newKey, orderServerPerFile, pickupBody, postOrder, signedInUser } from '../ordersFixtures.js';
import { testDatabaseUrl } from '../pgTestDatabase.js';
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
    payload: {
      basedOn: order.updatedAt,
      idempotencyKey: key,
      changes: {
        items: order.items.filter((l) => !l.isGift).map((l) => ({ productId: l.productId, amount: l.amount })),
        address: order.address,
        deliveryTime: order.deliveryTime,
        paymentMethod: order.paymentMethod,
        changeFrom: order.changeFrom,
        comment: order.comment,
        ...changes,
      },
    },
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
    const placed = await place(pickupBody({ items: [{ productId: 'set-philadelphia', amount: 2, mods: [] }] }));
    const payment = await server.db.run((db) =>
      db.execute<{ id: string; amount: number }>(sql`select id, amount from payments where order_id = ${placed.id}`),
    );
    const row = payment.rows[0];
    if (!row) throw new Error('no payment');
    expect(await confirmPayment(server.ctx, row.id, { transactionId: `tx-${row.id}`, amount: row.amount })).toBe(
      'paid',
    );
    const order = (
      await server.app.inject({ method: 'GET', url: `/api/v1/admin/orders/${placed.id}`, headers: operator.auth })
    ).json<Order>();
    const asked: number[] = [];
    const real = createPaymentGateways(server.ctx.config);
    const counting: PaymentGateway = {
      ...real.byProvider('test'),
      refund: async (p) => {
        asked.push(p.amount);
        return { ok: true };
      },
    };
    server.ctx.payments = { ...real, current: counting, byProvider: () => counting };
    const key = newKey();
    const items = [{ productId: 'set-philadelphia', amount: 1 }];
    const answers = await Promise.all([edit(operator, order, { items }, key), edit(operator, order, { items }, key)]);
    for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(500);
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    expect(asked).toEqual([1290]);
    const refunded = await server.db.run((db) =>
      db.execute<{ refunded_amount: number }>(sql`select refunded_amount from payments where id = ${row.id}`),
    );
    expect(refunded.rows[0]?.refunded_amount).toBe(1290);
  });
});
