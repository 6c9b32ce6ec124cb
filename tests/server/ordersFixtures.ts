// Shared fixtures of the orders-area tests: the demo menu as a pricing catalogue, a promo
// input builder, users with sessions, and request bodies.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/database.js';
import { GROUPS, PRODUCTS } from '../../server/seed/menu.js';
import { GROUP, PRODUCT } from '../../server/seed/ids.js';
import type { PricingCatalog, PricedLine } from '../../server/services/pricing.js';
import { seedPromotions, type CouponData, type PromoInput } from '../../server/services/promo.js';
import { createSession } from '../../server/services/sessions.js';
import { afterEach, beforeAll, expect } from 'vitest';
import { Order } from '../../src/api/contract/orders.js';
import { perFile } from '../support/perFile.js';
import { createTestServer, type TestServer } from './helpers.js';

/** Friday 20 November 2026, 13:00 in Asia/Irkutsk: the demo restaurants are open 10:00–02:00. */
export const OPEN_NOW = '2026-11-20T05:00:00.000Z';

/** The no-break space Intl's ru-RU format puts between thousands and before ₽ in the sums of messages. */
export const NBSP = '\u00A0';

export const demoCatalog: PricingCatalog = {
  products: new Map(
    PRODUCTS.map((p) => [
      p.id,
      {
        id: p.id,
        name: p.name,
        code: p.code,
        price: p.price,
        parentGroup: p.parentGroup,
        sale: p.sale,
        groupModifiers: p.groupModifiers,
        maxPerPosition: p.maxPerPosition,
        isVisible: true,
      },
    ]),
  ),
  groups: new Map(
    GROUPS.map((g) => [
      g.id,
      { id: g.id, name: g.name, isGroupModifier: g.isGroupModifier, isServiceGroup: g.isServiceGroup },
    ]),
  ),
};

export const giftRules: PromoInput['rules'] = {
  snack: { productId: PRODUCT.fries, groupId: GROUP.snacks, per: 3 },
  pizza: { productId: PRODUCT.giftPizza, minSum: 2500 },
};

export function line(productId: string, amount: number, overrides: Partial<PricedLine> = {}): PricedLine {
  const p = demoCatalog.products.get(productId);
  if (!p) throw new Error(`no product ${productId} in the demo menu`);
  return {
    productId,
    name: p.name,
    code: p.code,
    parentGroup: p.parentGroup,
    sale: p.sale,
    amount,
    unitPrice: p.price,
    sum: p.price * amount,
    mods: [],
    ...overrides,
  };
}

export function promoInput(overrides: Partial<PromoInput> = {}): PromoInput {
  return {
    lines: [],
    requestedGifts: [],
    couponCode: null,
    coupon: null,
    couponUsesByUser: 0,
    user: null,
    cityId: 'city-angarsk',
    deliveryMethod: 'delivery',
    now: '2026-11-20T05:00:00.000Z',
    spendBonus: 0,
    bonusSpendCap: 0.3,
    rules: giftRules,
    giftInfo: {
      [PRODUCT.fries]: { name: 'Картофель фри', hasModifiers: false },
      [PRODUCT.giftPizza]: { name: 'Маргарита', hasModifiers: true },
    },
    clientGoodsTotal: null,
    ...overrides,
  };
}

/** A coupon as the promotion engine reads it: WELCOME10, 10 % from 800 ₽, no limits, unless told otherwise. */
export function couponData(overrides: Partial<CouponData> = {}): CouponData {
  return {
    code: 'WELCOME10',
    title: '',
    kind: 'percent',
    value: 10,
    minSum: 800,
    validFrom: null,
    validTo: null,
    cityIds: [],
    usageLimit: null,
    usedCount: 0,
    perUserLimit: null,
    deliveryMethod: null,
    isActive: true,
    ...overrides,
  };
}

let phoneCounter = 0;

export type SignedInUser = { id: string; phone: string; token: string };

/** A customer with a session; the balance is written through the ledger so the two agree. */
export async function signedInUser(
  db: Database,
  options: { phone?: string; balance?: number; now?: Date } = {},
): Promise<SignedInUser> {
  const id = randomUUID();
  phoneCounter += 1;
  const phone = options.phone ?? `+79${String(phoneCounter + (process.pid % 1000) * 100_000).padStart(9, '0')}`;
  const now = options.now ?? new Date('2026-11-20T05:00:00.000Z');
  const balance = options.balance ?? 0;
  const token = await db.transaction(async (tx) => {
    await tx.execute(sql`insert into users (id, phone, name, balance) values (${id}, ${phone}, 'Тест', ${balance})`);
    if (balance > 0) {
      await tx.execute(sql`insert into bonus_ledger (user_id, delta, reason) values (${id}, ${balance}, 'test-grant')`);
    }
    return createSession(tx, id, now);
  });
  return { id, phone, token };
}

