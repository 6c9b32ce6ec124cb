// The web counters effect (docs/ANALYTICS.md) over fake ports, driven like the store drives it:
// each command's new state first, then its events. What it must and must not send: nothing without
// a counter id or without consent; with both, page views and the ecommerce steps the core's
// events show, and a purchase once per order across reloads and tabs.
import { BehaviorSubject, Subject, type Subscription } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppCommand } from '../../src/commands';
import { decide } from '../../src/commands/decide';
import {
  analytics$,
  counterConfig,
  REPORTED_ORDERS_KEY,
  type AnalyticsHit,
  type Consent,
  type CounterConfig,
  type PageView,
} from '../../src/effects/analytics';
import type { EventEnvelope } from '../../src/effects/deps';
import { evolveAll, type AppState } from '../../src/projections/store';
import { order } from '../commands/checkoutFixtures';
import { PRODUCT, productById } from '../fixtures/catalog';
import { settingsWith } from '../fixtures/settings';
import { readyState } from '../fixtures/state';
import { envelope, fakeApi, fakeDeps } from './helpers';

const SCRIPTS = { metrika: 'http://127.0.0.1:1/metrika/tag.js', ga4: 'http://127.0.0.1:1/gtag/js' };
const IDS = {
  ANALYTICS: { metrika: '12345678', ga4: 'G-TEST1234', metrikaScript: SCRIPTS.metrika, ga4Script: SCRIPTS.ga4 },
};

let subscription: Subscription | null = null;
afterEach(() => subscription?.unsubscribe());

function harness(o: { consent?: Consent; ids?: boolean; storage?: Record<string, string> } = {}) {
  const { deps, recorded } = fakeDeps(fakeApi({}).api);
  for (const [k, v] of Object.entries(o.storage ?? {})) deps.storage.setItem(k, v);
  let state: AppState = readyState({ settings: settingsWith(o.ids === false ? {} : IDS) });
  const state$ = new BehaviorSubject(state);
  const event$ = new Subject<EventEnvelope>();
  const consent$ = new BehaviorSubject<Consent>(o.consent ?? 'unset');
  const pages$ = new Subject<PageView>();
  const sent: AnalyticsHit[] = [];
  const started: CounterConfig[] = [];
  const asked: CounterConfig[] = [];
  let withdrawn = 0;
  const commands: AppCommand[] = [];
  subscription = analytics$({
    consent$,
    pages$,
    start: (config) => {
      started.push(config);
      return { send: (hit) => void sent.push(hit) };
    },
    ask: (config) => void asked.push(config),
    withdraw: () => void withdrawn++,
  })(event$, state$, deps).subscribe((c) => commands.push(c));
  /** Decides and applies a command like the store: the new state, then its events. */
  let ids = 0;
  const dispatch = (command: AppCommand) => {
    const events = decide(command, state, { now: '2026-11-23T06:00:00.000Z', id: `cmd${++ids}` });
    state = evolveAll(state, events);
    state$.next(state);
    event$.next(envelope(...events));
  };
  const happen = (...events: Parameters<typeof envelope>) => {
    state = evolveAll(state, events);
    state$.next(state);
    event$.next(envelope(...events));
  };
  return {
    deps,
    recorded,
    consent$,
    pages$,
    sent,
    started,
    asked,
    commands,
    dispatch,
    happen,
    withdrawn: () => withdrawn,
    state: () => state,
  };
}

const phila = productById(PRODUCT.phila);

describe('no counter id or no consent: nothing is loaded or sent', () => {
  it('empty ids (the default): no banner, no counter, no hit', () => {
    const h = harness({ ids: false, consent: 'granted' });
    h.pages$.next({ url: 'http://shop/angarsk', referrer: '' });
    h.dispatch({ type: 'AddItem', data: { productId: PRODUCT.phila } });
    expect([h.asked, h.started, h.sent]).toEqual([[], [], []]);
    expect(counterConfig(h.state().setting.settings)).toBeNull();
  });

  it('ids set, no choice yet: the banner is asked for once, nothing starts', () => {
    const h = harness();
    h.pages$.next({ url: 'http://shop/angarsk', referrer: '' });
    h.dispatch({ type: 'AddItem', data: { productId: PRODUCT.phila } });
    expect(h.asked).toEqual([{ metrikaId: '12345678', ga4Id: 'G-TEST1234', scripts: SCRIPTS }]);
    expect([h.started, h.sent]).toEqual([[], []]);
  });

  it('refused: no banner, nothing starts, nothing is sent, not even the purchase', () => {
    const h = harness({ consent: 'refused' });
    h.dispatch({ type: 'AddItem', data: { productId: PRODUCT.phila } });
    h.happen({ type: 'OrderPlaced', data: { order: order() } });
    expect([h.asked, h.started, h.sent, h.commands]).toEqual([[], [], [], []]);
    expect(h.deps.storage.getItem(REPORTED_ORDERS_KEY)).toBeNull();
  });
});

