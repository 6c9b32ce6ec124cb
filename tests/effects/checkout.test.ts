// Checkout effects on virtual time: quote, submission, payment, order re-read, cart
// after payment, the purchase event, live status over a fake WebSocket.
import { BehaviorSubject, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/api/client';
import type { CaptchaInfo } from '../../src/api/contract/checkout';
import type { Order } from '../../src/api/contract/orders';
import type { AppCommand } from '../../src/commands';
import { CHECKOUT_TEXT } from '../../src/domain/checkoutText';
import { buildQuoteBody, quoteKey } from '../../src/projections/orderBody';
import { AWAITING_PAYMENT_KEY, checkout$, type CheckoutEffectOptions } from '../../src/effects/checkout';
import type { EventEnvelope } from '../../src/effects/deps';
import type { AppEvent } from '../../src/events';
import type { AppState } from '../../src/projections/store';
import { evolveAll } from '../../src/projections/store';
import type { StorefrontApi } from '../../src/api/storefrontApi';
import { checkoutState, order, orderSubmitted, quote, session } from '../commands/checkoutFixtures';
import { envelope, failure, fakeApi, fakeDeps, recordingSockets } from './helpers';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
type Helpers = Parameters<Parameters<TestScheduler['run']>[0]>[0];

function setup(state: AppState, stubs: Partial<StorefrontApi>, options: CheckoutEffectOptions = {}) {
  const { api, calls } = fakeApi(stubs);
  const { deps, recorded } = fakeDeps(api);
  const run = (event$: Observable<EventEnvelope>) =>
    checkout$({ quoteDebounceMs: 10, paymentPollMs: 100, paymentPolls: 3, reconnectMs: 50, ...options })(
      event$,
      new BehaviorSubject(state),
      deps,
    );
  return { run, calls, deps, recorded };
}

const opened = checkoutState([{ type: 'CheckoutOpened', data: {} }]);

describe('quote while /checkout is open', () => {
  it('CheckoutOpened → (debounced) StartQuote, then ApplyQuote with the body key; the latest change wins', () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }: Helpers) => {
      const body = buildQuoteBody(opened);
      if (body === null) throw new Error('no body');
      const key = quoteKey(body);
      const { run, calls } = setup(opened, { quoteCheckout: () => cold('5ms q|', { q: quote() }) });
      const e$ = hot<EventEnvelope>('a 4ms b', {
        a: envelope({ type: 'CheckoutOpened', data: {} }),
        b: envelope({ type: 'DeliveryTimeChanged', data: { time: 'asap' } }),
      });
      expectObservable(run(e$), '^ 100ms !').toBe('15ms s 4ms q', {
        s: { type: 'StartQuote', data: { key } },
        q: { type: 'ApplyQuote', data: { key, quote: quote() } },
      });
      flush();
      expect(calls.filter((c) => c.method === 'quoteCheckout').map((c) => c.args[0])).toEqual([body]);
    });
  });

  it('nothing is asked while the page is closed', () => {
    newScheduler().run(({ hot, expectObservable }: Helpers) => {
      const { run } = setup(checkoutState(), {});
      const e$ = hot<EventEnvelope>('a', {
        a: envelope({ type: 'ItemMerged', data: { lineId: 'l1', added: 1, quantity: 3 } }),
      });
      expectObservable(run(e$), '^ 100ms !').toBe('');
    });
  });

  it("a failed quote is reported with the server's message", () => {
    newScheduler().run(({ hot, cold, expectObservable }: Helpers) => {
      const body = buildQuoteBody(opened);
      if (body === null) throw new Error('no body');
      const key = quoteKey(body);
      const { run } = setup(opened, { quoteCheckout: () => cold('5ms #', {}, failure(500)) });
      const e$ = hot<EventEnvelope>('a', { a: envelope({ type: 'CheckoutOpened', data: {} }) });
      expectObservable(run(e$), '^ 100ms !').toBe('10ms s 4ms f', {
        s: { type: 'StartQuote', data: { key } },
        f: { type: 'ReportQuoteFailure', data: { key, message: 'Произошла ошибка. Попробуйте позже.' } },
      });
    });
  });
});

