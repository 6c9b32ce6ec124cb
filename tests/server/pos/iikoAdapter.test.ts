// The iikoCloud adapter against the local fake iiko: tokens (shared, refreshed before expiry and
// once on a 401), the documented shapes both ways, and each injected fault as a PosError.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createIikoPos, rmsDiscounts, type IikoPos } from '../../../server/integrations/pos/iiko/adapter.js';
import { PosError, type PosOrder } from '../../../server/integrations/pos/port.js';
import { GROUP } from '../../../server/seed/ids.js';
import { startFakeIiko, type FakeIiko } from '../../fakes/iiko/server.js';
import { iikoPosOnFake } from './iikoHandoffServer.js';

let fake: FakeIiko;
let clock = 0;
let pos: IikoPos;

beforeAll(async () => {
  fake = await startFakeIiko({ now: () => clock });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.recover();
  clock = Date.parse('2026-11-20T05:00:00Z');
  // The deadline only matters for the hanging fault: at 300 ms, a busy machine's slow answers timed out too.
  pos = iikoPosOnFake(fake, () => new Date(clock), 2_000);
});

function order(id: string, overrides: Partial<PosOrder> = {}): PosOrder {
  return {
    id,
    organizationId: fake.organizationId,
    terminalGroupId: 'dt-angarsk-1',
    externalNumber: '101',
    deliveryMethod: 'delivery',
    completeBefore: null,
    phone: '+79001234567',
    customerName: 'Анна',
    address: {
      city: 'Ангарск',
      street: 'улица Карла Маркса',
      house: '49',
      flat: '12',
      entrance: null,
      floor: null,
      doorphone: null,
      comment: null,
      location: { lat: 52.54, lon: 103.88 },
    },
    comment: '',
    guests: 2,
    lines: [{ productId: 'california-crab', amount: 2, price: 389, modifiers: [] }],
    discounts: [],
    payment: { kind: 'cash', sum: 778 },
    ...overrides,
  };
}

describe('iiko adapter: auth (issue item 2)', () => {
  it('takes one token for many calls and a new one when it is about to expire', async () => {
    const before = fake.tokensIssued;
    await pos.terminalGroups();
    await pos.stopLists();
    expect(fake.tokensIssued - before).toBe(1);
    clock += 50 * 60 * 1000; // past our 45-minute refresh, before iiko's hour
    await pos.stopLists();
    expect(fake.tokensIssued - before).toBe(2);
    expect(pos.client.tokensIssued()).toBe(2);
  });

  it('a token expired early (401) is refreshed once and the call retried once', async () => {
    await pos.terminalGroups();
    fake.expireTokens();
    const calls = fake.calls.length;
    const groups = await pos.terminalGroups();
    expect(groups.length).toBeGreaterThan(0);
    expect(fake.calls.slice(calls)).toEqual([
      '/api/1/terminal_groups',
      '/api/1/access_token',
      '/api/1/terminal_groups',
    ]);
  });

  it('a second 401 after the refresh is not retried again', async () => {
    await pos.terminalGroups();
    fake.expireTokens();
    fake.fail('unauthorized', 3);
    const calls = fake.calls.length;
    await expect(pos.terminalGroups()).rejects.toBeInstanceOf(PosError);
    expect(fake.calls.length - calls).toBe(2);
  });

  it('concurrent first calls share one token request', async () => {
    await Promise.all([pos.terminalGroups(), pos.stopLists(), pos.terminalGroups()]);
    expect(pos.client.tokensIssued()).toBe(1);
  });
});

describe('iiko adapter: faults are PosErrors the callers can judge', () => {
  it.each([
    ['http-500', 'transient'],
    ['timeout', 'transient'],
    ['malformed', 'invalid'],
  ] as const)('%s → %s', async (fault, kind) => {
    await pos.terminalGroups(); // a token first, so the fault hits the call itself
    fake.fail(fault, 1);
    const error: unknown = await pos.stopLists().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PosError);
    expect((error as PosError).kind).toBe(kind);
  });

  it('a refusal with a reason is `refused`, with iiko’s reason and never the apiLogin', async () => {
    const wrong = createIikoPos({
      apiUrl: fake.url,
      apiLogin: 'not-the-login',
      organizationIds: [fake.organizationId],
      now: () => new Date(clock),
    });
    const error: unknown = await wrong.stopLists().catch((e: unknown) => e);
    expect((error as PosError).kind).toBe('refused');
    expect((error as PosError).message).toContain('Login is not authorized');
    expect((error as PosError).message).not.toContain('not-the-login');
  });
});

