// /complete offers web push of the order's statuses (docs/PUSH.md): 'Сообщить, когда заказ будет
// в пути?' only for a signed-in customer whose PUSHNotifications is true.
import { describe, expect, it } from 'vitest';
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
  it('«Нет» hides it; a refused browser permission is said in Russian', () => {
    const declined = app
      .given([...withConsent(), available])
      .when({ type: 'DeclineOrderPush', data: {} })
      .outcome();
    expect(declined.after.checkout.orderPush).toEqual({ device: 'available', status: 'declined', message: null });

    const refused = app
      .given([...withConsent(), available, { type: 'OrderPushRequested', data: {} }])
      .when({ type: 'ReportPushDevice', data: { state: 'denied' } })
      .outcome();
    expect(refused.after.checkout.orderPush).toEqual({
      device: 'denied',
      status: 'failed',
      message: 'Уведомления запрещены в настройках браузера.',
    });
    expect(ORDER_PUSH_DENIED).toBe('Уведомления запрещены в настройках браузера.');
  });

  it('a stored subscription enables it; a failure keeps the server’s message', () => {
    const enabled = app
      .given([...withConsent(), available, { type: 'OrderPushRequested', data: {} }])
      .when({ type: 'ConfirmOrderPush', data: {} })
      .outcome();
    expect(enabled.events).toEqual([{ type: 'OrderPushEnabled', data: {} }]);
    expect(enabled.after.checkout.orderPush).toEqual({ device: 'subscribed', status: 'enabled', message: null });

    const failed = app
      .given([...withConsent(), available, { type: 'OrderPushRequested', data: {} }])
      .when({ type: 'ReportOrderPushFailure', data: { message: 'Включите push-уведомления в профиле' } })
      .outcome();
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
