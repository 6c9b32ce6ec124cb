// A local, stateful fake of iikoCloud's public API (/api/1/…), in the documented shapes, for
// tests and the demo (`npm run fake:iiko`). It keeps tokens that expire, creates orders
// asynchronously (deliveries/create → commands/status; an order whose items less its discounts
// are not its payments, or whose modifiers break their groups' limits per unit, is refused with a
// 400, as iiko does), serves a nomenclature with revisions and
// stop lists, moves order statuses when told, sends webhooks, and injects faults: 500s,
// timeouts, 401s, slow answers and malformed JSON.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RESTAURANTS } from '../../../server/seed/geo.js';
import { controlPage } from './page.js';
import { demoNomenclature, type FakeGroup, type FakeProduct } from './nomenclature.js';

export const FAKE_ORGANIZATION_ID = 'org-demo';
export const FAKE_API_LOGIN = 'demo-api-login';
/** The demo organization's discount types (/api/1/discounts): two take a sum given with the order. */
export const FAKE_DISCOUNT_TYPES = [
  { id: 'disc-site', name: 'Скидка сайта', mode: 'FlexibleSum', percent: 0, sum: 0, isDeleted: false },
  { id: 'disc-bonus', name: 'Оплата бонусами', mode: 'FlexibleSum', percent: 0, sum: 0, isDeleted: false },
  { id: 'disc-staff', name: 'Сотрудникам 20 %', mode: 'Percent', percent: 20, sum: 0, isDeleted: false },
];

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN);
const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : [];

/**
 * iiko's check of an order's money: Σ items (price and modifiers, times amount) − Σ discounts of
 * known FlexibleSum types = Σ payments. Returns the sums, or iiko's kind of reason.
 */
export function orderSums(order: unknown): { items: number; discounts: number; payments: number } | string {
  const o = typeof order === 'object' && order !== null ? (order as Record<string, unknown>) : {};
  let items = 0;
  const modsOf = (x: Record<string, unknown>, key: string) =>
    list(x[key]).reduce((sum, m) => sum + num(m.price) * num(m.amount), 0);
  const record = (v: unknown): Record<string, unknown> =>
    typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  for (const item of list(o.items)) {
    if (item.type === 'Compound') {
      // a compound item (a pizza of two halves): its components' prices and modifiers, and the shared ones
      const parts = [record(item.primaryComponent), record(item.secondaryComponent)];
      if (parts.some((p) => typeof p.productId !== 'string')) return 'Compound item without its components';
      const unit = parts.reduce(
        (sum, p) => sum + num(p.price) + modsOf(p, 'modifiers'),
        modsOf(item, 'commonModifiers'),
      );
      items += unit * num(item.amount);
      continue;
    }
    items += (num(item.price) + modsOf(item, 'modifiers')) * num(item.amount);
  }
  let discounts = 0;
  const info =
    typeof o.discountsInfo === 'object' && o.discountsInfo !== null ? (o.discountsInfo as Record<string, unknown>) : {};
  for (const d of list(info.discounts)) {
    const type = FAKE_DISCOUNT_TYPES.find((t) => t.id === d.discountTypeId);
    if (!type) return `Discount type ${String(d.discountTypeId)} not found`;
    if (type.mode !== 'FlexibleSum') return `Discount ${type.name} does not allow to set a sum`;
    discounts += num(d.sum);
  }
  const payments = list(o.payments).reduce((sum, p) => sum + num(p.sum), 0);
  if (![items, discounts, payments].every(Number.isFinite)) return 'Order sums are not numbers';
  if (Math.abs(items - discounts - payments) > 0.005)
    return `Payments sum ${payments} does not equal order sum ${items - discounts} (items ${items}, discounts ${discounts})`;
  return { items, discounts, payments };
}