describe('iiko adapter: restaurants, menu, stop lists', () => {
  it('reads terminal groups and their liveness', async () => {
    const groups = await pos.terminalGroups();
    expect(groups.map((g) => g.id)).toContain('dt-angarsk-1');
    fake.setAlive('dt-angarsk-2', false);
    const alive = await pos.aliveStatus(groups);
    expect(alive.find((a) => a.terminalGroupId === 'dt-angarsk-2')?.isAlive).toBe(false);
    expect(alive.find((a) => a.terminalGroupId === 'dt-angarsk-1')?.isAlive).toBe(true);
    fake.setAlive('dt-angarsk-2', true);
  });

  it('imports the nomenclature only when the revision moved, with prices, grams, nutrition and modifiers', async () => {
    const first = await pos.menu(fake.organizationId, 0);
    expect(first.changed).toBe(true);
    const pizza = first.products.find((p) => p.groupModifiers.some((g) => g.id === GROUP.pizzaSize));
    expect(pizza?.groupModifiers.find((g) => g.id === GROUP.pizzaSize)).toMatchObject({ required: true, maxAmount: 1 });
    const crab = first.products.find((p) => p.id === 'california-crab');
    expect(crab?.price).toBeGreaterThan(0);
    expect(crab?.weight).toBeGreaterThan(10); // grams, not iiko's kilograms
    const same = await pos.menu(fake.organizationId, first.revision);
    expect(same).toMatchObject({ changed: false, products: [] });
  });

  it('reads stop lists per terminal group', async () => {
    await fake.setStop('dt-angarsk-1', 'california-crab', 0);
    const entries = await pos.stopLists();
    expect(entries).toContainEqual({ terminalGroupId: 'dt-angarsk-1', productId: 'california-crab', balance: 0 });
    await fake.setStop('dt-angarsk-1', 'california-crab', null);
  });
});

describe('iiko adapter: orders', () => {
  it('creates asynchronously, follows the correlation id, and finds the order by our id', async () => {
    const id = '5d0f7a3e-0000-4000-8000-000000000001';
    const { correlationId } = await pos.createOrder(order(id, { payment: { kind: 'online', sum: 778 } }));
    expect(await pos.commandStatus(fake.organizationId, correlationId)).toEqual({ state: 'Success' });
    const [found] = await pos.ordersById(fake.organizationId, [id, 'not-there']);
    expect(found).toMatchObject({ id, creationStatus: 'Success', status: 'Unconfirmed' });
    const body = fake.orders.get(id)?.body as {
      order: { payments: unknown[]; orderServiceType: string; externalNumber: string };
    };
    expect(body.order.payments).toEqual([
      { paymentTypeKind: 'External', sum: 778, paymentTypeId: 'pt-site', isProcessedExternally: true },
    ]);
    expect(body.order.orderServiceType).toBe('DeliveryByCourier');
    expect(body.order.externalNumber).toBe('101');
  });

  it('a coupon and bonuses go as RMS discounts of FlexibleSum types, so items − discounts = payments', async () => {
    const id = '5d0f7a3e-0000-4000-8000-000000000003';
    await pos.createOrder(
      order(id, {
        discounts: [
          { kind: 'coupon', sum: 78 },
          { kind: 'bonus', sum: 100 },
        ],
        payment: { kind: 'cash', sum: 600 },
      }),
    );
    const body = fake.orders.get(id)?.body as { order: { discountsInfo: unknown } };
    expect(body.order.discountsInfo).toEqual({
      discounts: [
        { type: 'RMS', discountTypeId: 'disc-site', sum: 78 },
        { type: 'RMS', discountTypeId: 'disc-bonus', sum: 100 },
      ],
    });
  });

  it('the fake refuses, as iiko does, an order whose items less its discounts are not its payments', async () => {
    const error: unknown = await pos
      .createOrder(
        order('5d0f7a3e-0000-4000-8000-000000000004', {
          discounts: [{ kind: 'coupon', sum: 78 }],
          payment: { kind: 'cash', sum: 778 },
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PosError);
    expect((error as PosError).kind).toBe('refused');
    expect((error as PosError).message).toContain('Payments sum 778 does not equal order sum 700');
    expect(fake.orders.has('5d0f7a3e-0000-4000-8000-000000000004')).toBe(false);
  });

  it('one discount type for everything: the coupon and the bonuses are one discount of their sum', () => {
    expect(
      rmsDiscounts(
        [
          { kind: 'coupon', sum: 50 },
          { kind: 'bonus', sum: 30 },
        ],
        [{ id: 'only', name: 'Скидка сайта' }],
      ),
    ).toEqual([{ type: 'RMS', discountTypeId: 'only', sum: 80 }]);
    expect(() => rmsDiscounts([{ kind: 'bonus', sum: 30 }], [])).toThrow(/нет скидки с произвольной суммой/);
  });

  it('a creation the POS refuses ends in Error with its reason', async () => {
    fake.refuseNextOrder('Товар не найден');
    const { correlationId } = await pos.createOrder(order('5d0f7a3e-0000-4000-8000-000000000002'));
    expect(await pos.commandStatus(fake.organizationId, correlationId)).toEqual({
      state: 'Error',
      message: 'Товар не найден',
    });
  });
});
