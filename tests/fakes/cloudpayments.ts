// A local fake of CloudPayments' HTTP API (POST /payments/refund with Basic auth
// publicId:apiSecret and JSON {TransactionId, Amount} → {Success, Message, Model}; POST
// /payments/qr/sbp/link {PublicId, Amount, Currency, InvoiceId, AccountId, TtlMinutes, …} →
// {Success, Message, Model: {QrUrl, TransactionId}}, the SBP link it remembers; POST /orders/create
// {Amount, Currency, Description, InvoiceId, AccountId, JsonData, …} → {Success, Model: {Id, Url, …}},
// an invoice paid by link, and POST /orders/cancel {Id}, which withdraws it), on 127.0.0.1
// with a free port, plus helpers that build notifications (Check / Pay / Fail) as CloudPayments
// sends them: form-urlencoded, signed with HMAC-SHA256 of the body in Content-HMAC (base64).
import { createHmac } from 'node:crypto';
import { sendJson, sendText, startLocalHttpServer } from './localHttpServer.js';

export interface FakeRefund {
  publicId: string;
  transactionId: unknown;
  amount: unknown;
}

/** An SBP link the fake gave out: what it was asked for, and the QrUrl and TransactionId it answered. */
export interface FakeSbpLink {
  publicId: string;
  body: Record<string, unknown>;
  qrUrl: string;
  transactionId: number;
}

/** An invoice link the fake gave out (a surcharge); `cancelled` once /orders/cancel withdrew it. */
export interface FakeInvoice {
  id: string;
  publicId: string;
  body: Record<string, unknown>;
  url: string;
  status: 'Created' | 'Paid' | 'Cancelled';
}

export interface FakeCloudPayments {
  apiUrl: string;
  accounts: Record<string, string>;
  refunds: FakeRefund[];
  sbpLinks: FakeSbpLink[];
  invoices: FakeInvoice[];
  mode: 'ok' | 'refuse' | 'http-500';
  /**
   * The customer pays an invoice on its page: the Pay notification's fields CloudPayments would
   * send (InvoiceId, AccountId, Amount, Data), or null when the link was withdrawn (its page refuses).
   */
  payInvoice(id: string, transactionId: number): Record<string, string | number> | null;
  close(): Promise<void>;
}