/**
 * iiko's check of each line's modifiers against the nomenclature: a modifier's amount is per one
 * unit of its product (iiko multiplies it by the line's amount), so a group's modifiers add up
 * to between its minAmount and maxAmount, and each one to at most its own maxAmount, whatever
 * the line's amount. Returns null, or iiko's kind of reason.
 */
export function modifierProblem(order: unknown, products: readonly FakeProduct[]): string | null {
  const o = typeof order === 'object' && order !== null ? (order as Record<string, unknown>) : {};
  for (const item of list(o.items)) {
    const product = products.find((p) => p.id === item.productId);
    if (!product) continue;
    const modifiers = list(item.modifiers);
    for (const group of product.groupModifiers) {
      const chosen = modifiers.filter((m) => m.productGroupId === group.id);
      const sum = chosen.reduce((total, m) => total + num(m.amount), 0);
      if (sum < group.minAmount || sum > group.maxAmount)
        return `Modifier group ${group.id} of product ${product.id}: amount ${sum} is out of ${group.minAmount}..${group.maxAmount}`;
      for (const m of chosen) {
        const child = group.childModifiers.find((c) => c.id === m.productId);
        if (!child) return `Modifier ${String(m.productId)} is not in group ${group.id}`;
        if (num(m.amount) > child.maxAmount)
          return `Modifier ${child.id} of product ${product.id}: amount ${num(m.amount)} exceeds ${child.maxAmount}`;
      }
    }
    const known = new Set(product.groupModifiers.map((g) => g.id));
    const stray = modifiers.find((m) => !known.has(String(m.productGroupId)));
    if (stray) return `Modifier ${String(stray.productId)} does not belong to product ${product.id}`;
  }
  return null;
}

/** `lost-answer`: the call is carried out, but its answer is a 500 (a reply lost on the way). */
export type FakeFault = 'http-500' | 'timeout' | 'unauthorized' | 'slow' | 'malformed' | 'lost-answer';

export interface FakeOrder {
  id: string;
  organizationId: string;
  terminalGroupId: string;
  correlationId: string;
  creationStatus: 'InProgress' | 'Success' | 'Error';
  errorMessage: string | null;
  status: string;
  /** The body of deliveries/create as received. */
  body: Record<string, unknown>;
}

export interface FakeIikoOptions {
  port?: number;
  apiLogin?: string;
  organizationId?: string;
  /** Token lifetime; iiko's is about an hour. */
  tokenTtlMs?: number;
  /** The fake's clock (tests move it to expire tokens). */
  now?: () => number;
  /** How long a 'slow' answer waits. */
  slowMs?: number;
  /** How many commands/status polls answer InProgress before a creation ends. */
  creationPolls?: number;
}

export interface FakeIiko {
  url: string;
  apiLogin: string;
  organizationId: string;
  revision: number;
  groups: FakeGroup[];
  products: FakeProduct[];
  /** terminal group id → product id → balance */
  stopLists: Map<string, Map<string, number>>;
  alive: Map<string, boolean>;
  orders: Map<string, FakeOrder>;
  /** Every deliveries/create received, duplicates included. */
  creates: string[];
  /** Requests by path, in order. */
  calls: string[];
  tokensIssued: number;
  /** The next `times` API calls (access_token included, or only those to `path`) fail with `fault`. */
  fail(fault: FakeFault, times?: number, path?: string): void;
  /** Stops failing. */
  recover(): void;
  /**
   * Calls to `path` are carried out at once but their answers are held (the connection stays
   * open) until `release()`; `held()` counts the calls waiting. A test kills or waits meanwhile.
   */
  hold(path: string): { held(): number; release(): void };
  /** Every token issued so far answers 401 from now on. */
  expireTokens(): void;
  /** The next creation ends in Error with this message. */
  refuseNextOrder(message: string): void;
  setPrice(productId: string, price: number): void;
  removeProduct(productId: string): void;
  setStop(terminalGroupId: string, productId: string, balance: number | null): Promise<void>;
  setStatus(orderId: string, status: string): Promise<void>;
  setAlive(terminalGroupId: string, alive: boolean): void;
  /** Where iiko sends its webhooks, with the authToken it carries; null: none. */
  webhook: { url: string; authToken: string } | null;
  /** Webhooks the fake sent, with the HTTP status each got (0: no answer). */
  webhooksSent: { eventType: string; status: number }[];
  close(): Promise<void>;
}

