// A test server that takes payments through CloudPayments, pointed at the local fake of its API:
// the chain's account and the second Angarsk restaurant's own, the clock at an hour the demo
// restaurants are open, the promotions seeded. Card and SBP tests start from it.
import { seedPromotions } from '../../server/services/promo.js';
import { paymentFields, startFakeCloudPayments, type FakeCloudPayments } from '../fakes/cloudpayments.js';
import { createTestServer, type TestServer } from './helpers.js';
import { OPEN_NOW } from './ordersFixtures.js';

/** The account of restaurant dt-angarsk-2. */
export const A2 = { publicId: 'pk_angarsk_2', apiSecret: 'secret-angarsk-2' };
/** The chain's account, for every restaurant without one of its own. */
export const DEFAULT = { publicId: 'pk_chain', apiSecret: 'secret-chain' };

export async function startCloudPaymentsServer(): Promise<{ fake: FakeCloudPayments; server: TestServer }> {
  const fake = await startFakeCloudPayments({ [A2.publicId]: A2.apiSecret, [DEFAULT.publicId]: DEFAULT.apiSecret });
  const server = await createTestServer({
    config: {
      payments: {
        provider: 'cloudpayments',
        cloudpayments: {
          apiUrl: fake.apiUrl,
          defaultAccount: DEFAULT,
          accounts: { 'dt-angarsk-2': A2 },
          skin: 'classic',
        },
      },
    },
  });
  server.clock.set(OPEN_NOW);
  await seedPromotions(server.db);
  return { fake, server };
}

/** The fields of a Check or Pay notification for the whole of `order`, paid by `accountId` in `transactionId`. */
export const fieldsPaying = (
  order: { id: string; total: number },
  accountId: string,
  transactionId: number,
  overrides: Record<string, string | number> = {},
) =>
  paymentFields({
    InvoiceId: order.id,
    AccountId: accountId,
    Amount: order.total.toFixed(2),
    PaymentAmount: order.total.toFixed(2),
    TransactionId: transactionId,
    ...overrides,
  });
