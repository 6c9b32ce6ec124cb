// @vitest-environment jsdom
// /complete of an SBP order awaiting payment (docs/CHECKOUT.md «SBP»): the QR and the bank link
// (CSS shows one by width), 'Время оплаты истекло' once the QR's deadline has passed, and
// 'Получить новый QR-код' asking for a new one.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../src/events';
import { checkoutState, order, session } from '../commands/checkoutFixtures';
import { setup } from './helpers';

const sbpOrder = order({ paymentMethod: 'sbp', paymentStatus: 'pending' });
const LINK = 'http://shop.test/api/v1/payments/test/pay-1';
const QR = 'data:image/svg+xml;base64,PHN2Zy8+';
const qr = session({ method: 'sbp', redirectUrl: null, sbp: { link: LINK, qr: QR } });

function complete(deadline: string) {
  const events: AppEvent[] = [
    { type: 'OrderLoaded', data: { order: sbpOrder } },
    { type: 'SbpPaymentShown', data: { session: qr, deadline } },
  ];
  return setup({ path: '/angarsk/complete?order=order-1', state: checkoutState(events) });
}

describe('/complete of an SBP order awaiting payment', () => {
  it('shows the QR (an image of our page, from the server) and the bank link, until when it is valid', async () => {
    complete('2999-01-01T00:00:00.000Z');
    const img = await screen.findByRole('img', { name: 'QR-код для оплаты через СБП' });
    expect(img.getAttribute('src')).toBe(QR);
    expect(screen.getByRole('link', { name: 'Оплатить в приложении банка' }).getAttribute('href')).toBe(LINK);
    expect(screen.getByText(/^QR-код действует до \d\d:\d\d\.$/)).toBeTruthy();
    expect(screen.queryByText('Время оплаты истекло')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Получить новый QR-код' })).toBeNull();
  });

  it("past its deadline: 'Время оплаты истекло', no QR, and the button asks for a new one", async () => {
    const app = complete('2000-01-01T00:00:00.000Z');
    expect(await screen.findByText('Время оплаты истекло')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'QR-код для оплаты через СБП' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Получить новый QR-код' }));
    await waitFor(() => expect(app.commands).toContainEqual({ type: 'RenewSbpPayment', data: { orderId: 'order-1' } }));
  });
});
