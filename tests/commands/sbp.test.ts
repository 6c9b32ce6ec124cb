// SBP on /complete (docs/CHECKOUT.md «SBP»): the payment of the shown order is kept with the
// deadline its QR has on this device's clock ('QR-код действует 10 минут', counted from the
// server's time left, not its clock), a renewal is asked once, and a failure is shown.
import { describe, expect, it } from 'vitest';
import { sbpAwaitingPayment, sbpQrExpired } from '../../src/domain/payment';
import type { AppEvent } from '../../src/events';
import { checkoutHistory, order, session } from './checkoutFixtures';
import { app, META } from './helpers';

const TEN_MINUTES = 10 * 60_000;
const sbpOrder = order({ paymentMethod: 'sbp', paymentStatus: 'pending' });
const shown: AppEvent[] = [{ type: 'OrderLoaded', data: { order: sbpOrder } }];
const qr = session({
  method: 'sbp',
  redirectUrl: null,
  sbp: { link: 'http://shop.test/api/v1/payments/test/pay-1', qr: 'data:image/svg+xml;base64,PHN2Zy8+' },
  // The server's clock is a day behind this device's: only the time left counts.
  expiresAt: '2026-01-01T00:10:00.000Z',
  expiresInMs: TEN_MINUTES,
});
const deadline = new Date(Date.parse(META.now) + TEN_MINUTES).toISOString();

describe('SBP payment of the shown order', () => {
  it("its QR expires 10 minutes after it came by this device's clock, whatever the server's clock says", () => {
    const { after } = app
      .given(checkoutHistory(shown))
      .when({ type: 'ApplySbpPayment', data: { session: qr } })
      .then([{ type: 'SbpPaymentShown', data: { session: qr, deadline } }]);
    expect(after.checkout.sbp).toEqual({ orderId: 'order-1', session: qr, deadline, renewing: false, error: null });
  });

  it('the same payment read again keeps its first deadline; a changed state (expired on the server) is shown', () => {
    const given = checkoutHistory([...shown, { type: 'SbpPaymentShown', data: { session: qr, deadline } }]);
    app
      .given(given)
      .when({ type: 'ApplySbpPayment', data: { session: { ...qr, expiresInMs: TEN_MINUTES - 5000 } } })
      .thenNothing();
    const expired = { ...qr, status: 'failed' as const, expired: true, sbp: null, expiresInMs: 0 };
    app
      .given(given)
      .when({ type: 'ApplySbpPayment', data: { session: expired } })
      .then([{ type: 'SbpPaymentShown', data: { session: expired, deadline: META.now } }]);
    app
      .given(given)
      .when({ type: 'ApplySbpPayment', data: { session: session() } })
      .thenNothing();
  });

  it("'Получить новый QR-код' is asked once, only for the shown SBP order awaiting payment", () => {
    const given = checkoutHistory([...shown, { type: 'SbpPaymentShown', data: { session: qr, deadline } }]);
    const { after } = app
      .given(given)
      .when({ type: 'RenewSbpPayment', data: { orderId: 'order-1' } })
      .then([{ type: 'SbpRenewalRequested', data: { orderId: 'order-1' } }]);
    expect(after.checkout.sbp?.renewing).toBe(true);
    app
      .given([...given, { type: 'SbpRenewalRequested', data: { orderId: 'order-1' } }])
      .when({ type: 'RenewSbpPayment', data: { orderId: 'order-1' } })
      .thenNothing();
    app
      .given(given)
      .when({ type: 'RenewSbpPayment', data: { orderId: 'other' } })
      .thenNothing();
    const paid = checkoutHistory([{ type: 'OrderLoaded', data: { order: { ...sbpOrder, paymentStatus: 'paid' } } }]);
    app
      .given(paid)
      .when({ type: 'RenewSbpPayment', data: { orderId: 'order-1' } })
      .thenNothing();
  });

  it('a failed read or renewal is shown and ends the renewal', () => {
    const given = checkoutHistory([...shown, { type: 'SbpRenewalRequested', data: { orderId: 'order-1' } }]);
    const message = 'Не удалось получить QR-код для оплаты через СБП. Попробуйте ещё раз через минуту';
    const { after } = app
      .given(given)
      .when({ type: 'ReportSbpPaymentFailure', data: { orderId: 'order-1', message } })
      .then([{ type: 'SbpPaymentFailed', data: { orderId: 'order-1', message } }]);
    expect(after.checkout.sbp).toMatchObject({ renewing: false, error: message });
  });

  it('another order shown forgets the SBP payment', () => {
    const given = checkoutHistory([...shown, { type: 'SbpPaymentShown', data: { session: qr, deadline } }]);
    const { after } = app
      .given(given)
      .when({ type: 'LoadOrder', data: { orderId: 'order-2' } })
      .outcome();
    expect(after.checkout.sbp).toBeNull();
  });
});

describe("'Время оплаты истекло' (sbpQrExpired) and the QR on /complete (sbpAwaitingPayment)", () => {
  it('expired once the deadline passes, or when the server failed the payment', () => {
    expect(sbpQrExpired(qr, deadline, META.now)).toBe(false);
    expect(sbpQrExpired(qr, deadline, new Date(Date.parse(deadline) - 1).toISOString())).toBe(false);
    expect(sbpQrExpired(qr, deadline, deadline)).toBe(true);
    expect(sbpQrExpired({ ...qr, status: 'failed', expired: true }, deadline, META.now)).toBe(true);
    expect(sbpQrExpired({ ...qr, status: 'failed', expired: false }, deadline, META.now)).toBe(true);
    expect(sbpQrExpired({ ...qr, status: 'paid' }, deadline, deadline)).toBe(false);
  });

  it('only an SBP order still awaiting its money, not cancelled', () => {
    expect(sbpAwaitingPayment(sbpOrder)).toBe(true);
    expect(sbpAwaitingPayment({ ...sbpOrder, paymentStatus: 'paid' })).toBe(false);
    expect(sbpAwaitingPayment({ ...sbpOrder, status: 'Cancelled' })).toBe(false);
    expect(sbpAwaitingPayment({ ...sbpOrder, paymentMethod: 'card' })).toBe(false);
  });
});
