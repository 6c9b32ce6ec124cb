// The built-in test gateway (PAYMENTS_PROVIDER=test, the offline default): the payment page is
// ours (GET /api/v1/payments/test/:paymentId) with 'Оплатить' and 'Отклонить'; refunds succeed
// at once. For SBP the same page plays the bank app that the QR or the bank link opens, so its
// link is absolute (a phone scans it). Never in production: anyone with the link can "pay".
import { PAYMENT_STATUS_NAMES } from '../../src/api/contract/orders.js';
import type { PaymentState } from '../../src/api/contract/payments.js';
import type { PaymentGateway } from './paymentGateway.js';

export const TEST_GATEWAY_PATH = '/api/v1/payments/test';

const pagePath = (paymentId: string) => `${TEST_GATEWAY_PATH}/${encodeURIComponent(paymentId)}`;

export function createTestGateway(options: { publicUrl: string }): PaymentGateway {
  const origin = options.publicUrl.replace(/\/+$/, '');
  return {
    provider: 'test',
    accountFor: () => ({ available: true, account: null }),
    checkout: (payment) => ({
      redirectUrl: payment.method === 'sbp' ? null : pagePath(payment.paymentId),
      widget: null,
    }),
    sbpLink: async (payment) => ({ ok: true, link: `${origin}${pagePath(payment.paymentId)}`, transactionId: null }),
    // A surcharge is paid on the same page as a card payment; there is nothing to withdraw.
    paymentLink: async (payment) => ({ ok: true, url: pagePath(payment.paymentId), linkId: null }),
    cancelLink: async () => ({ ok: true }),
    refund: async () => ({ ok: true }),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The test gateway page's only inline block; the Content-Security-Policy allows it by hash. */
export const TEST_GATEWAY_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}form{display:inline-block;margin:.5rem .5rem 0 0}\n' +
  'button{font-size:1.1rem;padding:.6rem 1.4rem;border-radius:.5rem;border:0;cursor:pointer}.pay{background:#1a7f37;color:#fff}.decline{background:#d0d7de}';

export interface TestGatewayPageInput {
  paymentId: string;
  status: PaymentState;
  /** Why a failed payment failed ('Время на оплату истекло'), shown to the tester. */
  failureReason: string | null;
  amount: number;
  method: 'card' | 'sbp';
  orderNumber: number;
  successUrl: string;
  failUrl: string;
}

export function testGatewayPage(page: TestGatewayPageInput): string {
  const amount = new Intl.NumberFormat('ru-RU').format(page.amount).replace(/\s/g, '\u00A0');
  const action = (verb: string) => `${TEST_GATEWAY_PATH}/${encodeURIComponent(page.paymentId)}/${verb}`;
  const body =
    page.status === 'pending'
      ? `<form method="post" action="${escapeHtml(action('pay'))}"><button type="submit" class="pay">Оплатить</button></form>
<form method="post" action="${escapeHtml(action('decline'))}"><button type="submit" class="decline">Отклонить</button></form>`
      : `<p>Статус платежа: ${escapeHtml(PAYMENT_STATUS_NAMES[page.status])}${page.status === 'failed' && page.failureReason ? ` (${escapeHtml(page.failureReason)})` : ''}.</p>
<p><a href="${escapeHtml(page.status === 'paid' ? page.successUrl : page.failUrl)}">Вернуться в магазин</a></p>`;
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg">
<title>Тестовая оплата заказа № ${page.orderNumber}</title>
<style>${TEST_GATEWAY_STYLE}</style>
</head><body>
<h1>Тестовая оплата</h1>
<p>Заказ № ${page.orderNumber}, к оплате ${amount}&nbsp;₽ (${page.method === 'sbp' ? 'СБП' : 'картой'}).</p>
<p>Это встроенный тестовый платёжный шлюз: деньги не списываются.${page.method === 'sbp' ? ' Эта страница играет роль приложения банка, открытого по QR-коду СБП: «Оплатить» подтверждает оплату, как это сделал бы банк.' : ''}</p>
${body}
</body></html>`;
}
