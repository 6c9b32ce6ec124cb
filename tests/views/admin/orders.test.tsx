// @vitest-environment jsdom
// The orders screen: list with filters, the live WebSocket with a visible and audible alert for
// a new order, status changes along the allowed flow, cancellation with a reason, 4xx messages.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  adminCancelOrder,
  adminChangeOrderStatus,
  adminListOrders,
  adminRetryRefund,
  type AdminOrderDetail,
  type RefundState,
} from '../../../src/api/contract/admin/orders';
import {
  adminIntegration,
  adminRetryHandoff,
  IntegrationOverview,
  type IntegrationHandoff,
} from '../../../src/api/contract/admin/integration';
import type { OrderStatus } from '../../../src/api/contract/orders';
import { ADMIN_SESSION, setupAdmin } from './helpers';
import { order, ordersServer, staffOrderEvent } from './fixtures';

describe('admin orders', () => {
  it('lists orders with city and restaurant names, and sends the filters as the list query', async () => {
    const { server } = ordersServer([
      order({ id: 'o1', number: 101 }),
      order({ id: 'o2', number: 102, status: 'CookingStarted' }),
    ]);
    setupAdmin({ path: '/admin/orders', session: ADMIN_SESSION, server });
    const table = await screen.findByRole('table', { name: 'Список заказов' });
    await waitFor(() => expect(within(table).getAllByText('Ангарск, 12 мкр').length).toBe(2));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-order-id'))).toEqual(['o2', 'o1']);
    expect(within(rows[0]!).getByText('Готовится')).toBeTruthy();
    expect(within(rows[1]!).getByText('Новый')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Город'), { target: { value: 'angarsk' } });
    fireEvent.change(screen.getByLabelText('Статус'), { target: { value: 'active' } });
    fireEvent.change(screen.getByLabelText('С даты'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    await waitFor(() => {
      const last = server.calls(adminListOrders).at(-1);
      expect(Object.fromEntries(last?.query ?? [])).toEqual({
        limit: '50',
        offset: '0',
        cityId: 'angarsk',
        status: 'Unconfirmed,WaitCooking,CookingStarted,CookingCompleted,OnWay,Delivered,Waiting',
        from: '2026-11-20',
        phone: '4567',
      });
    });
  });

  it('a new order on the staff WebSocket shows an alert, beeps, and reloads the list', async () => {
    const { server, db } = ordersServer([order({ id: 'o1', number: 101 })]);
    const app = setupAdmin({ path: '/admin/orders', session: ADMIN_SESSION, server });
    await screen.findByRole('table', { name: 'Список заказов' });
    const socket = app.sockets[0];
    expect(socket?.url).toBe('ws://admin.test/api/v1/ws?token=st_admin');
    act(() => socket?.open());
    const before = server.calls(adminListOrders).length;
    db.set('o9', order({ id: 'o9', number: 109 }));
    act(() => socket?.push(staffOrderEvent('order:new', { orderId: 'o9', number: 109 })));
    const alert = await screen.findByText('Новый заказ №109');
    expect(alert).toBeTruthy();
    expect(app.beeps).toHaveLength(1);
    await waitFor(() => expect(server.calls(adminListOrders).length).toBeGreaterThan(before));
    const row = await waitFor(() => {
      const r = document.querySelector('tr[data-order-id="o9"]');
      if (r === null) throw new Error('row o9 not shown yet');
      return r as HTMLElement;
    });
    expect(row.querySelector('[data-fresh]')?.textContent?.trim()).toBe('новый');
    expect(screen.getByLabelText('новых заказов: 1')).toBeTruthy();
    // other messages (the storefront's catalog:update) are ignored
    act(() => socket?.push({ type: 'catalog:update', version: '2' }));
    expect(app.beeps).toHaveLength(1);
  });

  it('status buttons follow nextStatuses; a click moves the order and the badge changes', async () => {
    const { server, db } = ordersServer([order({ id: 'o1', number: 101, status: 'Unconfirmed' })]);
    server.on(adminChangeOrderStatus, (req) => {
      const current = db.get(req.params.id ?? '')!;
      const next = (req.body as { status: OrderStatus }).status;
      const updated = order({ id: current.id, number: current.number, status: next });
      db.set(current.id, updated);
      return { body: updated };
    });
    setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
    const panel = await screen.findByRole('complementary', { name: 'Заказ' });
    const group = await within(panel).findByRole('group', { name: 'Смена статуса' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Подтвердить',
      'Начать готовить',
      'Приготовлен',
      'Передать курьеру',
      'Доставлен',
      'Закрыть заказ',
      'Отменить заказ',
    ]);
    fireEvent.click(within(group).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(server.calls(adminChangeOrderStatus)).toHaveLength(1));
    expect(server.calls(adminChangeOrderStatus)[0]?.body).toEqual({ status: 'WaitCooking' });
    expect(server.calls(adminChangeOrderStatus)[0]?.path).toBe('/api/v1/admin/orders/o1/status');
    await waitFor(() => expect(within(panel).getByText('Подтверждён')).toBeTruthy());
    expect(within(panel).queryByRole('button', { name: 'Подтвердить' })).toBeNull();
    expect(await screen.findByText('Статус заказа: Подтверждён')).toBeTruthy();
  });

  it("a refused move shows the server's Russian message as a toast (422)", async () => {
    const { server } = ordersServer([order({ id: 'o1', status: 'Unconfirmed' })]);
    const message = 'Нельзя перевести заказ из статуса «принят» (Unconfirmed) в «выполнен» (Closed)';
    server.on(adminChangeOrderStatus, () => ({ status: 422, body: { message } }));
    setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
    fireEvent.click(await screen.findByRole('button', { name: 'Закрыть заказ' }));
    expect((await screen.findByText(message)).closest('[role="alert"]')).toBeTruthy();
  });

  it('cancellation needs a reason and sends it', async () => {
    const { server, db } = ordersServer([order({ id: 'o1', status: 'CookingStarted' })]);
    server.on(adminCancelOrder, (req) => {
      const current = db.get('o1')!;
      const cancelled = {
        ...order({ id: 'o1', status: 'Cancelled' }),
        nextStatuses: [],
        cancellation: {
          reason: (req.body as { reason: string }).reason,
          at: '2026-11-23T04:00:00.000Z',
          staffId: 'staff-1',
          refund: 'not-needed' as const,
          refundError: null,
        },
      };
      db.set(current.id, cancelled);
      return { body: cancelled };
    });
    setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить заказ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отмена заказа' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отменить заказ' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Укажите причину отмены (не короче 3 символов)');
    expect(server.calls(adminCancelOrder)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Причина отмены'), {
      target: { value: 'Клиент попросил отменить' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отменить заказ' }));
    await waitFor(() => expect(server.calls(adminCancelOrder)).toHaveLength(1));
    expect(server.calls(adminCancelOrder)[0]?.body).toEqual({ reason: 'Клиент попросил отменить' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/Клиент попросил отменить/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Смена статуса' })).toBeNull();
  });

  it('a cancelled order whose money has not come back says so in the list and the panel, with the refund error', async () => {
    const owed: AdminOrderDetail = {
      ...order({ id: 'o1', status: 'Cancelled' }),
      paymentMethod: 'card',
      paymentStatus: 'paid',
      nextStatuses: [],
      cancellation: {
        reason: 'Нет курьеров',
        at: '2026-11-23T04:00:00.000Z',
        staffId: 'staff-1',
        refund: 'failed',
        refundError: 'Не удалось вернуть деньги: connect ECONNREFUSED',
      },
    };
    const { server } = ordersServer([owed]);
    setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
    const table = await screen.findByRole('table', { name: 'Список заказов' });
    expect(await within(table).findByText('оплачен, нужно вернуть деньги')).toBeTruthy();
    const panel = await screen.findByRole('complementary', { name: 'Заказ' });
    expect(await within(panel).findByText(/Картой онлайн, оплачен, нужно вернуть деньги/)).toBeTruthy();
    expect(
      within(panel).getByText(/Оплата: возврат не прошёл \(Не удалось вернуть деньги: connect ECONNREFUSED\)/),
    ).toBeTruthy();
  });

  function cancelledPaid(refund: RefundState, refundError: string | null = null): AdminOrderDetail {
    return {
      ...order({ id: 'o1', status: 'Cancelled' }),
      paymentMethod: 'card',
      paymentStatus: refund === 'done' ? 'refunded' : 'paid',
      nextStatuses: [],
      cancellation: { reason: 'Нет курьеров', at: '2026-11-23T04:00:00.000Z', staffId: 'staff-1', refund, refundError },
    };
  }

  it('«Повторить возврат» shows only for a cancelled order whose refund failed or is due', async () => {
    for (const refund of ['failed', 'required', 'done', 'not-needed'] as const) {
      const { server } = ordersServer([cancelledPaid(refund)]);
      const app = setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
      const panel = await screen.findByRole('complementary', { name: 'Заказ' });
      await within(panel).findByText(/Отменён .*Нет курьеров/);
      expect(within(panel).queryByRole('button', { name: 'Повторить возврат' }) !== null, refund).toBe(
        refund === 'failed' || refund === 'required',
      );
      app.unmount();
    }
    const { server } = ordersServer([
      { ...order({ id: 'o1', status: 'CookingStarted' }), paymentMethod: 'card', paymentStatus: 'paid' },
    ]);
    setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
    await screen.findByRole('group', { name: 'Смена статуса' });
    expect(screen.queryByRole('button', { name: 'Повторить возврат' })).toBeNull();
  });

  it('«Повторить возврат» asks first, calls the refund route and shows the money returned', async () => {
    const { server, db } = ordersServer([cancelledPaid('failed', 'Не удалось вернуть деньги: connect ECONNREFUSED')]);
    server.on(adminRetryRefund, () => {
      const refunded = cancelledPaid('done');
      db.set('o1', refunded);
      return { body: refunded };
    });
    setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
    const panel = await screen.findByRole('complementary', { name: 'Заказ' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Повторить возврат' }));
    const dialog = await screen.findByRole('dialog', { name: 'Повторить возврат денег?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Не сейчас' }));
    expect(server.calls(adminRetryRefund)).toHaveLength(0);

    fireEvent.click(within(panel).getByRole('button', { name: 'Повторить возврат' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Вернуть деньги' }));
    await waitFor(() => expect(server.calls(adminRetryRefund)).toHaveLength(1));
    expect(server.calls(adminRetryRefund)[0]?.path).toBe('/api/v1/admin/orders/o1/refund');
    expect(await screen.findByText('Деньги возвращены')).toBeTruthy();
    await waitFor(() => expect(within(panel).getByText(/Оплата: деньги возвращены/)).toBeTruthy());
    expect(within(panel).queryByRole('button', { name: 'Повторить возврат' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a refund the provider refuses again shows its message and the new error in the panel', async () => {
    const message = 'Не удалось вернуть деньги: Операция отклонена банком';
    const { server, db } = ordersServer([cancelledPaid('failed', 'Не удалось вернуть деньги: connect ECONNREFUSED')]);
    server.on(adminRetryRefund, () => {
      db.set('o1', cancelledPaid('failed', message));
      return { status: 422, body: { message } };
    });
    setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
    const panel = await screen.findByRole('complementary', { name: 'Заказ' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Повторить возврат' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Вернуть деньги' }));
    expect((await screen.findByText(message)).closest('[role="alert"]')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(panel).getByText(/возврат не прошёл \(Не удалось вернуть деньги: Операция отклонена банком\)/),
      ).toBeTruthy(),
    );
    expect(within(panel).getByRole('button', { name: 'Повторить возврат' })).toBeTruthy();
  });

  it('an order changed elsewhere (order:updated) is re-read while open', async () => {
    const { server, db } = ordersServer([order({ id: 'o1', status: 'WaitCooking' })]);
    const app = setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
    const panel = await screen.findByRole('complementary', { name: 'Заказ' });
    await within(panel).findByText('Подтверждён');
    db.set('o1', order({ id: 'o1', status: 'CookingStarted' }));
    act(() => app.sockets[0]?.push(staffOrderEvent('order:updated', { status: 'CookingStarted' })));
    await waitFor(() => expect(within(panel).getByText('Готовится')).toBeTruthy());
    expect(app.beeps).toHaveLength(0);
  });
  it('an order iiko refused arrives live: a banner with the reason, the retry and the integration link, and a row marker', async () => {
    const { server } = ordersServer([order({ id: 'o1', number: 101 }), order({ id: 'o2', number: 102 })]);
    let failed: IntegrationHandoff[] = [];
    server
      .on(adminIntegration, () => ({ body: overview(failed) }))
      .on(adminRetryHandoff, () => {
        failed = [];
        return { body: { ok: true } };
      });
    const app = setupAdmin({ path: '/admin/orders', session: ADMIN_SESSION, server });
    await screen.findByRole('table', { name: 'Список заказов' });
    await waitFor(() => expect(server.calls(adminIntegration).length).toBeGreaterThan(0));
    expect(screen.queryByRole('alert', { name: 'Заказы не переданы на кухню' })).toBeNull();
    act(() => app.sockets[0]?.open());

    failed = [
      {
        orderId: 'o1',
        number: 101,
        state: 'failed',
        attempts: 1,
        lastError: 'Продукт не найден в меню терминала',
        createdAt: '2026-11-20T05:00:00.000Z',
      },
    ];
    act(() => app.sockets[0]?.push(staffOrderEvent('order:updated')));
    const banner = await screen.findByRole('alert', { name: 'Заказы не переданы на кухню' });
    expect(within(banner).getByText('1 заказ не передан на кухню')).toBeTruthy();
    expect(within(banner).getByText(/Продукт не найден в меню терминала/)).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Интеграция с кассой' }).getAttribute('href')).toBe(
      '/admin/integration',
    );
    const marked = () =>
      [...document.querySelectorAll('tr[data-order-id]')].filter((r) => r.querySelector('[data-not-handed-off]'));
    await waitFor(() => expect(marked().map((r) => r.getAttribute('data-order-id'))).toEqual(['o1']));

    fireEvent.click(within(banner).getByRole('button', { name: 'Отправить снова' }));
    await waitFor(() => expect(server.calls(adminRetryHandoff).map((r) => r.params.orderId)).toEqual(['o1']));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Заказы не переданы на кухню' })).toBeNull());
    expect(marked()).toEqual([]);
  });
});

function overview(failed: IntegrationHandoff[]) {
  return IntegrationOverview.parse({
    adapter: 'iiko',
    organizationIds: ['org-demo'],
    webhook: true,
    menu: [],
    stopListsRefreshedAt: null,
    queueLength: 0,
    failed,
    delayed: [],
    terminals: [],
    restaurants: [],
    errors: [],
  });
}
