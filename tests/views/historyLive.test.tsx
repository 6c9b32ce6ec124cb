// @vitest-environment jsdom
// The order history is live like /complete (docs/ORDER-EDITING.md): while the page is shown the
// customer's WebSocket is open, and a push about their order (an operator's edit, a status move)
// re-reads the history, so its lines, total and status change in place; leaving the page closes it.
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/api/contract/orders';
import type { LiveSocket } from '../../src/effects/checkout/shared';
import { PRODUCT } from '../fixtures/catalog';
import { placedOrder } from '../fixtures/order';
import { later, plain, setup } from './helpers';

const placed: Order = placedOrder();

/** The operator added a Philadelphia roll. */
const edited: Order = {
  ...placed,
  items: [
    ...placed.items,
    { productId: PRODUCT.phila, name: 'Филадельфия', amount: 1, price: 450, sum: 450, mods: [], isGift: false },
  ],
  goodsTotal: 840,
  total: 840,
  updatedAt: '2026-11-20T10:05:00.000Z',
};

function fakeSockets() {
  const opened: { path: string; socket: LiveSocket; closed: boolean }[] = [];
  const openSocket = (path: string): LiveSocket => {
    const entry = {
      path,
      closed: false,
      socket: { onmessage: null, onclose: null, close: () => void (entry.closed = true) } as LiveSocket,
    };
    opened.push(entry);
    return entry.socket;
  };
  const say = (message: object) => act(() => opened.at(-1)?.socket.onmessage?.({ data: JSON.stringify(message) }));
  return { opened, openSocket, say };
}

const heading = () => plain(screen.getByRole('heading', { level: 3, name: /Заказ №1042/ }).textContent);

describe('the order history, live', () => {
  it('an operator’s edit pushed to the customer re-reads the history: the new line and total show; leaving closes the socket', async () => {
    let current = placed;
    const { opened, openSocket, say } = fakeSockets();
    const app = setup({
      path: '/angarsk/personal/history',
      api: { getHistory: () => later({ orders: [current], nextBefore: null }) },
      openSocket,
    });
    await screen.findByText(/Заказ №1042 от/);
    expect(heading()).toContain('390 ₽');
    expect(opened).toHaveLength(1);
    expect(opened[0]?.path).toMatch(/^\/api\/v1\/ws\?token=/);

    current = edited;
    say({ type: 'order:status_update', orderId: 'o1', status: 'Unconfirmed', edited: true });
    await screen.findByText('Филадельфия');
    expect(heading()).toContain('840 ₽');

    current = { ...edited, status: 'CookingStarted', statusName: 'готовится' };
    say({ type: 'order:status_update', orderId: 'o1', status: 'CookingStarted' });
    await screen.findByText('Статус: готовится');

    act(() => app.location.navigate('/angarsk'));
    await waitFor(() => expect(opened[0]?.closed).toBe(true));
    const reads = app.apiCalls.filter((c) => c.method === 'getHistory').length;
    say({ type: 'order:status_update', orderId: 'o1', status: 'OnWay' });
    expect(app.apiCalls.filter((c) => c.method === 'getHistory')).toHaveLength(reads);
  });
});
