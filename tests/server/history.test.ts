import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LastOrder } from '../../src/api/entities.js';
import { ORDER_STATUS_NAMES, OrderHistory } from '../../src/api/contract/orders.js';
import { accrualFor, advanceOrderStatus, canMoveStatus } from '../../server/services/order/status.js';
import { type TestServer } from './helpers.js';
import {
  auth,
  deliveryBody,
  pickupBody,
  postOrder,
  signedInUser,
  useOrderServer,
  placedOrder,
} from './ordersFixtures.js';

let server: TestServer;

useOrderServer((started) => (server = started)); // OPEN_NOW: Friday 13:00 in Asia/Irkutsk

const place = (token: string, body: Record<string, unknown>) => placedOrder(server, token, body);

async function balanceOf(userId: string): Promise<{ balance: number; ledger: number }> {
  const rows = await server.db.run((db) =>
    db.execute<{ balance: number; ledger: number }>(
      sql`select balance, (select coalesce(sum(delta), 0)::int from bonus_ledger where user_id = ${userId}) as ledger from users where id = ${userId}`,
    ),
  );
  return rows.rows[0] ?? { balance: -1, ledger: -1 };
}

describe('order statuses (iiko): forward only', () => {
  it('the Russian names the client shows', () => {
    expect(ORDER_STATUS_NAMES).toEqual({
      Unconfirmed: 'принят',
      WaitCooking: 'принят',
      CookingStarted: 'готовится',
      CookingCompleted: 'готов',
      OnWay: 'в пути',
      Delivered: 'доставлен',
      Waiting: 'ожидает выдачи',
      Closed: 'выполнен',
      Cancelled: 'отменён',
    });
  });

  it('legal and illegal moves', () => {
    expect(canMoveStatus('delivery', 'Unconfirmed', 'WaitCooking')).toBe(true);
    expect(canMoveStatus('delivery', 'CookingCompleted', 'OnWay')).toBe(true);
    expect(canMoveStatus('delivery', 'Unconfirmed', 'CookingStarted')).toBe(true); // iiko may skip ahead
    expect(canMoveStatus('delivery', 'OnWay', 'CookingStarted')).toBe(false);
    expect(canMoveStatus('delivery', 'CookingCompleted', 'Waiting')).toBe(false);
    expect(canMoveStatus('self', 'CookingCompleted', 'Waiting')).toBe(true);
    expect(canMoveStatus('self', 'CookingCompleted', 'OnWay')).toBe(false);
    expect(canMoveStatus('self', 'Waiting', 'Cancelled')).toBe(true);
    expect(canMoveStatus('delivery', 'Closed', 'Cancelled')).toBe(false);
    expect(canMoveStatus('delivery', 'Cancelled', 'Closed')).toBe(false);
    expect(canMoveStatus('delivery', 'Delivered', 'Delivered')).toBe(false);
  });

  it('a delivery goes Unconfirmed → … → Closed, each step logged and pushed; Closed accrues BONUS_ACCRUAL_PERCENT (5 %) of the paid sum', async () => {
    const user = await signedInUser(server.db, { balance: 200 });
    const order = await place(user.token, deliveryBody({ spendBonus: 100 }));
    expect(order.total).toBe(1326);
    const steps = ['WaitCooking', 'CookingStarted', 'CookingCompleted', 'OnWay', 'Delivered', 'Closed'] as const;
    const pushedBefore = server.pushed.length;
    for (const step of steps) {
      const moved = await advanceOrderStatus(server.ctx, order.id, step, 'iiko');
      expect(moved.status).toBe(step);
      expect(moved.statusName).toBe(ORDER_STATUS_NAMES[step]);
    }
    expect(server.pushed.slice(pushedBefore)).toEqual(
      steps.map((status) => ({ type: 'order:status_update', userId: user.id, orderId: order.id, status })),
    );
    const log = await server.db.run((db) =>
      db.execute<{ status: string }>(sql`select status from order_status_log where order_id = ${order.id} order by id`),
    );
    expect(log.rows.map((r) => r.status)).toEqual(['Unconfirmed', ...steps]);
    // 200 − 100 spent + ⌊1 326 × 5 %⌋ = 66 accrued
    expect(accrualFor(1326, 5)).toBe(66);
    expect(await balanceOf(user.id)).toEqual({ balance: 166, ledger: 166 });
    const own = await server.app.inject({ method: 'GET', url: `/api/v1/order/${order.id}`, headers: auth(user.token) });
    expect(own.json()).toMatchObject({ status: 'Closed', statusName: 'выполнен', paymentStatus: 'paid' });
  });

  it('backwards, repeated and foreign-path moves are refused with a Russian message', async () => {
    const user = await signedInUser(server.db);
    const order = await place(user.token, pickupBody({ paymentMethod: 'cash' }));
    await advanceOrderStatus(server.ctx, order.id, 'CookingCompleted', 'iiko');
    await expect(advanceOrderStatus(server.ctx, order.id, 'CookingStarted', 'iiko')).rejects.toMatchObject({
      statusCode: 422,
      message: 'Нельзя перевести заказ из статуса «готов» (CookingCompleted) в «готовится» (CookingStarted)',
    });
    await expect(advanceOrderStatus(server.ctx, order.id, 'OnWay', 'iiko')).rejects.toMatchObject({ statusCode: 422 });
    await expect(advanceOrderStatus(server.ctx, order.id, 'CookingCompleted', 'iiko')).rejects.toMatchObject({
      statusCode: 422,
    });
    const waiting = await advanceOrderStatus(server.ctx, order.id, 'Waiting', 'iiko');
    expect(waiting.statusName).toBe('ожидает выдачи');
    await advanceOrderStatus(server.ctx, order.id, 'Closed', 'iiko');
    await expect(advanceOrderStatus(server.ctx, order.id, 'Cancelled', 'staff:1')).rejects.toMatchObject({
      statusCode: 422,
    });
    await expect(advanceOrderStatus(server.ctx, 'no-such-order', 'Closed', 'iiko')).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('Cancelled refunds the bonuses spent and frees the coupon use', async () => {
    const user = await signedInUser(server.db, { balance: 300 });
    const order = await place(user.token, deliveryBody({ spendBonus: 150, coupon: 'WELCOME10' }));
    expect(await balanceOf(user.id)).toEqual({ balance: 150, ledger: 150 });
    const cancelled = await advanceOrderStatus(server.ctx, order.id, 'Cancelled', 'staff:operator');
    expect(cancelled.statusName).toBe('отменён');
    expect(await balanceOf(user.id)).toEqual({ balance: 300, ledger: 300 });
    // WELCOME10 is once per customer: usable again after the cancellation
    const again = await postOrder(server, user.token, deliveryBody({ coupon: 'WELCOME10' }));
    expect(again.statusCode).toBe(200);
  });
});

describe('GET /api/v1/user/:id/last-order', () => {
  it('the owner gets the products of the last order that was not cancelled, with modifiers', async () => {
    const user = await signedInUser(server.db);
    const empty = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/${user.id}/last-order`,
      headers: auth(user.token),
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ products: [] });
    await place(
      user.token,
      deliveryBody({
        items: [
          {
            productId: 'pizza-pepperoni',
            amount: 1,
            mods: [
              { id: 'pizza-size-30', amount: 1, groupId: 'mod-pizza-size' },
              { id: 'dough-traditional', amount: 1, groupId: 'mod-pizza-dough' },
            ],
          },
          { productId: 'onion-rings', amount: 3 },
        ],
      }),
    );
    const cancelled = await place(user.token, deliveryBody());
    await advanceOrderStatus(server.ctx, cancelled.id, 'Cancelled', 'staff:operator');
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/${user.id}/last-order`,
      headers: auth(user.token),
    });
    expect(res.statusCode).toBe(200);
    const last = LastOrder.parse(res.json());
    expect(last.products).toEqual([
      {
        productId: 'pizza-pepperoni',
        isGift: false,
        amount: 1,
        name: 'Пепперони',
        mods: [
          { id: 'pizza-size-30', amount: 1, groupId: 'mod-pizza-size', price: 150 },
          { id: 'dough-traditional', amount: 1, groupId: 'mod-pizza-dough', price: 0 },
        ],
      },
      { productId: 'onion-rings', isGift: false, amount: 3, name: 'Луковые кольца', mods: [] },
      { productId: 'fries', isGift: true, amount: 1, name: 'Картофель фри', mods: [] },
    ]);
  });

  it('401 without a session, 403 for another customer’s id', async () => {
    const a = await signedInUser(server.db);
    const b = await signedInUser(server.db);
    expect((await server.app.inject({ method: 'GET', url: `/api/v1/user/${a.id}/last-order` })).statusCode).toBe(401);
    const other = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/${a.id}/last-order`,
      headers: auth(b.token),
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('GET /api/v1/user/:phone/history', () => {
  it('the owner gets orders with items and modifiers, newest first, paged', async () => {
    const user = await signedInUser(server.db);
    const first = await place(user.token, deliveryBody());
    const second = await place(user.token, pickupBody({ paymentMethod: 'cash' }));
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/${encodeURIComponent(user.phone)}/history`,
      headers: auth(user.token),
    });
    expect(res.statusCode).toBe(200);
    const history = OrderHistory.parse(res.json());
    expect(history.orders.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(history.orders[1]?.items.map((i) => i.productId)).toEqual(['california-crab', 'set-mini']);
    expect(history.nextBefore).toBeNull();
    const page = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/${encodeURIComponent(user.phone)}/history?limit=1`,
      headers: auth(user.token),
    });
    const paged = OrderHistory.parse(page.json());
    expect(paged.orders.map((o) => o.id)).toEqual([second.id]);
    expect(paged.nextBefore).toBe(second.number);
    const rest = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/${encodeURIComponent(user.phone)}/history?limit=1&before=${paged.nextBefore}`,
      headers: auth(user.token),
    });
    expect(OrderHistory.parse(rest.json()).orders.map((o) => o.id)).toEqual([first.id]);
    // the phone in the 8… spelling is the same customer
    const eight = `8${user.phone.slice(2)}`;
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/v1/user/${eight}/history`, headers: auth(user.token) }))
        .statusCode,
    ).toBe(200);
  });

  it('401 without a session, 403 for another customer’s phone', async () => {
    const a = await signedInUser(server.db);
    const b = await signedInUser(server.db);
    const url = `/api/v1/user/${encodeURIComponent(a.phone)}/history`;
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url, headers: auth(b.token) })).statusCode).toBe(403);
  });
});
