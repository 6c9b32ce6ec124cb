// /complete offers web push of the order's statuses (docs/PUSH.md): 'Сообщить, когда заказ будет
// в пути?' only for a signed-in customer whose PUSHNotifications is true.
import { describe, expect, it } from 'vitest';
import type { AppCommand } from '../../src/commands';
import type { AppEvent } from '../../src/events';
import { ORDER_PUSH_DENIED } from '../../src/projections/checkout';
import { USER } from '../fixtures/state';
import { app, ready } from './helpers';

const consenting: AppEvent = { type: 'ProfileLoaded', data: { user: { ...USER, PUSHNotifications: true } } };
const withConsent = () => [...ready(), consenting];
const available: AppEvent = { type: 'PushDeviceReported', data: { state: 'available' } };

describe('EnableOrderPush («Сообщить, когда заказ будет в пути?» — «Да»)', () => {
  it('asks for the subscription when the customer consented to push notifications', () => {
    app
      .given([...withConsent(), available])
      .when({ type: 'EnableOrderPush', data: {} })
      .then([{ type: 'OrderPushRequested', data: {} }]);
  });

  it('does nothing without PUSHNotifications or without a sign-in', () => {
    app
      .given([...ready(), available])
      .when({ type: 'EnableOrderPush', data: {} })
      .thenNothing();
    app
      .given([...ready({ signedIn: false }), available])
      .when({ type: 'EnableOrderPush', data: {} })
      .thenNothing();
  });

  it('does not ask twice while a subscription is under way or done', () => {
    const requested: AppEvent = { type: 'OrderPushRequested', data: {} };
    app
      .given([...withConsent(), available, requested])
      .when({ type: 'EnableOrderPush', data: {} })
      .thenNothing();
    app
      .given([...withConsent(), available, requested, { type: 'OrderPushEnabled', data: {} }])
      .when({ type: 'EnableOrderPush', data: {} })
      .thenNothing();
  });
});

describe('the offer’s state', () => {
  /** The outcome of `command` once the customer has asked for order pushes on an available device. */
  const onceRequested = (command: AppCommand) =>
    app
      .given([...withConsent(), available, { type: 'OrderPushRequested', data: {} }])
      .when(command)
      .outcome();

  it('«Нет» hides it; a refused browser permission is said in Russian', () => {
    const declined = app
      .given([...withConsent(), available])
      .when({ type: 'DeclineOrderPush', data: {} })
      .outcome();
    expect(declined.after.checkout.orderPush).toEqual({ device: 'available', status: 'declined', message: null });

    const refused = onceRequested({ type: 'ReportPushDevice', data: { state: 'denied' } });
    expect(refused.after.checkout.orderPush).toEqual({
      device: 'denied',
      status: 'failed',
      message: 'Уведомления запрещены в настройках браузера.',
    });
    expect(ORDER_PUSH_DENIED).toBe('Уведомления запрещены в настройках браузера.');
  });

  it('a stored subscription enables it; a failure keeps the server’s message', () => {
    const enabled = onceRequested({ type: 'ConfirmOrderPush', data: {} });
    expect(enabled.events).toEqual([{ type: 'OrderPushEnabled', data: {} }]);
    expect(enabled.after.checkout.orderPush).toEqual({ device: 'subscribed', status: 'enabled', message: null });

    const failed = onceRequested({
      type: 'ReportOrderPushFailure',
      data: { message: 'Включите push-уведомления в профиле' },
    });
    expect(failed.after.checkout.orderPush).toMatchObject({
      status: 'failed',
      message: 'Включите push-уведомления в профиле',
    });
  });

  it('the same device state twice is recorded once', () => {
    app
      .given([...withConsent(), available])
      .when({ type: 'ReportPushDevice', data: { state: 'available' } })
      .thenNothing();
  });
});
