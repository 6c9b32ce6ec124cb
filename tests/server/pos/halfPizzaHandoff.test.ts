// A half-and-half pizza handed to the POS (docs/HALF-PIZZA.md) as one iikoCloud Compound item: the
// two pizzas as its components with their dough, the size as a common modifier, the unit price split
// so that items − discounts = payment, which the fake iiko checks as iiko does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { halfPizzaProductId } from '../../../src/domain/halfPizza.js';
import { FOLLOW_MS, runOutboxOnce } from '../../../server/services/pos/outbox.js';
import { type FakeIiko } from '../../fakes/iiko/server.js';
import type { TestServer } from '../helpers.js';
import { startIikoHandoffServer } from './iikoHandoffServer.js';
import { deliveryBody, postOrder } from '../ordersFixtures.js';

let server: TestServer;
let fake: FakeIiko;
let token: string;

beforeAll(async () => {
  ({ server, fake, token } = await startIikoHandoffServer());
  server.clock.set('2026-11-20T05:00:00.000Z');
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('hand-off of a half-and-half pizza', () => {
  it('goes as one Compound item whose parts add up to the line, and iiko accepts the sums', async () => {
    const half = {
      productId: halfPizzaProductId('pizza-size-30', 'pizza-pepperoni', 'pizza-four-cheese'),
      amount: 2,
      mods: [],
      halfPizza: { sizeId: 'pizza-size-30', productIds: ['pizza-pepperoni', 'pizza-four-cheese'] },
    };
    const answer = await postOrder(server, token, deliveryBody({ items: [half], changeFrom: null }));
    expect(answer.statusCode, answer.body).toBe(200);
    const { id } = answer.json<{ id: string }>();
    for (let t = 0; t <= 10_000; t += FOLLOW_MS) {
      await runOutboxOnce(server.ctx);
      server.clock.advance(FOLLOW_MS);
    }
    // the fake refuses (400, no order) an order whose items less discounts differ from its payment
    const sent = fake.orders.get(id);
    expect(sent).toBeDefined();
    expect(sent?.creationStatus).not.toBe('Error');
    const items = (sent?.body as { order: { items: Record<string, unknown>[] } }).order.items;
    expect(items[0]).toEqual({
      type: 'Compound',
      amount: 2,
      // 779 ₽ a pizza: the second half ⌊779 / 2⌋ = 389, the first the rest
      primaryComponent: {
        productId: 'pizza-pepperoni',
        price: 390,
        modifiers: [{ productId: 'dough-traditional', productGroupId: 'mod-pizza-dough', amount: 1, price: 0 }],
      },
      secondaryComponent: {
        productId: 'pizza-four-cheese',
        price: 389,
        modifiers: [{ productId: 'dough-traditional', productGroupId: 'mod-pizza-dough', amount: 1, price: 0 }],
      },
      commonModifiers: [{ productId: 'pizza-size-30', productGroupId: 'mod-pizza-size', amount: 1, price: 0 }],
    });
  });
});