/** A customer's bonus balance as stored (users.balance). */
export async function bonusBalance(db: Database, userId: string): Promise<number> {
  const rows = await db.run((tx) =>
    tx.execute<{ balance: number }>(sql`select balance from users where id = ${userId}`),
  );
  return Number(rows.rows[0]?.balance);
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export type OrderBodyInput = Record<string, unknown>;

/** The demo zone of central Angarsk as the API gives it (the zone of `deliveryBody`'s address). */
export const CENTRE_ZONE = {
  id: 'zone-angarsk-center',
  name: 'Центр и кварталы',
  minSum: 700,
  deliveryPrice: 150,
  freeDeliveryFrom: 1500,
  deliveryMinutes: 60,
  deliveryTerminalId: 'dt-angarsk-1',
};

/** A delivery order to central Angarsk (zone «Центр и кварталы», min 700 ₽, delivery 150 ₽). */
export function deliveryBody(overrides: OrderBodyInput = {}): OrderBodyInput {
  return {
    cityId: 'city-angarsk',
    deliveryMethod: 'delivery',
    items: [
      { productId: 'california-crab', amount: 2, mods: [] },
      { productId: 'set-mini', amount: 1, mods: [] },
    ],
    coupon: null,
    spendBonus: 0,
    address: {
      city: 'Ангарск',
      street: 'улица Карла Маркса',
      home: '10',
      apartment: '5',
      entrance: '1',
      floor: '2',
      intercom: null,
      comment: null,
    },
    deliveryTime: 'asap',
    paymentMethod: 'cash',
    persons: 2,
    changeFrom: 2000,
    comment: 'Позвонить заранее',
    ...overrides,
  };
}

/** Order lines with «Запечённый гребешок», on the demo stop list of the centre zone's restaurant (dt-angarsk-1). */
export const STOPPED_AT_CENTRE = [
  { productId: 'baked-scallop', amount: 1 },
  { productId: 'set-mini', amount: 1 },
];

/** A pickup order from the second Angarsk restaurant. */
export function pickupBody(overrides: OrderBodyInput = {}): OrderBodyInput {
  return {
    cityId: 'city-angarsk',
    deliveryMethod: 'self',
    items: [{ productId: 'set-philadelphia', amount: 1, mods: [] }],
    deliveryTerminalId: 'dt-angarsk-2',
    paymentMethod: 'card',
    ...overrides,
  };
}

let keyCounter = 0;
export function newKey(): string {
  keyCounter += 1;
  return `test-key-${process.pid}-${keyCounter}-${randomUUID()}`;
}

export async function postOrder(
  server: { app: import('fastify').FastifyInstance },
  token: string | null,
  body: OrderBodyInput,
  key: string | null = newKey(),
) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (key !== null) headers['idempotency-key'] = key;
  return server.app.inject({ method: 'POST', url: '/api/v1/order', headers, payload: body });
}

/** POST /order expected accepted, its answer read as the contract's Order. */
export async function placedOrder(
  server: { app: import('fastify').FastifyInstance },
  token: string,
  body: OrderBodyInput,
): Promise<Order> {
  const res = await postOrder(server, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return Order.parse(res.json());
}

/**
 * The order suites' server: at OPEN_NOW with the demo promotions, handed to `ready` before the
 * file's tests and closed after them; with `resetClockAfterEach`, back at OPEN_NOW after each test.
 */
export function useOrderServer(
  ready: (server: TestServer) => void,
  options: { resetClockAfterEach?: boolean } & Parameters<typeof createTestServer>[0] = {},
): void {
  const server = orderServerPerFile(options);
  beforeAll(() => ready(server));
}

/**
 * orderServerPerFile, back at OPEN_NOW after each test, with one customer holding 500 bonuses who
 * signs in before the file's tests; both are the file's stand-ins (tests/support/perFile.ts).
 */
export function orderServerWithCustomer(): { server: TestServer; customer: SignedInUser } {
  const server = orderServerPerFile({ resetClockAfterEach: true });
  const customer = perFile(
    () => signedInUser(server.db, { balance: 500 }),
    async () => undefined,
  );
  return { server, customer };
}

/** The order suites' server as the file's stand-in (tests/support/perFile.ts); `useOrderServer` hands it to a callback. */
export function orderServerPerFile(
  options: { resetClockAfterEach?: boolean } & Parameters<typeof createTestServer>[0] = {},
): TestServer {
  const { resetClockAfterEach = false, ...serverOptions } = options;
  const server = perFile(
    async () => {
      const started = await createTestServer(serverOptions);
      started.clock.set(OPEN_NOW);
      await seedPromotions(started.db);
      return started;
    },
    (started) => started.close(),
  );
  if (resetClockAfterEach) afterEach(() => server.clock.set(OPEN_NOW));
  return server;
}
