// @vitest-environment jsdom
// /complete offers web push (docs/PUSH.md): 'Сообщить, когда заказ будет в пути?' only for a
// signed-in customer with PUSHNotifications on, on a browser that can show notifications.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../src/events';
import { checkoutState, order } from '../commands/checkoutFixtures';
import { USER } from '../fixtures/state';
import { setup } from './helpers';

const shown: AppEvent = { type: 'OrderLoaded', data: { order: order() } };
const consent = (push: boolean): AppEvent => ({
  type: 'ProfileLoaded',
  data: { user: { ...USER, PUSHNotifications: push } },
});
const device = (state: 'available' | 'denied' | 'unsupported'): AppEvent => ({
  type: 'PushDeviceReported',
  data: { state },
});
const PATH = '/angarsk/complete?order=order-1';

describe('the push offer on /complete', () => {
  it('asks «Сообщить, когда заказ будет в пути?»; «Да, сообщить» dispatches EnableOrderPush', async () => {
    const app = setup({ path: PATH, state: checkoutState([consent(true), shown, device('available')]) });
    expect(await screen.findByText('Сообщить, когда заказ будет в пути?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Да, сообщить' }));
    await waitFor(() => expect(app.commands).toContainEqual({ type: 'EnableOrderPush', data: {} }));
  });

  it('«Нет, спасибо» hides it', async () => {
    setup({ path: PATH, state: checkoutState([consent(true), shown, device('available')]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Нет, спасибо' }));
    await waitFor(() => expect(screen.queryByTestId('order-push')).toBeNull());
  });

  it.each([
    ['PUSHNotifications off', [consent(false), shown, device('available')]],
    ['a browser without push', [consent(true), shown, device('unsupported')]],
    ['notifications denied in the browser', [consent(true), shown, device('denied')]],
  ] as const)('is not offered with %s', async (_what, events) => {
    setup({ path: PATH, state: checkoutState([...events]) });
    expect(await screen.findByTestId('order-number')).toBeTruthy();
    expect(screen.queryByText('Сообщить, когда заказ будет в пути?')).toBeNull();
  });

  it('says so once the subscription is stored', async () => {
    setup({
      path: PATH,
      state: checkoutState([consent(true), shown, device('available'), { type: 'OrderPushEnabled', data: {} }]),
    });
    expect((await screen.findByTestId('order-push')).textContent).toBe(
      'Пришлём уведомление, когда статус заказа изменится.',
    );
  });
});