describe('order submission', () => {
  const submitted = (captcha: CaptchaInfo | null = null): AppEvent => orderSubmitted(opened, captcha);

  it('POST /order carries the Idempotency-Key; the stored order completes the placement', () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }: Helpers) => {
      const { run, calls } = setup(opened, { createOrder: () => cold('20ms o|', { o: order() }) });
      const e$ = hot<EventEnvelope>('a', { a: envelope(submitted()) });
      expectObservable(run(e$), '^ 100ms !').toBe('20ms o', {
        o: { type: 'CompleteOrderPlacement', data: { order: order() } },
      });
      flush();
      expect(calls[0]?.args[1]).toBe('key-1');
    });
  });

  it('a 422 becomes ReportOrderRefusal with its code; no answer becomes ReportOrderFailure (retry with the same key)', () => {
    newScheduler().run(({ hot, cold, expectObservable }: Helpers) => {
      const refused = new ApiFailure(422, 'Адрес вне зоны доставки', 'outside-zone');
      const answers = [
        cold<ReturnType<typeof order>>('5ms #', {}, refused),
        cold<ReturnType<typeof order>>('5ms #', {}, failure(0)),
      ];
      const { run } = setup(opened, { createOrder: () => answers.shift() ?? cold('#') });
      const e$ = hot<EventEnvelope>('a 19ms b', { a: envelope(submitted()), b: envelope(submitted()) });
      expectObservable(run(e$), '^ 100ms !').toBe('5ms r 19ms f', {
        r: {
          type: 'ReportOrderRefusal',
          data: { status: 422, code: 'outside-zone', message: 'Адрес вне зоны доставки' },
        },
        f: { type: 'ReportOrderFailure', data: { message: CHECKOUT_TEXT.noAnswer } },
      });
    });
  });

  it('the bot check runs first when asked and its token goes with the order', async () => {
    const tokens: string[] = [];
    const { api, calls } = fakeApi({
      createOrder: (body) => {
        tokens.push(body.captchaToken ?? 'none');
        return new BehaviorSubject(order());
      },
    });
    const { deps } = fakeDeps(api);
    const captcha = { token: async () => 'captcha-token' };
    const e$ = new BehaviorSubject<EventEnvelope>(
      envelope(submitted({ required: true, provider: 'smartcaptcha', siteKey: 'k' })),
    );
    const out: AppCommand[] = [];
    const sub = checkout$({ captcha })(e$, new BehaviorSubject(opened), deps).subscribe((c) => out.push(c));
    await new Promise((r) => setTimeout(r, 10));
    sub.unsubscribe();
    expect(tokens).toEqual(['captcha-token']);
    expect(calls.map((c) => c.method)).toEqual(['createOrder']);
    expect(out).toEqual([{ type: 'CompleteOrderPlacement', data: { order: order() } }]);
  });
});

describe('online payment', () => {
  const online = order({ paymentMethod: 'card', paymentStatus: 'pending' });

  it('an order awaiting payment starts it (the order id is remembered); the test gateway page is opened', () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }: Helpers) => {
      const { run, deps, recorded } = setup(opened, { startPayment: () => cold('5ms s|', { s: session() }) });
      const e$ = hot<EventEnvelope>('a 9ms b', {
        a: envelope({ type: 'OrderAwaitingPayment', data: { order: online } }),
        b: envelope({ type: 'PaymentStarted', data: { session: session() } }),
      });
      expectObservable(run(e$), '^ 100ms !').toBe('5ms s', {
        s: { type: 'ApplyPaymentSession', data: { session: session() } },
      });
      flush();
      expect(deps.storage.getItem(AWAITING_PAYMENT_KEY)).toBe('order-1');
      expect(recorded.assigned).toEqual(['/api/v1/payments/test/pay-1']);
    });
  });

  it('the cart is cleared only when the awaited order is confirmed paid; a pending one is re-read', () => {
    newScheduler().run(({ hot, cold, expectObservable }: Helpers) => {
      const { run, deps } = setup(opened, { getOrder: () => cold('1ms o|', { o: online }) });
      deps.storage.setItem(AWAITING_PAYMENT_KEY, 'order-1');
      const e$ = hot<EventEnvelope>('a 249ms b', {
        a: envelope({ type: 'OrderLoaded', data: { order: online } }),
        b: envelope({ type: 'OrderLoaded', data: { order: { ...online, paymentStatus: 'paid' } } }),
      });
      expectObservable(run(e$), '^ 400ms !').toBe('100ms l 99ms l 49ms c', {
        l: { type: 'LoadOrder', data: { orderId: 'order-1' } },
        c: { type: 'ClearCart', data: { reason: 'order-placed' } },
      });
    });
  });
});

