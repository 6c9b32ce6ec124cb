// A rating of 1–3 reaches staff sockets at once as 'order:rated' (the order_ratings trigger of
// migration 0114 on the staff channel); a rating of 4–5 does not, and customers never hear it.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../server/db/database.js';
import { auth, signedInUser } from '../ordersFixtures.js';
import { useWsServer } from '../wsServer.js';
import { insertOrder, moveOrderAs, signInStaff } from './staffFixtures.js';

let db: Database;
let app: FastifyInstance;

const open = useWsServer({ versionPollMs: 100_000 }, (started) => ({ db, app } = started));

describe('low ratings on the staff WebSocket', () => {
  it('announces a rating of 1–3 with its stars, tags and comment; not a 5', async () => {
    const operator = await signInStaff({ app, db }, 'operator');
    const customer = await signedInUser(db);
    const staffSocket = open(`?token=${operator.token}`);
    await staffSocket.next((m) => m.type === 'hello');
    const customerSocket = open(`?token=${customer.token}`);
    await customerSocket.next((m) => m.type === 'hello');

    const good = await insertOrder({ db }, { userId: customer.id, status: 'Delivered' });
    const bad = await insertOrder({ db }, { userId: customer.id, status: 'Delivered' });
    const rate = (orderId: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/v1/order/${orderId}/rating`, headers: auth(customer.token), payload });
    expect((await rate(good.id, { score: 5 })).statusCode).toBe(201);
    expect((await rate(bad.id, { score: 1, tags: ['холодное'], comment: 'Остыло' })).statusCode).toBe(201);

    // the first rating message the socket gets is the low one: the 5 was never announced
    expect(await staffSocket.next((m) => m.type === 'order:rated')).toEqual({
      type: 'order:rated',
      orderId: bad.id,
      number: bad.number,
      score: 1,
      tags: ['холодное'],
      comment: 'Остыло',
      cityId: 'city-angarsk',
      deliveryTerminalId: 'dt-angarsk-2',
    });
    // the customer's socket hears nothing of it: a later message of theirs arrives with none before it
    const next = await insertOrder({ db }, { userId: customer.id, status: 'Unconfirmed' });
    await moveOrderAs({ app }, operator, next.id, 'WaitCooking');
    expect(await customerSocket.next((m) => m.type !== 'hello')).toMatchObject({ type: 'order:status_update' });
  });
});
