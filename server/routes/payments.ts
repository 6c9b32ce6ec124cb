// Online payments (contract/payments.ts, docs/CHECKOUT.md):
// - the customer's POST/GET /order/:id/payment, POST /order/:id/payment/renew (SBP: a new QR)
//   and POST /order/:id/payment/cancel;
// - the built-in test gateway's page GET /payments/test/:paymentId with its two buttons
//   (POST …/pay, POST …/decline → 303 to /{city}/complete or /{city}/complete-error);
// - CloudPayments notifications POST /payments/cloudpayments/{check,pay,fail}, read as the raw
//   body (the HMAC is over its bytes) in a scope with its own content-type parser.
import type { FastifyInstance } from 'fastify';
import {
  cancelOrderPayment,
  getOrderPayment,
  renewOrderPayment,
  startOrderPayment,
} from '../../src/api/contract/payments.js';
import { notFound } from '../http/errors.js';
import { route } from '../http/route.js';
import { handleCloudPaymentsNotification, type CloudPaymentsKind } from '../services/paymentNotifications.js';
import {
  expireStalePayments,
  cancelOrderPayment as cancelPayment,
  readOrderPayment,
  renewSbpPayment,
  startOrderPayment as startPayment,
} from '../services/order/index.js';
import { PAYMENT_MESSAGES } from '../../src/domain/messages.js';
import { testGatewayAct, testPaymentPage } from '../services/testPayments.js';
import { requireUser, singleHeaders } from '../http/requestAuth.js';

const PAYMENT_SWEEP_MS = 60_000;

export async function registerPayments(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  // Pending payments nobody completed expire (their orders are cancelled); every process sweeps,
  // the row lock in failPayment makes that harmless.
  let sweep: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => {
      expireStalePayments(ctx).catch((error: unknown) => {
        app.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'payments: expiry sweep failed');
      });
    }, PAYMENT_SWEEP_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => {
    if (sweep) clearInterval(sweep);
    sweep = null;
  });

  route(app, startOrderPayment, async ({ params, request }) =>
    startPayment(ctx, await requireUser(ctx, request), params.id),
  );
  route(app, getOrderPayment, async ({ params, request }) =>
    readOrderPayment(ctx, await requireUser(ctx, request), params.id),
  );
  route(app, renewOrderPayment, async ({ params, request }) =>
    renewSbpPayment(ctx, await requireUser(ctx, request), params.id),
  );
  route(app, cancelOrderPayment, async ({ params, request }) =>
    cancelPayment(ctx, await requireUser(ctx, request), params.id),
  );

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 65_536 }, (_request, body, done) =>
      done(null, body),
    );

    scope.get<{ Params: { paymentId: string } }>('/payments/test/:paymentId', async (request, reply) => {
      const page = await testPaymentPage(ctx, request.params.paymentId);
      if (page === null) throw notFound(PAYMENT_MESSAGES.noPayment, 'payment-not-found');
      return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    });

    for (const verb of ['pay', 'decline'] as const) {
      scope.post<{ Params: { paymentId: string } }>(`/payments/test/:paymentId/${verb}`, async (request, reply) => {
        const to = await testGatewayAct(ctx, request.params.paymentId, verb);
        if (to === null) throw notFound(PAYMENT_MESSAGES.noPayment, 'payment-not-found');
        return reply.code(303).header('location', to).send();
      });
    }

    for (const kind of ['check', 'pay', 'fail'] as const satisfies readonly CloudPaymentsKind[]) {
      scope.post(`/payments/cloudpayments/${kind}`, async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return handleCloudPaymentsNotification(ctx, kind, { raw, headers: singleHeaders(request) });
      });
    }
  });
}
