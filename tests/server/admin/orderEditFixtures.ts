// Orders for the edit and surcharge suites (docs/ORDER-EDITING.md): a customer's order paid online
// through the test gateway, the body of an edit that keeps all but what a test changes, and a test
// gateway that counts the refunds it is asked for.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Order } from '../../../src/api/contract/orders.js';
import type { PaymentGateway, RefundResult } from '../../../server/integrations/paymentGateway.js';
import { createPaymentGateways } from '../../../server/integrations/payments.js';
import { confirmPayment } from '../../../server/services/payments.js';
import type { TestServer } from '../helpers.js';
import { newKey, pickupBody, postOrder, signedInUser } from '../ordersFixtures.js';

export const SET = 'set-philadelphia';
export const SET_PRICE = 1290;

/**
 * A new customer's pickup order of two Сет Филадельфия paid by card through the test gateway: the
 * order as POST /order answered it, the customer's token and the paid payment's id.
 */
export async function paidPickupOrder(
  server: Pick<TestServer, 'app' | 'db' | 'ctx'>,
): Promise<{ placed: Order; token: string; paymentId: string }> {
  const customer = await signedInUser(server.db);
  const res = await postOrder(server, customer.token, pickupBody({ items: [{ productId: SET, amount: 2, mods: [] }] }));
  expect(res.statusCode, res.body).toBe(200);
  const placed = res.json<Order>();
  const payment = await server.db.run((db) =>
    db.execute<{ id: string; amount: number }>(
      sql`select id, amount from payments where order_id = ${placed.id} and purpose = 'order'`,
    ),
  );
  const row = payment.rows[0];
  if (!row) throw new Error('no payment');
  expect(await confirmPayment(server.ctx, row.id, { transactionId: `tx-${row.id}`, amount: row.amount })).toBe('paid');
  return { placed, token: customer.token, paymentId: row.id };
}

/** paidPickupOrder as `staff` reads it through GET /admin/orders/:id. */
export async function paidPickupOrderSeenBy(
  server: Pick<TestServer, 'app' | 'db' | 'ctx'>,
  staff: { auth: Record<string, string> },
): Promise<{ order: Order; token: string; paymentId: string }> {
  const { placed, token, paymentId } = await paidPickupOrder(server);
  const read = await server.app.inject({
    method: 'GET',
    url: `/api/v1/admin/orders/${placed.id}`,
    headers: staff.auth,
  });
  expect(read.statusCode, read.body).toBe(200);
  return { order: read.json<Order>(), token, paymentId };
}

/** The order's lines, address, time, payment and comment as they are, but for `overrides`. */
export const editChanges = (order: Order, overrides: Record<string, unknown> = {}) => ({
  items: order.items.filter((l) => !l.isGift).map((l) => ({ productId: l.productId, amount: l.amount, mods: [] })),
  address: order.address,
  deliveryTime: order.deliveryTime,
  paymentMethod: order.paymentMethod,
  changeFrom: order.changeFrom,
  comment: order.comment,
  ...overrides,
});

/** The body of POST /admin/orders/:id/edit based on the order's version: editChanges with `overrides`. */
export const editRequest = (order: Order, overrides: Record<string, unknown> = {}, key = newKey()) => ({
  basedOn: order.updatedAt,
  idempotencyKey: key,
  changes: editChanges(order, overrides),
});

/** Puts a test gateway in the server that records the refunds it is asked for and answers `answer`. */
export function countRefunds(
  server: Pick<TestServer, 'ctx'>,
  answer: () => Promise<RefundResult> = async () => ({ ok: true }),
): number[] {
  const asked: number[] = [];
  const real = createPaymentGateways(server.ctx.config);
  const scripted: PaymentGateway = {
    ...real.byProvider('test'),
    refund: async (p) => {
      asked.push(p.amount);
      return answer();
    },
  };
  server.ctx.payments = {
    ...real,
    current: scripted,
    byProvider: (provider) => (provider === 'test' ? scripted : real.byProvider(provider)),
  };
  return asked;
}
