// @vitest-environment jsdom
// /complete of an order whose total an operator raised after it was paid online
// (docs/ORDER-EDITING.md «Paid online, the total goes up»): «Ожидает доплаты N ₽» with «Доплатить»
// to the gateway's page until the server says it is paid; the notice goes when the order is
// read again without it.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../src/events';
import { checkoutState, order } from '../commands/checkoutFixtures';
import { setup } from './helpers';

const NBSP = '\u00A0';
const PAY_URL = '/api/v1/payments/test/pay-2';
const owing = order({
  paymentMethod: 'card',
  paymentStatus: 'paid',
  total: 3899,
  surcharge: { amount: 1290, payUrl: PAY_URL },
});

function complete(events: AppEvent[]) {
  return setup({ path: '/angarsk/complete?order=order-1', state: checkoutState(events) });
}

describe('/complete of an order awaiting its surcharge', () => {
  it('shows «Ожидает доплаты 1 290 ₽» (Intl, no-break spaces) and «Доплатить» to the gateway’s page', async () => {
    complete([{ type: 'OrderLoaded', data: { order: owing } }]);
    const notice = await screen.findByTestId('surcharge-notice');
    expect(notice.textContent).toContain(`Ожидает доплаты 1${NBSP}290${NBSP}₽`);
    expect(screen.getByRole('link', { name: 'Доплатить' }).getAttribute('href')).toBe(PAY_URL);
    // the order itself is paid: no «Ждём подтверждения оплаты…»
    expect(screen.queryByText('Ждём подтверждения оплаты…')).toBeNull();
  });

  it('without a link yet: the amount and a wait, no button', async () => {
    complete([{ type: 'OrderLoaded', data: { order: { ...owing, surcharge: { amount: 1290, payUrl: null } } } }]);
    expect(await screen.findByText('Готовим ссылку на оплату…')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Доплатить' })).toBeNull();
  });

  it('the notice goes when the order is read again without a surcharge (paid), and is not shown for a cancelled one', async () => {
    const app = complete([{ type: 'OrderLoaded', data: { order: owing } }]);
    await screen.findByTestId('surcharge-notice');
    app.store.dispatch({ type: 'ApplyOrder', data: { order: { ...owing, surcharge: null } } });
    await waitFor(() => expect(screen.queryByTestId('surcharge-notice')).toBeNull());
    expect(screen.queryByRole('link', { name: 'Доплатить' })).toBeNull();
  });

  it('a cancelled order shows no surcharge even if one was sent', async () => {
    complete([{ type: 'OrderLoaded', data: { order: { ...owing, status: 'Cancelled' } } }]);
    await screen.findByTestId('order-number');
    expect(screen.queryByTestId('surcharge-notice')).toBeNull();
  });
});