describe('CloudPayments widget', () => {
  const widget = {
    publicId: 'pk_1',
    description: 'Заказ №1042',
    amount: 1050,
    currency: 'RUB' as const,
    invoiceId: 'order-1',
    accountId: 'user-1',
    skin: 'classic',
    data: {},
  };
  const cp = session({ provider: 'cloudpayments', redirectUrl: null, widget });

  async function pay(result: 'success' | 'fail') {
    const { api, calls } = fakeApi({ cancelPayment: () => new BehaviorSubject(order({ status: 'Cancelled' })) });
    const { deps, recorded } = fakeDeps(api);
    const widgets: unknown[] = [];
    const e$ = new BehaviorSubject<EventEnvelope>(envelope({ type: 'PaymentStarted', data: { session: cp } }));
    const sub = checkout$({ widget: { pay: async (w) => (widgets.push(w), result) } })(
      e$,
      new BehaviorSubject(opened),
      deps,
    ).subscribe();
    await new Promise((r) => setTimeout(r, 10));
    sub.unsubscribe();
    return { opened: widgets, assigned: recorded.assigned, calls: calls.map((c) => c.method) };
  }

  it('success: the widget got the server parameters (invoiceId = order) and the browser goes to /complete', async () => {
    const r = await pay('success');
    expect(r.opened).toEqual([widget]);
    expect(r.assigned).toEqual(['/angarsk/complete?order=order-1']);
    expect(r.calls).toEqual([]);
  });

  it('failure: the pending payment is cancelled on the server and the browser goes to /complete-error', async () => {
    const r = await pay('fail');
    expect(r.calls).toEqual(['cancelPayment']);
    expect(r.assigned).toEqual(['/angarsk/complete-error?order=order-1']);
  });
});

/** The server's push that order-1 is (still) «принят». */
const STATUS_PUSH = { type: 'order:status_update', userId: 'user-1', orderId: 'order-1', status: 'Unconfirmed' };

/** STATUS_PUSH applied, then order-1 read again. */
const APPLIED_AND_REREAD = {
  u: { type: 'ApplyOrderStatus', data: { orderId: 'order-1', status: 'Unconfirmed' } },
  o: { type: 'LoadOrder', data: { orderId: 'order-1' } },
};

/** The effects on /complete with `shown` loaded, over a recording WebSocket: what they dispatch, and the socket's voice. */
function onComplete(shown: Order, hot: Helpers['hot']) {
  const { openSocket, say } = recordingSockets();
  const { run } = setup(evolveAll(opened, [{ type: 'OrderLoaded', data: { order: shown } }]), {}, { openSocket });
  return { out: run(hot<EventEnvelope>('a', { a: envelope({ type: 'OrderLoaded', data: { order: shown } }) })), say };
}

