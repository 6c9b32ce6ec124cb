// The counters' own formats (docs/ANALYTICS.md): Metrika's `ym` queue and its ecommerce objects in
// dataLayer, GA4's gtag commands (Arguments objects in dataLayer), and one script per counter.
import { describe, expect, it } from 'vitest';
import { ga4Counter, metrikaCounter, type CounterWindow } from '../../src/effects/analytics/counters';
import type { HitProduct } from '../../src/effects/analytics/hits';

const roll: HitProduct = { id: 'p-phila', name: 'Филадельфия', price: 450, quantity: 2, category: 'Роллы' };

describe('Yandex Metrika', () => {
  it('queues init with ecommerce in dataLayer, loads its script, sends hits and the dataLayer ecommerce actions', () => {
    const win: CounterWindow = {};
    const loaded: string[] = [];
    const m = metrikaCounter(win, '12345678', 'http://fake/metrika/tag.js', (src) => void loaded.push(src), 1);
    m.send({ kind: 'pageView', url: 'http://shop/angarsk', referrer: '' });
    m.send({ kind: 'viewItem', product: { ...roll, quantity: 1 } });
    m.send({ kind: 'addToCart', product: roll });
    m.send({ kind: 'removeFromCart', product: roll });
    m.send({ kind: 'beginCheckout', products: [roll], value: 900, coupon: null });
    m.send({
      kind: 'purchase',
      orderId: 'o-1',
      number: '1042',
      revenue: 1050,
      coupon: 'WELCOME',
      products: [{ id: 'p-phila', name: 'Филадельфия', price: 450, quantity: 2 }],
    });
    expect(loaded).toEqual(['http://fake/metrika/tag.js']);
    expect(win.ym?.a).toEqual([
      [12345678, 'init', expect.objectContaining({ defer: true, ecommerce: 'dataLayer' })],
      [12345678, 'hit', 'http://shop/angarsk', {}],
      [12345678, 'reachGoal', 'begin_checkout', { order_price: 900, currency: 'RUB' }],
    ]);
    const product = { id: 'p-phila', name: 'Филадельфия', price: 450, category: 'Роллы' };
    expect(win.dataLayer).toEqual([
      { ecommerce: { currencyCode: 'RUB', detail: { products: [{ ...product, quantity: 1 }] } } },
      { ecommerce: { currencyCode: 'RUB', add: { products: [{ ...product, quantity: 2 }] } } },
      { ecommerce: { currencyCode: 'RUB', remove: { products: [{ ...product, quantity: 2 }] } } },
      {
        ecommerce: {
          currencyCode: 'RUB',
          purchase: {
            actionField: { id: '1042', revenue: 1050, coupon: 'WELCOME' },
            products: [{ id: 'p-phila', name: 'Филадельфия', price: 450, quantity: 2 }],
          },
        },
      },
    ]);
  });
});

describe('Google Analytics 4', () => {
  it('pushes gtag Arguments: js, config without its own page view, then the recommended events', () => {
    const win: CounterWindow = {};
    const loaded: string[] = [];
    const now = new Date('2026-11-23T06:00:00.000Z');
    const g = ga4Counter(win, 'G-TEST1234', 'http://fake/gtag/js', (src) => void loaded.push(src), now);
    g.send({ kind: 'pageView', url: 'http://shop/angarsk/cart', referrer: 'http://shop/angarsk' });
    g.send({ kind: 'addToCart', product: roll });
    g.send({
      kind: 'purchase',
      orderId: 'o-1',
      number: '1042',
      revenue: 1050,
      coupon: null,
      products: [roll],
    });
    expect(loaded).toEqual(['http://fake/gtag/js?id=G-TEST1234']);
    const entries = (win.dataLayer ?? []).map((entry) => {
      // gtag.js reads only Arguments objects: an array would be ignored
      expect(Object.prototype.toString.call(entry)).toBe('[object Arguments]');
      return Array.from(entry as ArrayLike<unknown>);
    });
    const item = { item_id: 'p-phila', item_name: 'Филадельфия', price: 450, quantity: 2, item_category: 'Роллы' };
    expect(entries).toEqual([
      ['js', now],
      ['config', 'G-TEST1234', { send_page_view: false }],
      [
        'event',
        'page_view',
        { send_to: 'G-TEST1234', page_location: 'http://shop/angarsk/cart', page_referrer: 'http://shop/angarsk' },
      ],
      ['event', 'add_to_cart', { send_to: 'G-TEST1234', currency: 'RUB', value: 900, items: [item] }],
      [
        'event',
        'purchase',
        { send_to: 'G-TEST1234', transaction_id: '1042', value: 1050, currency: 'RUB', items: [item] },
      ],
    ]);
  });
});