export async function startFakeCloudPayments(accounts: Record<string, string>): Promise<FakeCloudPayments> {
  const fake: FakeCloudPayments = {
    apiUrl: '',
    accounts,
    refunds: [],
    sbpLinks: [],
    invoices: [],
    mode: 'ok',
    payInvoice: (id, transactionId) => {
      const invoice = fake.invoices.find((i) => i.id === id);
      if (!invoice || invoice.status !== 'Created') return null;
      invoice.status = 'Paid';
      const amount = Number(invoice.body.Amount);
      return paymentFields({
        TransactionId: transactionId,
        Amount: amount.toFixed(2),
        PaymentAmount: amount.toFixed(2),
        InvoiceId: String(invoice.body.InvoiceId),
        AccountId: String(invoice.body.AccountId),
        Data: JSON.stringify(invoice.body.JsonData ?? {}),
      });
    },
    close: async () => undefined,
  };
  const server = await startLocalHttpServer((request, requestBody, response) => {
    const json = (status: number, answer: unknown) => sendJson(response, status, answer);
    const paths = ['/payments/refund', '/payments/qr/sbp/link', '/orders/create', '/orders/cancel'];
    if (request.method !== 'POST' || !paths.includes(request.url ?? '')) return json(404, {});
    const auth = request.headers.authorization ?? '';
    const [publicId = '', secret = ''] = Buffer.from(auth.replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':');
    if (!auth.startsWith('Basic ') || fake.accounts[publicId] !== secret) {
      return sendText(response, 401, '');
    }
    if (fake.mode === 'http-500') return json(500, {});
    if (request.url === '/orders/create') {
      const asked = JSON.parse(requestBody.toString('utf8')) as Record<string, unknown>;
      if (fake.mode === 'refuse') return json(200, { Success: false, Message: 'Выставление счетов не подключено' });
      if (typeof asked.Amount !== 'number' || asked.Amount <= 0 || typeof asked.InvoiceId !== 'string')
        return json(200, { Success: false, Message: 'Invalid request' });
      const id = `inv-${fake.invoices.length + 1}`;
      const url = `https://orders.cloudpayments.ru/d/${id}`;
      fake.invoices.push({ id, publicId, body: asked, url, status: 'Created' });
      return json(200, {
        Success: true,
        Message: null,
        Model: { Id: id, Number: fake.invoices.length, Amount: asked.Amount, Currency: 'RUB', Url: url },
      });
    }
    if (request.url === '/orders/cancel') {
      const asked = JSON.parse(requestBody.toString('utf8')) as { Id?: unknown };
      if (fake.mode === 'refuse') return json(200, { Success: false, Message: 'Счёт не найден' });
      const invoice = fake.invoices.find((i) => i.id === asked.Id && i.publicId === publicId);
      if (!invoice) return json(200, { Success: false, Message: 'Счёт не найден' });
      if (invoice.status === 'Paid') return json(200, { Success: false, Message: 'Счёт уже оплачен' });
      invoice.status = 'Cancelled';
      return json(200, { Success: true, Message: null });
    }
    if (request.url === '/payments/qr/sbp/link') {
      const asked = JSON.parse(requestBody.toString('utf8')) as Record<string, unknown>;
      if (fake.mode === 'refuse') return json(200, { Success: false, Message: 'СБП не подключён' });
      if (asked.PublicId !== publicId || typeof asked.Amount !== 'number' || typeof asked.InvoiceId !== 'string')
        return json(200, { Success: false, Message: 'Invalid request' });
      const transactionId = 3_000_000 + fake.sbpLinks.length + 1;
      // The shape of an NSPK link (qr.nspk.ru/<id>): what a bank app opens.
      const qrUrl = `https://qr.nspk.ru/AD10${String(transactionId)}?type=02&bank=100000000111&sum=${Math.round(asked.Amount * 100)}&cur=RUB`;
      fake.sbpLinks.push({ publicId, body: asked, qrUrl, transactionId });
      return json(200, {
        Success: true,
        Message: null,
        Model: { QrUrl: qrUrl, TransactionId: transactionId, ProviderQrId: `AD10${String(transactionId)}` },
      });
    }
    const body = JSON.parse(requestBody.toString('utf8')) as { TransactionId?: unknown; Amount?: unknown };
    if (fake.mode === 'refuse') return json(200, { Success: false, Message: 'Transaction not found' });
    fake.refunds.push({ publicId, transactionId: body.TransactionId, amount: body.Amount });
    json(200, { Model: { TransactionId: 900000 + fake.refunds.length }, Success: true, Message: null });
  });
  fake.apiUrl = server.origin;
  fake.close = server.close;
  return fake;
}

/** A notification body as CloudPayments posts it (form-urlencoded), with its Content-HMAC. */
export function cloudPaymentsNotification(
  fields: Record<string, string | number>,
  apiSecret: string,
): { body: string; headers: Record<string, string> } {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  const hmac = createHmac('sha256', apiSecret).update(body).digest('base64');
  return {
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-hmac': hmac, 'x-content-hmac': hmac },
  };
}

/** The usual fields of a Pay / Check notification. */
export function paymentFields(overrides: Record<string, string | number>): Record<string, string | number> {
  return {
    TransactionId: 1_504_001,
    Amount: '0.00',
    Currency: 'RUB',
    PaymentAmount: '0.00',
    PaymentCurrency: 'RUB',
    OperationType: 'Payment',
    InvoiceId: '',
    AccountId: '',
    DateTime: '2026-11-20 05:10:00',
    CardFirstSix: '424242',
    CardLastFour: '4242',
    CardType: 'Visa',
    Status: 'Completed',
    TestMode: 1,
    ...overrides,
  };
}
