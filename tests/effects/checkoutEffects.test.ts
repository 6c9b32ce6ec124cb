// The named effects checkout$ merges, one at a time on virtual time with fake deps: each is
// given only the events it answers, so a test fails when one effect's part of the work moves.
import { BehaviorSubject, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/api/client';
import type { Street } from '../../src/api/contract/cladr';
import type { GeocodeAnswer } from '../../src/api/contract/geocode';
import type { StorefrontApi } from '../../src/api/storefrontApi';
import { CHECKOUT_TEXT } from '../../src/domain/checkoutText';
import { buildQuoteBody, quoteKey } from '../../src/projections/orderBody';
import {
  AWAITING_PAYMENT_KEY,
  checkAddress$,
  clearCartWhenPaid$,
  followOrderStatus$,
  loadOrder$,
  loadStreets$,
  payOnline$,
  placeOrder$,
  pollPendingPayment$,
  quoteOnChange$,
  startPayment$,
} from '../../src/effects/checkout';
import type { Effect, EventEnvelope } from '../../src/effects/deps';
import type { AppEvent } from '../../src/events';
import { evolveAll, type AppState } from '../../src/projections/store';
import { checkoutState, order, orderSubmitted, quote, quoted, session } from '../commands/checkoutFixtures';
import { ANGARSK } from '../fixtures/settings';
import { envelope, failure, fakeApi, fakeDeps, recordingSockets } from './helpers';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

function setup(effect: Effect, state: AppState, stubs: Partial<StorefrontApi> = {}) {
  const { api, calls } = fakeApi(stubs);
  const { deps, recorded } = fakeDeps(api);
  const run = (event$: Observable<EventEnvelope>) => effect(event$, new BehaviorSubject(state), deps);
  return { run, calls, deps, recorded };
}

const events = (map: Record<string, AppEvent>): Record<string, EventEnvelope> =>
  Object.fromEntries(Object.entries(map).map(([k, e]) => [k, envelope(e)]));

const opened = checkoutState([{ type: 'CheckoutOpened', data: {} }]);
const online = order({ paymentMethod: 'card', paymentStatus: 'pending' });
const TIMINGS = { quoteDebounceMs: 10, paymentPollMs: 10, paymentPolls: 3, reconnectMs: 5 };

describe('quoteOnChange$', () => {
  it('changes within the debounce ask once; a state already quoted for the same body asks nothing', () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }) => {
      const body = buildQuoteBody(opened);
      if (body === null) throw new Error('no body');
      const key = quoteKey(body);
      const { run, calls } = setup(quoteOnChange$(TIMINGS), opened, {
        quoteCheckout: () => cold('2ms q|', { q: quote() }),
      });
      const e$ = hot<EventEnvelope>(
        'a 3ms b 3ms c',
        events({
          a: { type: 'SpendBonusChanged', data: { amount: 100 } },
          b: { type: 'PaymentMethodChanged', data: { method: 'cash' } },
          c: { type: 'ConsentChanged', data: { given: true } },
        }),
      );
      expectObservable(run(e$), '^ 50ms !').toBe('14ms s 1ms q', {
        s: { type: 'StartQuote', data: { key } },
        q: { type: 'ApplyQuote', data: { key, quote: quote() } },
      });
      flush();
      expect(calls.map((c) => c.method)).toEqual(['quoteCheckout']);
    });
    newScheduler().run(({ hot, expectObservable }) => {
      const { run } = setup(quoteOnChange$(TIMINGS), quoted(opened));
      const e$ = hot<EventEnvelope>('a', events({ a: { type: 'DeliveryTimeChanged', data: { time: 'asap' } } }));
      expectObservable(run(e$), '^ 50ms !').toBe('');
    });
  });
});

describe('loadStreets$', () => {
  it("the checkout page or the address modal loads the city's streets; a failed load is only logged", () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }) => {
      const streets: Street[] = [
        { id: 's-1', cityIikoId: ANGARSK.iikoId, name: 'Ленина', kind: 'улица', location: { lat: 52.5, lon: 103.9 } },
      ];
      const answers = [cold<Street[]>('2ms #', {}, failure(500)), cold('2ms s|', { s: streets })];
      const { run, calls, recorded } = setup(loadStreets$, opened, { getStreets: () => answers.shift() ?? cold('#') });
      const e$ = hot<EventEnvelope>(
        'a 9ms b',
        events({
          a: { type: 'CheckoutOpened', data: {} },
          b: { type: 'ModalOpened', data: { modal: { kind: 'address' } } },
        }),
      );
      expectObservable(run(e$), '^ 50ms !').toBe('12ms s', {
        s: { type: 'ApplyStreets', data: { cityIikoId: ANGARSK.iikoId, streets } },
      });
      flush();
      expect(calls.map((c) => c.args)).toEqual([[ANGARSK.iikoId], [ANGARSK.iikoId]]);
      expect(recorded.warnings).toEqual(['street reference load failed']);
    });
  });
});

