// What the service worker shows for a push and where a click leads (docs/PUSH.md).
import { describe, expect, it } from 'vitest';
import { notificationOf } from '../../src/sw/notification';
import { orderPushPayload } from '../../server/services/webPush';

describe('notificationOf', () => {
  it('shows the server’s payload; a click opens the order’s page', () => {
    const payload = orderPushPayload({ id: 'o-1', number: 42, status: 'OnWay', deliveryMethod: 'delivery' });
    expect(notificationOf(JSON.stringify(payload))).toEqual({
      title: 'Заказ №42 в пути',
      body: 'Курьер уже везёт ваш заказ.',
      tag: 'order-o-1',
      url: '/complete?order=o-1',
    });
  });

  it('a push it cannot read still shows a notification, leading to the history', () => {
    const fallback = {
      title: 'Статус заказа изменился',
      body: 'Откройте историю заказов, чтобы узнать подробности.',
      tag: 'order-status',
      url: '/personal/history',
    };
    expect(notificationOf(undefined)).toEqual(fallback);
    expect(notificationOf('not json')).toEqual(fallback);
    expect(notificationOf('[1]')).toEqual(fallback);
    expect(notificationOf(JSON.stringify({ title: 'x' }))).toEqual(fallback);
  });

  it('never leads to another site', () => {
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)'])
      expect(notificationOf(JSON.stringify({ title: 'Заказ', url })).url).toBe('/personal/history');
  });
});
