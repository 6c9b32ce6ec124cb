// The built-in test gateway's page and its two buttons (the adapter: integrations/testGateway.ts).
// Its 'Оплатить' is the server's own confirmation, like a signed notification of a real provider.
import type { AppContext } from '../context.js';
import { testGatewayPage } from '../integrations/testGateway.js';
import { citySlug } from '../repositories/catalog.js';
import { findOrder, type OrderRow } from '../repositories/orders.js';
import { findPayment, type PaymentRow } from '../repositories/payments.js';
import { returnUrls } from './paymentSessions.js';
import { confirmPayment, expireStalePayments, failPayment } from './payments.js';

interface TestPayment {
  payment: PaymentRow;
  order: OrderRow;
  slug: string;
}

async function testPayment(ctx: AppContext, paymentId: string): Promise<TestPayment | null> {
  return ctx.db.run(async (db) => {
    const payment = await findPayment(db, paymentId, 'test');
    if (!payment) return null;
    const order = await findOrder(db, payment.orderId);
    if (!order) return null;
    return { payment, order, slug: await citySlug(db, order.cityId) };
  });
}

/** The page of a test payment; null when there is no such payment. */
export async function testPaymentPage(ctx: AppContext, paymentId: string): Promise<string | null> {
  const found = await testPayment(ctx, paymentId);
  if (!found) return null;
  const { payment, order, slug } = found;
  return testGatewayPage({
    paymentId: payment.id,
    status: payment.status,
    failureReason: payment.failureReason,
    amount: payment.amount,
    method: payment.method,
    orderNumber: order.number,
    ...returnUrls(slug, order.id),
  });
}

/** 'Оплатить' / 'Отклонить' on the test page → where to send the browser (null: no such payment). */
export async function testGatewayAct(
  ctx: AppContext,
  paymentId: string,
  verb: 'pay' | 'decline',
): Promise<string | null> {
  const stale = await testPayment(ctx, paymentId);
  if (stale) await expireStalePayments(ctx, stale.order.id);
  const found = await testPayment(ctx, paymentId);
  if (!found) return null;
  const urls = returnUrls(found.slug, found.order.id);
  if (found.payment.purpose === 'surcharge') {
    // A surcharge declined stays owed (the order is paid and lives on): back to the order's page either way.
    if (verb === 'pay')
      await confirmPayment(ctx, paymentId, { transactionId: `test-${paymentId}`, amount: found.payment.amount });
    return urls.successUrl;
  }
  if (verb === 'pay') {
    const outcome = await confirmPayment(ctx, paymentId, {
      transactionId: `test-${paymentId}`,
      amount: found.payment.amount,
    });
    if (outcome === 'paid' || outcome === 'already-paid') return urls.successUrl;
    // An expired SBP QR whose order still waits for a new one: back to the order's live page.
    return (await orderStillAwaitsPayment(ctx, found.order.id)) ? urls.successUrl : urls.failUrl;
  }
  await failPayment(ctx, paymentId, 'Отклонено на тестовой странице оплаты', 'payment:test');
  const after = await testPayment(ctx, paymentId);
  return after?.payment.status === 'paid' ? urls.successUrl : urls.failUrl;
}

async function orderStillAwaitsPayment(ctx: AppContext, orderId: string): Promise<boolean> {
  const order = await ctx.db.run((db) => findOrder(db, orderId));
  return order !== undefined && order.status !== 'Cancelled' && order.paymentStatus === 'pending';
}