describe('checkAddress$', () => {
  it('POST /geocode with the chosen city → ApplyAddressCheck; a failure → ReportAddressCheckFailure', () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }) => {
      const answer: GeocodeAnswer = {
        found: true,
        location: { lat: 52.54, lon: 103.89 },
        precision: 'house',
        street: 'улица Ленина',
        zone: null,
        refusal: null,
      };
      const answers = [cold('3ms g|', { g: answer }), cold<GeocodeAnswer>('3ms #', {}, failure(0))];
      const { run, calls } = setup(checkAddress$, opened, { geocode: () => answers.shift() ?? cold('#') });
      const e$ = hot<EventEnvelope>(
        'a 9ms b',
        events({
          a: { type: 'AddressCheckRequested', data: { street: 'Ленина', home: '10' } },
          b: { type: 'AddressCheckRequested', data: { street: 'Ленина', home: '999' } },
        }),
      );
      expectObservable(run(e$), '^ 50ms !').toBe('3ms g 9ms f', {
        g: { type: 'ApplyAddressCheck', data: { street: 'Ленина', home: '10', answer } },
        f: {
          type: 'ReportAddressCheckFailure',
          data: { street: 'Ленина', home: '999', message: 'Произошла ошибка. Попробуйте позже.' },
        },
      });
      flush();
      expect(calls[0]?.args[0]).toEqual({ cityId: ANGARSK.id, street: 'Ленина', home: '10' });
    });
  });
});

describe('placeOrder$', () => {
  it("a 409 (the same key still being placed) is a failure in the server's words, or «no answer» without them", () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const answers = [
        cold<ReturnType<typeof order>>('4ms #', {}, new ApiFailure(409, 'Заказ с этим ключом уже оформляется')),
        cold<ReturnType<typeof order>>('4ms #', {}, new ApiFailure(409, null)),
      ];
      const { run } = setup(placeOrder$(), opened, { createOrder: () => answers.shift() ?? cold('#') });
      const submitted = orderSubmitted(opened);
      const e$ = hot<EventEnvelope>('a 9ms b', events({ a: submitted, b: submitted }));
      expectObservable(run(e$), '^ 50ms !').toBe('4ms f 9ms n', {
        f: { type: 'ReportOrderFailure', data: { message: 'Заказ с этим ключом уже оформляется' } },
        n: { type: 'ReportOrderFailure', data: { message: CHECKOUT_TEXT.noAnswer } },
      });
    });
  });
});

describe('startPayment$', () => {
  it('the awaited order id is stored before the call; a refused start → ReportPaymentStartFailure', () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }) => {
      const { run, deps } = setup(startPayment$, opened, {
        startPayment: () => cold('2ms #', {}, failure(422, 'Оплата картой недоступна')),
      });
      const e$ = hot<EventEnvelope>('a', events({ a: { type: 'OrderAwaitingPayment', data: { order: online } } }));
      expectObservable(run(e$), '^ 50ms !').toBe('2ms f', {
        f: { type: 'ReportPaymentStartFailure', data: { orderId: 'order-1', message: 'Оплата картой недоступна' } },
      });
      flush();
      expect(deps.storage.getItem(AWAITING_PAYMENT_KEY)).toBe('order-1');
    });
  });
});

describe('payOnline$', () => {
  it('a gateway page is opened with no command; a widget session with no widget here is reported', () => {
    newScheduler().run(({ hot, expectObservable, flush }) => {
      const { run, recorded } = setup(payOnline$(), opened);
      const widgetSession = session({
        provider: 'cloudpayments',
        redirectUrl: null,
        widget: {
          publicId: 'pk_1',
          description: 'Заказ №1042',
          amount: 1050,
          currency: 'RUB',
          invoiceId: 'order-1',
          accountId: 'user-1',
          skin: 'classic',
          data: {},
        },
      });
      const e$ = hot<EventEnvelope>(
        'a 4ms b',
        events({
          a: { type: 'PaymentStarted', data: { session: session() } },
          b: { type: 'PaymentStarted', data: { session: widgetSession } },
        }),
      );
      expectObservable(run(e$), '^ 50ms !').toBe('5ms f', {
        f: {
          type: 'ReportPaymentStartFailure',
          data: { orderId: 'order-1', message: 'Онлайн-оплата сейчас недоступна, выберите оплату при получении' },
        },
      });
      flush();
      expect(recorded.assigned).toEqual(['/api/v1/payments/test/pay-1']);
    });
  });
});

