// SBP effects on virtual time with fake deps (docs/CHECKOUT.md «SBP»): PaymentStarted of an SBP
// payment goes to /complete (not to a gateway page), the shown SBP order's payment is read
// whenever the order is, and 'Получить новый QR-код' renews it; failures come back in Russian.
import { BehaviorSubject, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { StorefrontApi } from '../../src/api/storefrontApi';
import { payOnline$, readSbpPayment$, renewSbpPayment$ } from '../../src/effects/checkout';
import type { Effect, EventEnvelope } from '../../src/effects/deps';
import type { AppEvent } from '../../src/events';
import type { AppState } from '../../src/projections/store';
import { checkoutState, order, session } from '../commands/checkoutFixtures';
import { envelope, failure, fakeApi, fakeDeps } from './helpers';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

function setup(effect: Effect, state: AppState, stubs: Partial<StorefrontApi> = {}) {
  const { api, calls } = fakeApi(stubs);
  const { deps, recorded } = fakeDeps(api);
  const run = (event$: Observable<EventEnvelope>) => effect(event$, new BehaviorSubject(state), deps);
  return { run, calls, recorded };
}

const events = (map: Record<string, AppEvent>): Record<string, EventEnvelope> =>
  Object.fromEntries(Object.entries(map).map(([k, e]) => [k, envelope(e)]));

const sbpOrder = order({ paymentMethod: 'sbp', paymentStatus: 'pending' });
const qr = session({
  method: 'sbp',
  redirectUrl: null,
  sbp: { link: 'http://shop.test/api/v1/payments/test/pay-1', qr: 'data:image/svg+xml;base64,PHN2Zy8+' },
});
const showingSbp = checkoutState([{ type: 'OrderLoaded', data: { order: sbpOrder } }]);
const UNAVAILABLE = 'Не удалось получить QR-код для оплаты через СБП. Попробуйте ещё раз через минуту';

describe('payOnline$ with SBP', () => {
  it('goes to /complete of the order, where the QR is shown, with no command', () => {
    newScheduler().run(({ hot, expectObservable, flush }) => {
      const { run, recorded } = setup(payOnline$(), showingSbp);
      const e$ = hot<EventEnvelope>('a', events({ a: { type: 'PaymentStarted', data: { session: qr } } }));
      expectObservable(run(e$), '^ 20ms !').toBe('');
      flush();
      expect(recorded.assigned).toEqual(['/angarsk/complete?order=order-1']);
    });
  });
});

describe('readSbpPayment$', () => {
  it('the shown SBP order awaiting payment: its payment is read on each load of the order; a failure is reported', () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }) => {
      const answers = [cold('2ms s|', { s: qr }), cold<typeof qr>('2ms #', {}, failure(422, UNAVAILABLE))];
      const { run, calls } = setup(readSbpPayment$, showingSbp, { readPayment: () => answers.shift() ?? cold('#') });
      const e$ = hot<EventEnvelope>(
        'a 4ms b',
        events({
          a: { type: 'OrderLoaded', data: { order: sbpOrder } },
          b: { type: 'OrderLoadRequested', data: { orderId: 'order-1' } },
        }),
      );
      expectObservable(run(e$), '^ 20ms !').toBe('2ms s 4ms f', {
        s: { type: 'ApplySbpPayment', data: { session: qr } },
        f: { type: 'ReportSbpPaymentFailure', data: { orderId: 'order-1', message: UNAVAILABLE } },
      });
      flush();
      expect(calls.map((c) => [c.method, c.args[0]])).toEqual([
        ['readPayment', 'order-1'],
        ['readPayment', 'order-1'],
      ]);
    });
  });

  it('a card order, or a paid SBP one, is not read', () => {
    newScheduler().run(({ hot, expectObservable, flush }) => {
      for (const shown of [
        order({ paymentMethod: 'card', paymentStatus: 'pending' }),
        order({ paymentMethod: 'sbp', paymentStatus: 'paid' }),
      ]) {
        const { run, calls } = setup(readSbpPayment$, checkoutState([{ type: 'OrderLoaded', data: { order: shown } }]));
        const e$ = hot<EventEnvelope>('a', events({ a: { type: 'OrderLoaded', data: { order: shown } } }));
        expectObservable(run(e$), '^ 10ms !').toBe('');
        flush();
        expect(calls).toEqual([]);
      }
    });
  });
});

describe('renewSbpPayment$', () => {
  it('POST …/payment/renew → the new QR; a refusal comes back in its Russian words', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const renewed = { ...qr, paymentId: 'pay-2' };
      const answers = [
        cold('3ms s|', { s: renewed }),
        cold<typeof qr>('1ms #', {}, failure(422, 'Онлайн-оплата сейчас недоступна, выберите оплату при получении')),
      ];
      const { run } = setup(renewSbpPayment$, showingSbp, { renewPayment: () => answers.shift() ?? cold('#') });
      const e$ = hot<EventEnvelope>(
        'a 9ms b',
        events({
          a: { type: 'SbpRenewalRequested', data: { orderId: 'order-1' } },
          b: { type: 'SbpRenewalRequested', data: { orderId: 'order-1' } },
        }),
      );
      expectObservable(run(e$), '^ 30ms !').toBe('3ms s 6ms - f', {
        s: { type: 'ApplySbpPayment', data: { session: renewed } },
        f: {
          type: 'ReportSbpPaymentFailure',
          data: { orderId: 'order-1', message: 'Онлайн-оплата сейчас недоступна, выберите оплату при получении' },
        },
      });
    });
  });
});