describe('live status over the WebSocket', () => {
  it('hello re-reads the order, order:status_update of this order applies, a drop reconnects, leaving /complete closes it', () => {
    newScheduler().run(({ hot, expectObservable, flush }: Helpers) => {
      const { sockets, openSocket, say } = recordingSockets();
      const state = evolveAll(opened, [{ type: 'OrderLoaded', data: { order: order() } }]);
      const { run } = setup(state, {}, { openSocket });
      const e$ = hot<EventEnvelope>('a 99ms z', {
        a: envelope({ type: 'OrderLoaded', data: { order: order() } }),
        z: envelope({ type: 'OrderTrackingStopped', data: { orderId: 'order-1' } }),
      });
      const result = run(e$);
      expectObservable(result, '^ 200ms !').toBe('1ms h u 58ms h', {
        h: { type: 'LoadOrder', data: { orderId: 'order-1' } },
        u: { type: 'ApplyOrderStatus', data: { orderId: 'order-1', status: 'OnWay' } },
      });
      hot('1ms a').subscribe(() => say(0, { type: 'hello', signedIn: true }));
      hot('2ms a').subscribe(() => {
        say(0, { type: 'order:status_update', userId: 'user-1', orderId: 'other', status: 'Closed' });
        say(0, { type: 'order:status_update', userId: 'user-1', orderId: 'order-1', status: 'OnWay' });
      });
      hot('10ms a').subscribe(() => sockets[0]?.onclose?.({ code: 1006 }));
      hot('61ms a').subscribe(() => say(1, { type: 'hello', signedIn: true }));
      flush();
      expect(sockets).toHaveLength(2);
      expect(sockets[0]?.path).toBe('/api/v1/ws?token=token-1');
      expect(sockets[1]?.closed).toBe(true);
    });
  });

  it('a push about an order awaiting its online payment re-reads it: paid (or an SBP QR expired) leaves the status as it was', () => {
    newScheduler().run(({ hot, expectObservable }: Helpers) => {
      const { out, say } = onComplete(order({ paymentMethod: 'card', paymentStatus: 'pending' }), hot);
      expectObservable(out, '^ 50ms !').toBe('5ms (uo)', APPLIED_AND_REREAD);
      hot('5ms a').subscribe(() => say(0, STATUS_PUSH));
    });
  });

  it('a push of an operator’s edit (edited: true) re-reads the order: its lines, total, address or time changed (docs/ORDER-EDITING.md)', () => {
    newScheduler().run(({ hot, expectObservable }: Helpers) => {
      const { out, say } = onComplete(order(), hot);
      // a plain status push only applies; the edited one also reads the order again
      expectObservable(out, '^ 50ms !').toBe('5ms u 4ms (uo)', APPLIED_AND_REREAD);
      hot('5ms a').subscribe(() => say(0, STATUS_PUSH));
      hot('10ms a').subscribe(() => say(0, { ...STATUS_PUSH, edited: true }));
    });
  });

  it('a push about an order awaiting its surcharge («Ожидает доплаты») re-reads it: paid leaves the status as it was (docs/ORDER-EDITING.md)', () => {
    newScheduler().run(({ hot, expectObservable }: Helpers) => {
      const owing = order({
        paymentMethod: 'card',
        paymentStatus: 'paid',
        surcharge: { amount: 1290, payUrl: '/api/v1/payments/test/p-2' },
      });
      const { out, say } = onComplete(owing, hot);
      expectObservable(out, '^ 50ms !').toBe('5ms (uo)', APPLIED_AND_REREAD);
      hot('5ms a').subscribe(() => say(0, STATUS_PUSH));
    });
  });

  it('a cancelled order whose online payment is still to be refunded is followed until the refund shows; a settled cancellation is not', () => {
    newScheduler().run(({ hot, expectObservable, flush }: Helpers) => {
      const { sockets, openSocket, say } = recordingSockets();
      const refundDue = order({ status: 'Cancelled', paymentMethod: 'card', paymentStatus: 'paid' });
      const refunded = order({ status: 'Cancelled', paymentMethod: 'card', paymentStatus: 'refunded' });
      const state = evolveAll(opened, [{ type: 'OrderLoaded', data: { order: refundDue } }]);
      const { run } = setup(state, {}, { openSocket });
      const e$ = hot<EventEnvelope>('a 9ms r', {
        a: envelope({ type: 'OrderLoaded', data: { order: refundDue } }),
        r: envelope({ type: 'OrderLoaded', data: { order: refunded } }),
      });
      const cancelled = { ...STATUS_PUSH, status: 'Cancelled' };
      expectObservable(run(e$), '^ 50ms !').toBe('5ms (uo)', {
        u: { type: 'ApplyOrderStatus', data: { orderId: 'order-1', status: 'Cancelled' } },
        o: { type: 'LoadOrder', data: { orderId: 'order-1' } },
      });
      hot('5ms a').subscribe(() => say(0, cancelled));
      hot('20ms a').subscribe(() => say(0, cancelled));
      flush();
      expect(sockets).toHaveLength(1);
      expect(sockets[0]?.closed).toBe(true); // the refunded order ended it at 10 ms: the push at 20 ms is not heard
    });
    newScheduler().run(({ hot, expectObservable, flush }: Helpers) => {
      const { sockets, openSocket } = recordingSockets();
      const settled = order({ status: 'Cancelled', paymentMethod: 'cash', paymentStatus: 'none' });
      const { run } = setup(evolveAll(opened, [{ type: 'OrderLoaded', data: { order: settled } }]), {}, { openSocket });
      expectObservable(
        run(hot<EventEnvelope>('a', { a: envelope({ type: 'OrderLoaded', data: { order: settled } }) })),
        '^ 10ms !',
      ).toBe('');
      flush();
      expect(sockets).toHaveLength(0);
    });
  });
});