describe('with consent', () => {
  it('accepting starts the counters once; page views and the journey follow in order', () => {
    const h = harness();
    h.consent$.next('granted');
    expect(h.started).toHaveLength(1);
    h.pages$.next({ url: 'http://shop/angarsk', referrer: '' });
    h.dispatch({ type: 'OpenModal', data: { modal: { kind: 'product', productId: PRODUCT.phila } } });
    h.dispatch({ type: 'AddItem', data: { productId: PRODUCT.phila } });
    const lineId = h.state().cart.items[0]?.id ?? '';
    h.dispatch({ type: 'ChangeQuantity', data: { lineId, quantity: 3 } });
    h.dispatch({ type: 'ChangeQuantity', data: { lineId, quantity: 2 } });
    h.pages$.next({ url: 'http://shop/angarsk/cart', referrer: 'http://shop/angarsk' });
    h.dispatch({ type: 'RemoveItem', data: { lineId } });
    const item = (quantity: number) => ({
      id: phila.id,
      name: phila.name,
      price: phila.price,
      quantity,
      category: expect.any(String) as unknown,
    });
    expect(h.sent).toEqual([
      { kind: 'pageView', url: 'http://shop/angarsk', referrer: '' },
      { kind: 'viewItem', product: item(1) },
      { kind: 'addToCart', product: item(1) },
      { kind: 'addToCart', product: item(2) },
      { kind: 'removeFromCart', product: item(1) },
      { kind: 'pageView', url: 'http://shop/angarsk/cart', referrer: 'http://shop/angarsk' },
      { kind: 'removeFromCart', product: item(2) },
    ]);
  });

  it('a product opened over the list moves the address to its page: one page view, the product viewed once', () => {
    const h = harness({ consent: 'granted' });
    h.dispatch({ type: 'OpenModal', data: { modal: { kind: 'product', productId: PRODUCT.phila } } });
    h.pages$.next({ url: `http://shop/angarsk/catalog/rolls/${phila.slug}`, referrer: 'http://shop/angarsk/catalog' });
    expect(h.sent.map((hit) => hit.kind)).toEqual(['viewItem', 'pageView']);
  });

  it('a product page is a product viewed; checkout started carries the goods and their value', () => {
    const h = harness({ consent: 'granted' });
    h.pages$.next({ url: `http://shop/angarsk/catalog/rolls/${phila.slug}`, referrer: '' });
    h.dispatch({ type: 'AddItem', data: { productId: PRODUCT.phila, quantity: 2 } });
    h.sent.length = 0;
    h.happen({ type: 'CheckoutOpened', data: {} });
    expect(h.sent).toEqual([
      {
        kind: 'beginCheckout',
        products: [expect.objectContaining({ id: phila.id, quantity: 2 })],
        value: phila.price * 2,
        coupon: null,
      },
    ]);
  });

  it('the purchase is reported once per order (placed, then loaded again), its id kept for reloads and tabs', () => {
    const h = harness({ consent: 'granted' });
    h.happen({ type: 'OrderPlaced', data: { order: order({ coupon: 'WELCOME' }) } });
    h.happen({ type: 'OrderLoaded', data: { order: order({ coupon: 'WELCOME' }) } });
    expect(h.sent).toEqual([
      {
        kind: 'purchase',
        orderId: 'order-1',
        number: '1042',
        revenue: 1650,
        coupon: 'WELCOME',
        products: [
          { id: PRODUCT.pizza, name: 'Пепперони', price: 600, quantity: 2 },
          { id: PRODUCT.phila, name: 'Филадельфия', price: 450, quantity: 1 },
        ],
      },
    ]);
    expect(h.commands).toEqual([{ type: 'RecordPurchaseTracked', data: { orderId: 'order-1' } }]);
    expect(h.deps.storage.getItem(REPORTED_ORDERS_KEY)).toBe('["order-1"]');
  });

  it('a reload of /complete (or another tab) finds the order reported and sends nothing', () => {
    const h = harness({ consent: 'granted', storage: { [REPORTED_ORDERS_KEY]: '["order-1"]' } });
    h.happen({ type: 'OrderLoaded', data: { order: order() } });
    h.happen({ type: 'OrderLoaded', data: { order: order({ id: 'order-2', number: 1043 }) } });
    expect(h.sent.map((hit) => (hit.kind === 'purchase' ? hit.orderId : hit.kind))).toEqual(['order-2']);
  });

  it('an online order not paid, or a cancelled one, is no purchase', () => {
    const h = harness({ consent: 'granted' });
    h.happen({ type: 'OrderLoaded', data: { order: order({ paymentMethod: 'sbp', paymentStatus: 'pending' }) } });
    h.happen({ type: 'OrderLoaded', data: { order: order({ id: 'order-3', status: 'Cancelled' }) } });
    expect(h.sent).toEqual([]);
  });

  it('gifts and the delivery line are not the customer’s adds', () => {
    const h = harness({ consent: 'granted' });
    h.happen({
      type: 'GiftAdded',
      data: {
        line: {
          id: 'g1',
          product: productById(PRODUCT.fries),
          quantity: 1,
          mods: [],
          isGift: true,
          isHidden: true,
          isServiceFee: false,
          fromPromocode: false,
        },
      },
    });
    expect(h.sent).toEqual([]);
  });

  it('withdrawing consent after the counters started stops them (the page reloads without them)', () => {
    const h = harness({ consent: 'granted' });
    h.consent$.next('refused');
    h.dispatch({ type: 'AddItem', data: { productId: PRODUCT.phila } });
    expect(h.withdrawn()).toBe(1);
    expect(h.sent).toEqual([]);
  });

  it('a counter that throws is logged and the effect goes on', () => {
    const { deps, recorded } = fakeDeps(fakeApi({}).api);
    const state$ = new BehaviorSubject(readyState({ settings: settingsWith(IDS) }));
    const event$ = new Subject<EventEnvelope>();
    const pages$ = new Subject<PageView>();
    let calls = 0;
    subscription = analytics$({
      consent$: new BehaviorSubject<Consent>('granted'),
      pages$,
      start: () => ({
        send: () => {
          calls++;
          throw new Error('counter broke');
        },
      }),
      ask: () => undefined,
      withdraw: () => undefined,
    })(event$, state$, deps).subscribe();
    pages$.next({ url: 'http://shop/', referrer: '' });
    pages$.next({ url: 'http://shop/cart', referrer: 'http://shop/' });
    expect(calls).toBe(2);
    expect(recorded.warnings).toEqual(['analytics: pageView not sent', 'analytics: pageView not sent']);
  });
});