export async function startFakeIiko(options: FakeIikoOptions = {}): Promise<FakeIiko> {
  const now = options.now ?? (() => Date.now());
  const ttl = options.tokenTtlMs ?? 60 * 60 * 1000;
  const apiLogin = options.apiLogin ?? FAKE_API_LOGIN;
  const organizationId = options.organizationId ?? FAKE_ORGANIZATION_ID;
  const tokens = new Map<string, number>();
  const hanging = new Set<http.ServerResponse>();
  const commands = new Map<string, { orderId: string }>();
  const observed = new Map<string, number>();
  let faults: { fault: FakeFault; left: number; path: string | null } | null = null;
  let refusal: string | null = null;
  let holding: { path: string; waiting: (() => void)[] } | null = null;
  const seeded = demoNomenclature();

  const fake: FakeIiko = {
    url: '',
    apiLogin,
    organizationId,
    revision: 1,
    groups: seeded.groups,
    products: seeded.products,
    stopLists: new Map(),
    alive: new Map(RESTAURANTS.map((r) => [r.deliveryTerminalId, true])),
    orders: new Map(),
    creates: [],
    calls: [],
    tokensIssued: 0,
    webhook: null,
    webhooksSent: [],
    fail(fault, times = Number.POSITIVE_INFINITY, path) {
      faults = { fault, left: times, path: path ?? null };
    },
    recover() {
      faults = null;
    },
    hold(path) {
      const held = { path, waiting: [] as (() => void)[] };
      holding = held;
      return {
        held: () => held.waiting.length,
        release() {
          if (holding === held) holding = null;
          for (const answer of held.waiting.splice(0)) answer();
        },
      };
    },
    expireTokens() {
      for (const key of tokens.keys()) tokens.set(key, 0);
    },
    refuseNextOrder(message) {
      refusal = message;
    },
    setPrice(productId, price) {
      const product = fake.products.find((p) => p.id === productId);
      if (!product) throw new Error(`no product ${productId}`);
      product.sizePrices = [{ sizeId: null, price: { currentPrice: price, isIncludedInMenu: true } }];
      fake.revision += 1;
      void sendWebhook({ eventType: 'NomenclatureUpdate', organizationId, eventInfo: { revision: fake.revision } });
    },
    removeProduct(productId) {
      const product = fake.products.find((p) => p.id === productId);
      if (!product) throw new Error(`no product ${productId}`);
      product.isDeleted = true;
      fake.revision += 1;
      void sendWebhook({ eventType: 'NomenclatureUpdate', organizationId, eventInfo: { revision: fake.revision } });
    },
    async setStop(terminalGroupId, productId, balance) {
      const list = fake.stopLists.get(terminalGroupId) ?? new Map<string, number>();
      if (balance === null) list.delete(productId);
      else list.set(productId, balance);
      fake.stopLists.set(terminalGroupId, list);
      await sendWebhook({
        eventType: 'StopListUpdate',
        organizationId,
        eventInfo: { terminalGroupsStopListsUpdates: [{ id: terminalGroupId, isFull: false }] },
      });
    },
    async setStatus(orderId, status) {
      const order = fake.orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      order.status = status;
      await sendWebhook({ eventType: 'DeliveryOrderUpdate', organizationId, eventInfo: orderInfo(order) });
    },
    setAlive(terminalGroupId, alive) {
      fake.alive.set(terminalGroupId, alive);
    },
    close: async () => undefined,
  };

  /** Creation runs on its own: it ends once asked about `creationPolls` times (commands/status or by_id). */
  function observe(order: FakeOrder): void {
    const seen = (observed.get(order.id) ?? 0) + 1;
    observed.set(order.id, seen);
    if (order.creationStatus === 'InProgress' && seen > (options.creationPolls ?? 0))
      order.creationStatus = order.errorMessage ? 'Error' : 'Success';
  }

  function orderInfo(order: FakeOrder): Record<string, unknown> {
    return {
      id: order.id,
      posId: order.creationStatus === 'Success' ? `pos-${order.id.slice(0, 8)}` : null,
      externalNumber: (order.body.order as { externalNumber?: string } | undefined)?.externalNumber ?? null,
      organizationId: order.organizationId,
      timestamp: now(),
      creationStatus: order.creationStatus,
      errorInfo: order.errorMessage ? { code: 'Common', message: order.errorMessage, description: null } : null,
      order:
        order.creationStatus === 'Success' ? { status: order.status, terminalGroupId: order.terminalGroupId } : null,
    };
  }

  async function sendWebhook(event: { eventType: string; organizationId: string; eventInfo: unknown }): Promise<void> {
    const hook = fake.webhook;
    if (!hook) return;
    const body = [{ ...event, eventTime: new Date(now()).toISOString(), correlationId: randomUUID() }];
    let status = 0;
    try {
      const answer = await fetch(hook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: hook.authToken },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      status = answer.status;
      await answer.text();
    } catch {
      status = 0;
    }
    fake.webhooksSent.push({ eventType: event.eventType, status });
  }

  /** What one API call answers: [status, body] (a string body is sent as it is). */
  function answer(path: string, body: Record<string, unknown>, bearer: string | null): [number, unknown] {
    if (path === '/api/1/access_token') {
      if (body.apiLogin !== apiLogin) return [401, { errorDescription: 'Login is not authorized' }];
      const token = randomUUID();
      tokens.set(token, now() + ttl);
      fake.tokensIssued += 1;
      return [200, { correlationId: randomUUID(), token }];
    }
    const expires = bearer === null ? undefined : tokens.get(bearer);
    if (expires === undefined || expires <= now()) return [401, { errorDescription: 'Token is expired or invalid' }];
    const correlationId = randomUUID();
    const orgOk = (ids: unknown) => Array.isArray(ids) && ids.includes(organizationId);
    switch (path) {
      case '/api/1/organizations':
        return [200, { correlationId, organizations: [{ id: organizationId, name: 'Ролл и Пицца (демо)' }] }];
      case '/api/1/terminal_groups':
        return [
          200,
          {
            correlationId,
            terminalGroups: orgOk(body.organizationIds)
              ? [
                  {
                    organizationId,
                    items: RESTAURANTS.map((r) => ({
                      id: r.deliveryTerminalId,
                      organizationId,
                      name: r.name,
                      address: r.address,
                      timeZone: 'North Asia East Standard Time',
                    })),
                  },
                ]
              : [],
          },
        ];
      case '/api/1/terminal_groups/is_alive': {
        const ids = Array.isArray(body.terminalGroupIds) ? body.terminalGroupIds.map(String) : [];
        return [
          200,
          {
            correlationId,
            isAliveStatus: ids
              .filter((id) => fake.alive.has(id))
              .map((id) => ({ terminalGroupId: id, organizationId, isAlive: fake.alive.get(id) === true })),
          },
        ];
      }
      case '/api/1/nomenclature': {
        if (body.organizationId !== organizationId) return [400, { errorDescription: 'Unknown organization' }];
        const start = typeof body.startRevision === 'number' ? body.startRevision : 0;
        if (start >= fake.revision)
          return [
            200,
            { correlationId, groups: [], productCategories: [], products: [], sizes: [], revision: fake.revision },
          ];
        return [
          200,
          {
            correlationId,
            groups: fake.groups,
            productCategories: [],
            products: fake.products,
            sizes: [],
            revision: fake.revision,
          },
        ];
      }
      case '/api/1/stop_lists':
        return [
          200,
          {
            correlationId,
            terminalGroupStopLists: orgOk(body.organizationIds)
              ? [
                  {
                    organizationId,
                    items: [...fake.stopLists].map(([terminalGroupId, items]) => ({
                      terminalGroupId,
                      items: [...items].map(([productId, balance]) => ({
                        balance,
                        productId,
                        sizeId: null,
                        sku: productId,
                        dateAdd: new Date(now()).toISOString(),
                      })),
                    })),
                  },
                ]
              : [],
          },
        ];
      case '/api/1/payment_types':
        return [
          200,
          {
            correlationId,
            paymentTypes: [
              { id: 'pt-cash', code: 'CASH', name: 'Наличные', paymentTypeKind: 'Cash', isDeleted: false },
              { id: 'pt-card', code: 'CARD', name: 'Карта курьеру', paymentTypeKind: 'Card', isDeleted: false },
              { id: 'pt-site', code: 'SITE', name: 'Оплата на сайте', paymentTypeKind: 'External', isDeleted: false },
            ],
          },
        ];
      case '/api/1/discounts':
        return [
          200,
          {
            correlationId,
            discounts: [{ organizationId, items: FAKE_DISCOUNT_TYPES }],
          },
        ];
      case '/api/1/deliveries/create': {
        const order = (body.order ?? {}) as { id?: unknown };
        const id = typeof order.id === 'string' ? order.id : randomUUID();
        fake.creates.push(id);
        if (body.organizationId !== organizationId) return [400, { errorDescription: 'Unknown organization' }];
        const sums = orderSums(body.order);
        if (typeof sums === 'string') return [400, { correlationId, errorDescription: sums, error: 'BAD_REQUEST' }];
        const modifiers = modifierProblem(body.order, fake.products);
        if (modifiers !== null) return [400, { correlationId, errorDescription: modifiers, error: 'BAD_REQUEST' }];
        // a creation that ended in Error left no order: the same id may be sent again
        if (fake.orders.has(id) && fake.orders.get(id)?.creationStatus !== 'Error')
          return [400, { errorDescription: `Order with id ${id} already exists` }];
        const terminalGroupId = String(body.terminalGroupId ?? '');
        const created: FakeOrder = {
          id,
          organizationId,
          terminalGroupId,
          correlationId,
          creationStatus: 'InProgress',
          errorMessage: null,
          status: 'Unconfirmed',
          body,
        };
        if (refusal !== null) {
          created.errorMessage = refusal;
          refusal = null;
        } else if (!fake.alive.has(terminalGroupId)) {
          created.errorMessage = `Terminal group ${terminalGroupId} not found`;
        }
        fake.orders.set(id, created);
        commands.set(correlationId, { orderId: id });
        observed.delete(id);
        return [200, { correlationId, orderInfo: orderInfo(created) }];
      }
      case '/api/1/commands/status': {
        const command = commands.get(String(body.correlationId ?? ''));
        if (!command) return [400, { errorDescription: 'Correlation id not found' }];
        const order = fake.orders.get(command.orderId);
        if (!order) return [500, { errorDescription: 'lost order' }];
        observe(order);
        if (order.creationStatus === 'InProgress') return [200, { state: 'InProgress' }];
        if (order.creationStatus === 'Error')
          return [200, { state: 'Error', exception: { message: order.errorMessage }, errorReason: order.errorMessage }];
        return [200, { state: 'Success' }];
      }
      case '/api/1/deliveries/by_id': {
        const ids = Array.isArray(body.orderIds) ? body.orderIds.map(String) : [];
        return [
          200,
          {
            correlationId,
            orders: ids.flatMap((id) => {
              const order = fake.orders.get(id);
              if (order) observe(order);
              return order ? [orderInfo(order)] : [];
            }),
          },
        ];
      }
      default:
        return [404, { errorDescription: `Unknown method ${path}` }];
    }
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void handle(request, response, Buffer.concat(chunks).toString('utf8'));
    });
  });

  async function handle(request: http.IncomingMessage, response: http.ServerResponse, raw: string): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown, type = 'application/json; charset=utf-8') => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': type });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (!url.pathname.startsWith('/api/1/')) {
      const handled = await control(url, request.method ?? 'GET', raw, send);
      if (!handled) send(404, { errorDescription: 'not found' });
      return;
    }
    fake.calls.push(url.pathname);
    const fault = faults && (faults.path === null || faults.path === url.pathname) ? faults : null;
    if (fault && fault.left > 0) {
      fault.left -= 1;
      if (fault.left <= 0) faults = null;
      switch (fault.fault) {
        case 'http-500':
          return send(500, { errorDescription: 'Internal server error' });
        case 'timeout':
          hanging.add(response);
          return;
        case 'unauthorized':
          return send(401, { errorDescription: 'Token is expired or invalid' });
        case 'malformed':
          return send(200, '{"correlationId": "x", "orders": [', 'application/json');
        case 'slow':
          await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 3000));
          break;
        case 'lost-answer':
          break;
      }
    }
    const lost = fault?.fault === 'lost-answer';
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw || '{}');
      body = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    } catch {
      return send(400, { errorDescription: 'Invalid JSON' });
    }
    const auth = request.headers.authorization ?? '';
    const bearer = auth.startsWith('Bearer ') ? auth.slice(7) : null;
    const [status, answerBody] = answer(url.pathname, body, bearer);
    const held = holding?.path === url.pathname ? holding : null;
    if (held) await new Promise<void>((resolve) => held.waiting.push(resolve));
    if (lost) return send(500, { errorDescription: 'Internal server error' });
    send(status, answerBody);
  }

  /** The demo's control page and its JSON calls (not iiko's API): /, /fake/… */
  async function control(
    url: URL,
    method: string,
    raw: string,
    send: (status: number, body: unknown, type?: string) => void,
  ): Promise<boolean> {
    if (url.pathname === '/' && method === 'GET') {
      send(200, controlPage(fake), 'text/html; charset=utf-8');
      return true;
    }
    if (!url.pathname.startsWith('/fake/') || method !== 'POST') return false;
    const form = new URLSearchParams(raw);
    const field = (name: string) => form.get(name) ?? '';
    const back = () => {
      // a form on the page: back to it; a script: a JSON ok
      if (field('page') === '1') send(200, '<meta http-equiv="refresh" content="0;url=/">', 'text/html; charset=utf-8');
      else send(200, { ok: true });
    };
    try {
      switch (url.pathname) {
        case '/fake/price':
          fake.setPrice(field('productId'), Number(field('price')));
          back();
          return true;
        case '/fake/remove':
          fake.removeProduct(field('productId'));
          back();
          return true;
        case '/fake/stop':
          await fake.setStop(
            field('terminalGroupId'),
            field('productId'),
            field('balance') === '' ? null : Number(field('balance')),
          );
          back();
          return true;
        case '/fake/status':
          await fake.setStatus(field('orderId'), field('status'));
          back();
          return true;
        case '/fake/alive':
          fake.setAlive(field('terminalGroupId'), field('alive') === 'true');
          back();
          return true;
        case '/fake/fault':
          if (field('fault') === 'none') fake.recover();
          else fake.fail(field('fault') as FakeFault, field('times') === '' ? undefined : Number(field('times')));
          back();
          return true;
        case '/fake/expire-tokens':
          fake.expireTokens();
          back();
          return true;
        case '/fake/webhook':
          fake.webhook = field('url') === '' ? null : { url: field('url'), authToken: field('authToken') };
          back();
          return true;
        default:
          return false;
      }
    } catch (error) {
      send(400, { error: error instanceof Error ? error.message : String(error) });
      return true;
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    holding = null;
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
