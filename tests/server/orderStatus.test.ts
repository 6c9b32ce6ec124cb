// Order status moves and money: an online order whose payment is not confirmed cannot be closed
// (closing used to mark a pending online payment as paid); a cash order is paid on handover.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceOrderStatus } from '../../server/services/order/status.js';
import { HttpError } from '../../server/http/errors.js';
import { createTestServer, type TestServer } from './helpers.js';
import { pickupBody, signedInUser, OPEN_NOW, placedOrder } from './ordersFixtures.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  server.clock.set(OPEN_NOW);
  token = (await signedInUser(server.db)).token;
});
afterAll(async () => {
  await server.close();
});

const place = (paymentMethod: 'card' | 'cash') => placedOrder(server, token, pickupBody({ paymentMethod }));

describe('closing an order', () => {
  it('refuses an online order whose payment is still pending, in Russian, and leaves it unpaid', async () => {
    const order = await place('card');
    expect(order.paymentStatus).toBe('pending');
    const refusal = await advanceOrderStatus(server.ctx, order.id, 'Closed', 'test').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).statusCode).toBe(422);
    expect((refusal as HttpError).message).toBe('Заказ не оплачен: закрыть его можно после подтверждения оплаты');
    const cancelled = await advanceOrderStatus(server.ctx, order.id, 'Cancelled', 'test');
    expect(cancelled.paymentStatus).toBe('failed');
  });

  it('marks a cash order paid on closing (the money changes hands at the handover)', async () => {
    const order = await place('cash');
    expect(order.paymentStatus).toBe('none');
    const closed = await advanceOrderStatus(server.ctx, order.id, 'Closed', 'test');
    expect(closed).toMatchObject({ status: 'Closed', paymentStatus: 'paid' });
  });
});
