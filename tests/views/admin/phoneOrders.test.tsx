// @vitest-environment jsdom
// «Заказы по телефону» (docs/ADMIN.md «The call centre's orders»): the call-centre operator lists
// the phone orders, finds one by phone or number, and opens its card through the call centre's
// own read route — never the operators' — with the lines, totals, address, its edits, «Изменить»
// while not cooking, no status or cancel controls, and the status re-read live.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminOrderEdits } from '../../../src/api/contract/admin/orderEdits';
import { adminGetOrder, adminListOrders, type AdminOrderDetail } from '../../../src/api/contract/admin/orders';
import {
  adminGetPhoneOrder,
  adminListPhoneOrders,
  type PhoneOrderDetail,
} from '../../../src/api/contract/admin/phoneOrders';
import { adminListCities } from '../../../src/api/contract/admin/settings';
import { listItem, order, staffOrderEvent } from './fixtures';
import { CALLCENTRE_SESSION, FakeServer, setupAdmin } from './helpers';

const TAKER = { staffId: 'staff-5', staffLogin: 'vera', takenAt: '2026-11-23T03:00:00.000Z' };

function phoneOrder(id: string, number: number, status: AdminOrderDetail['status'] = 'Unconfirmed'): PhoneOrderDetail {
  return { ...order({ id, number, status }), phoneOrder: TAKER, cityName: 'Ангарск', restaurantName: 'На Ленина' };
}

function phoneServer(orders: PhoneOrderDetail[]) {
  const db = new Map(orders.map((o) => [o.id, o]));
  const server = new FakeServer()
    .on(adminListPhoneOrders, () => {
      const list = [...db.values()].map(listItem);
      return { body: { orders: list, total: list.length } };
    })
    .on(adminGetPhoneOrder, (req) => {
      const found = db.get(req.params.id ?? '');
      return found ? { body: found } : { status: 404, body: { message: 'Заказ не найден' } };
    })
    .on(adminOrderEdits, () => ({ body: { edits: [] } }));
  return { server, db };
}

describe('«Заказы по телефону»', () => {
  it('lists the phone orders and searches by phone or number through the call centre’s route', async () => {
    const { server } = phoneServer([phoneOrder('o1', 101), phoneOrder('o2', 102)]);
    setupAdmin({ path: '/admin/phone-orders', session: CALLCENTRE_SESSION, server });
    const table = await screen.findByRole('table', { name: 'Заказы по телефону' });
    expect(within(table).getByText('101')).toBeTruthy();
    expect(within(table).getByText('102')).toBeTruthy();
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Заказы по телефону' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Заказы' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '8 914 555' } });
    fireEvent.change(screen.getByLabelText('Номер заказа'), { target: { value: '102' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    await waitFor(() => {
      const last = server.calls(adminListPhoneOrders).at(-1);
      expect(last?.query.get('phone')).toBe('8 914 555');
      expect(last?.query.get('number')).toBe('102');
    });
    expect(server.calls(adminListOrders)).toHaveLength(0);
    // the cities are an operator's route: the call centre does not ask for them
    expect(server.calls(adminListCities)).toHaveLength(0);
  });

  it('opens the card: lines, totals, address, edits and «Изменить», no status controls; re-read live', async () => {
    const { server, db } = phoneServer([phoneOrder('o1', 101)]);
    const app = setupAdmin({ path: '/admin/phone-orders', session: CALLCENTRE_SESSION, server });
    fireEvent.click(within(await screen.findByRole('table', { name: 'Заказы по телефону' })).getByText('101'));
    const panel = await screen.findByRole('complementary', { name: 'Заказ' });
    await within(panel).findByText(/Заказ №101/);
    expect(app.currentPath()).toBe('/admin/phone-orders/o1');
    expect(within(panel).getByText('Филадельфия')).toBeTruthy();
    expect(within(panel).getByText(/Доставка:/)).toBeTruthy();
    // named by the call centre's own read, not the operators' lists
    expect(within(panel).getByText('Ангарск, ресторан На Ленина')).toBeTruthy();
    expect(within(panel).getByText('Итого')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Изменить' })).toBeTruthy();
    expect(within(panel).queryByRole('group', { name: 'Смена статуса' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Отменить заказ' })).toBeNull();
    await waitFor(() => expect(server.calls(adminOrderEdits)).toHaveLength(1));
    expect(server.calls(adminGetPhoneOrder)).toHaveLength(1);
    expect(server.requests.filter((r) => r.path === `/api/v1${adminGetOrder.path.replace(':id', 'o1')}`)).toHaveLength(
      0,
    );

    db.set('o1', phoneOrder('o1', 101, 'CookingStarted'));
    act(() => app.sockets[0]?.push(staffOrderEvent('order:updated', { status: 'CookingStarted' })));
    await waitFor(() => expect(within(panel).getByText('Готовится')).toBeTruthy());
    expect(within(panel).queryByRole('button', { name: 'Изменить' })).toBeNull();
  });

  it('the new-order alert opens a phone order on the call centre’s own screen', async () => {
    const { server } = phoneServer([phoneOrder('o1', 101)]);
    const app = setupAdmin({ path: '/admin/phone-order', session: CALLCENTRE_SESSION, server });
    await screen.findByRole('navigation');
    act(() => app.sockets[0]?.open());
    act(() => app.sockets[0]?.push(staffOrderEvent('order:new')));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Новый заказ №101');
    fireEvent.click(within(alert).getByRole('button', { name: 'Открыть' }));
    await waitFor(() => expect(app.currentPath()).toBe('/admin/phone-orders/o1'));
    const panel = await screen.findByRole('complementary', { name: 'Заказ' });
    await within(panel).findByText(/Заказ №101/);
  });

  it('an order the operator took by phone themselves neither alerts nor beeps; one taken by a colleague does', async () => {
    const { server } = phoneServer([phoneOrder('o1', 101), phoneOrder('o2', 102)]);
    const app = setupAdmin({ path: '/admin/phone-orders', session: CALLCENTRE_SESSION, server });
    await screen.findByRole('table', { name: 'Заказы по телефону' });
    act(() => app.sockets[0]?.open());
    const lists = server.calls(adminListPhoneOrders).length;
    const placed = (orderId: string, number: number, takenBy: string) => ({
      type: 'order:new',
      orderId,
      number,
      status: 'Unconfirmed',
      paymentStatus: 'none',
      cityId: 'angarsk',
      deliveryTerminalId: 'rest-a',
      total: 1000,
      takenBy,
    });
    act(() => app.sockets[0]?.push(placed('o1', 101, CALLCENTRE_SESSION.staff.id)));
    // the list still re-reads itself
    await waitFor(() => expect(server.calls(adminListPhoneOrders).length).toBeGreaterThan(lists));
    expect(app.beeps).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => app.sockets[0]?.push(placed('o2', 102, 'staff-9')));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Новый заказ №102');
    expect(alert.textContent).not.toContain('№101');
    expect(app.beeps).toHaveLength(1);
  });

  it('an order the route does not answer shows its «Заказ не найден»', async () => {
    const { server } = phoneServer([]);
    setupAdmin({ path: '/admin/phone-orders/other', session: CALLCENTRE_SESSION, server });
    const panel = await screen.findByRole('complementary', { name: 'Заказ' });
    await within(panel).findByText(/Заказ не найден/);
  });
});