describe('loadOrder$', () => {
  it('GET /order/{id} → ApplyOrder, a newer request cancelling the one in flight; a 404 → ReportOrderLoadFailure', () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }) => {
      const other = order({ id: 'order-2' });
      const answers = [
        cold('5ms o|', { o: order() }),
        cold('5ms o|', { o: other }),
        cold<typeof other>('1ms #', {}, failure(404, 'Заказ не найден')),
      ];
      const { run, calls } = setup(loadOrder$, opened, { getOrder: () => answers.shift() ?? cold('#') });
      const e$ = hot<EventEnvelope>(
        'a 1ms b 9ms c',
        events({
          a: { type: 'OrderLoadRequested', data: { orderId: 'order-1' } },
          b: { type: 'OrderLoadRequested', data: { orderId: 'order-2' } },
          c: { type: 'OrderLoadRequested', data: { orderId: 'order-3' } },
        }),
      );
      expectObservable(run(e$), '^ 50ms !').toBe('7ms o 5ms f', {
        o: { type: 'ApplyOrder', data: { order: other } },
        f: { type: 'ReportOrderLoadFailure', data: { orderId: 'order-3', message: 'Заказ не найден' } },
      });
      flush();
      expect(calls.map((c) => c.args[0])).toEqual(['order-1', 'order-2', 'order-3']);
    });
  });
});

describe('pollPendingPayment$', () => {
  it('a pending online order is re-read every poll until tracking stops; a cash order is not', () => {
    newScheduler().run(({ hot, expectObservable }) => {
      const { run } = setup(pollPendingPayment$(TIMINGS), opened);
      const e$ = hot<EventEnvelope>(
        'a 24ms z 4ms c',
        events({
          a: { type: 'OrderLoaded', data: { order: online } },
          z: { type: 'OrderTrackingStopped', data: { orderId: 'order-1' } },
          c: { type: 'OrderLoaded', data: { order: order({ id: 'order-2' }) } },
        }),
      );
      expectObservable(run(e$), '^ 100ms !').toBe('10ms l 9ms l', {
        l: { type: 'LoadOrder', data: { orderId: 'order-1' } },
      });
    });
  });
});

describe('clearCartWhenPaid$', () => {
  it('only the awaited order, once paid, clears the cart, and it is awaited no more', () => {
    newScheduler().run(({ hot, expectObservable, flush }) => {
      const { run, deps } = setup(clearCartWhenPaid$, opened);
      deps.storage.setItem(AWAITING_PAYMENT_KEY, 'order-1');
      const paid = { ...online, paymentStatus: 'paid' as const };
      const e$ = hot<EventEnvelope>(
        'a b c d',
        events({
          a: { type: 'OrderLoaded', data: { order: online } },
          b: { type: 'OrderLoaded', data: { order: { ...paid, id: 'order-2' } } },
          c: { type: 'OrderLoaded', data: { order: paid } },
          d: { type: 'OrderLoaded', data: { order: paid } },
        }),
      );
      expectObservable(run(e$), '^ 10ms !').toBe('2ms c', {
        c: { type: 'ClearCart', data: { reason: 'order-placed' } },
      });
      flush();
      expect(deps.storage.getItem(AWAITING_PAYMENT_KEY)).toBeNull();
    });
  });
});

describe('followOrderStatus$', () => {
  it('signing out closes the socket; with no socket to open nothing is followed', () => {
    newScheduler().run(({ hot, expectObservable, flush }) => {
      const { sockets, openSocket, say } = recordingSockets();
      const state = evolveAll(opened, [{ type: 'OrderLoaded', data: { order: order() } }]);
      const { run } = setup(followOrderStatus$({ ...TIMINGS, openSocket }), state);
      const e$ = hot<EventEnvelope>(
        'a 4ms z',
        events({
          a: { type: 'OrderLoaded', data: { order: order() } },
          z: { type: 'LoggedOut', data: { reason: 'user' } },
        }),
      );
      expectObservable(run(e$), '^ 20ms !').toBe('2ms h', { h: { type: 'LoadOrder', data: { orderId: 'order-1' } } });
      hot('2ms a').subscribe(() => say(0, { type: 'hello' }));
      hot('8ms a').subscribe(() => say(0, { type: 'hello' }));
      flush();
      expect(sockets).toHaveLength(1);
      expect(sockets[0]?.closed).toBe(true);
    });
    newScheduler().run(({ hot, expectObservable }) => {
      const state = evolveAll(opened, [{ type: 'OrderLoaded', data: { order: order() } }]);
      const { run } = setup(followOrderStatus$(TIMINGS), state);
      const e$ = hot<EventEnvelope>('a', events({ a: { type: 'OrderLoaded', data: { order: order() } } }));
      expectObservable(run(e$), '^ 20ms !').toBe('');
    });
  });
});
