// @vitest-environment jsdom
// The managers' dashboard: a manager starts there, the figures in roubles through Intl, the
// period and place sent as the query, one re-read per burst of live order events; operators do
// not see it; the CSV export buttons go out with the screen's filters.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminMe, StaffMember } from '../../../src/api/contract/admin/auth';
import { Dashboard, adminDashboard } from '../../../src/api/contract/admin/dashboard';
import { adminExportOrders } from '../../../src/api/contract/admin/exports';
import { adminIntegration } from '../../../src/api/contract/admin/integration';
import { adminListOrders } from '../../../src/api/contract/admin/orders';
import { adminListCities, adminListRestaurants } from '../../../src/api/contract/admin/settings';
import { LIVE_REFRESH_MS } from '../../../src/views/admin/dashboard/DashboardPage';
import { FakeServer, MANAGER_SESSION, OPERATOR_SESSION, setupAdmin } from './helpers';
import { CITIES, RESTAURANTS, staffMember, staffOrderEvent } from './fixtures';

const manager = StaffMember.parse({ ...staffMember('operator'), id: 'staff-3', login: 'manager', role: 'manager' });
const rub = (n: number) =>
  new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 }).format(n);

function figures(revenue: number, orders: number): Dashboard {
  return Dashboard.parse({
    from: '2026-11-19T16:00:00.000Z',
    to: '2026-11-20T16:00:00.000Z',
    timeZone: 'Asia/Irkutsk',
    orders,
    revenue,
    averageCheck: orders === 0 ? 0 : Math.round(revenue / orders),
    customers: { new: 2, returning: 1 },
    payments: [
      { method: 'cash', orders: 1, revenue: 1000 },
      { method: 'courier-card', orders: 0, revenue: 0 },
      { method: 'card', orders: orders - 1, revenue: revenue - 1000 },
      { method: 'sbp', orders: 0, revenue: 0 },
    ],
    cancellations: { count: 1, reasons: [{ reason: 'Клиент передумал', count: 1 }] },
    delivery: { delivered: 2, promisedMedian: 65, promisedP90: 69, actualMedian: 70, actualP90: 86, late: 1 },
    heatmap: Array.from({ length: 7 }, (_, d) =>
      Array.from({ length: 24 }, (_, h) => (d === 4 && h === 9 ? orders : 0)),
    ),
    days: [{ day: '2026-11-20', orders, revenue }],
    topProducts: [{ productId: 'p1', name: 'Калифорния с крабом', amount: 3, revenue: 1200 }],
    topCoupons: [{ code: 'SALE10', orders: 2, discount: 150 }],
    rating: null,
  });
}

function dashboardServer(me: StaffMember) {
  let current = figures(3600, 3);
  const server = new FakeServer()
    .on(adminMe, () => ({ body: me }))
    .on(adminListCities, () => ({ body: { cities: CITIES } }))
    .on(adminListRestaurants, () => ({ body: { restaurants: RESTAURANTS } }))
    .on(adminDashboard, () => ({ body: current }))
    .on(adminListOrders, () => ({ body: { orders: [], total: 0 } }))
    .on(adminIntegration, () => ({ status: 403, body: { message: 'нет' } }));
  return { server, set: (next: Dashboard) => void (current = next) };
}

const card = (name: string) => {
  const el = document.querySelector(`[data-figure="${name}"]`);
  if (!el) throw new Error(`no card ${name}`);
  return el.textContent ?? '';
};

afterEach(() => {
  vi.useRealTimers();
});

describe('the dashboard', () => {
  it('is a manager’s first screen, with revenue, orders and average check in roubles', async () => {
    const { server } = dashboardServer(manager);
    const app = setupAdmin({ path: '/admin', session: MANAGER_SESSION, server });
    await waitFor(() => expect(app.currentPath()).toBe('/admin/dashboard'));
    await screen.findByRole('heading', { name: 'Сводка' });
    await waitFor(() => expect(card('revenue')).toContain(rub(3600)));
    expect(card('orders')).toContain('3');
    expect(card('average')).toContain(rub(1200));
    expect(card('new')).toContain('2');
    expect(card('returning')).toContain('1');
    expect(card('rating')).toContain('оценок пока нет');
    expect(screen.getByRole('table', { name: 'Причины отмен' }).textContent).toContain('Клиент передумал');
    expect(screen.getByRole('table', { name: 'Время доставки' }).textContent).toContain('65');
    expect(screen.getByRole('table', { name: 'Популярные товары' }).textContent).toContain('Калифорния с крабом');
    expect(screen.getByRole('table', { name: 'Промокоды' }).textContent).toContain('SALE10');
    const heatmap = screen.getByRole('table', { name: 'Заказы по дням недели и часам' });
    expect(heatmap.querySelectorAll('td[data-count="3"]')).toHaveLength(1);
    const nav = screen.getByRole('navigation', { name: 'Разделы панели управления' });
    expect(within(nav).getByText('Сводка')).toBeTruthy();
    expect(within(nav).queryByText('Настройки')).toBeNull();
    expect(within(nav).queryByText('Журнал действий')).toBeNull();
    expect(server.calls(adminDashboard)[0]?.query.get('period')).toBe('today');
  });

  it('shows each figure table row by row: the name, then its figures right-aligned under their heads', async () => {
    const { server } = dashboardServer(manager);
    setupAdmin({ path: '/admin/dashboard', session: MANAGER_SESSION, server });
    await waitFor(() => expect(card('revenue')).toContain(rub(3600)));
    // Each cell as its text, a right-aligned (figure) cell marked with a leading '#'.
    const cells = (name: string) =>
      Array.from(screen.getByRole('table', { name }).querySelectorAll('tr'), (tr) =>
        Array.from(tr.children, (c) => (c.className === '' ? '' : '#') + (c.textContent ?? '')),
      );
    const pct = (n: number) => new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 1 }).format(n);
    expect(cells('Оплата')).toEqual([
      ['Способ', '#Заказы', '#Доля', '#Сумма'],
      ['Наличными', '#1', `#${pct(1 / 3)}`, `#${rub(1000)}`],
      ['Картой курьеру', '#0', `#${pct(0)}`, `#${rub(0)}`],
      ['Картой онлайн', '#2', `#${pct(2 / 3)}`, `#${rub(2600)}`],
      ['СБП', '#0', `#${pct(0)}`, `#${rub(0)}`],
    ]);
    expect(cells('Причины отмен')).toEqual([
      ['Причина', '#Заказы'],
      ['Клиент передумал', '#1'],
    ]);
    expect(cells('Время доставки')).toEqual([
      ['', '#Медиана', '#90%'],
      ['Обещано', '#65 мин', '#69 мин'],
      ['Доставлено', '#70 мин', '#86 мин'],
    ]);
    expect(cells('Популярные товары')).toEqual([
      ['Товар', '#Шт.', '#Сумма'],
      ['Калифорния с крабом', '#3', `#${rub(1200)}`],
    ]);
    expect(cells('Промокоды')).toEqual([
      ['Код', '#Заказы', '#Скидка'],
      ['SALE10', '#2', `#${rub(150)}`],
    ]);
  });

  it('sends the period, the city and the restaurant; a custom period waits for both days', async () => {
    const { server } = dashboardServer(manager);
    setupAdmin({ path: '/admin/dashboard', session: MANAGER_SESSION, server });
    await waitFor(() => expect(card('revenue')).toContain(rub(3600)));
    await screen.findByRole('option', { name: 'Ангарск' });
    fireEvent.click(screen.getByRole('tab', { name: 'Вчера' }));
    await waitFor(() => expect(server.calls(adminDashboard).at(-1)?.query.get('period')).toBe('yesterday'));
    fireEvent.change(screen.getByLabelText('Город'), { target: { value: 'angarsk' } });
    await waitFor(() => expect(server.calls(adminDashboard).at(-1)?.query.get('cityId')).toBe('angarsk'));
    fireEvent.change(screen.getByLabelText('Ресторан'), { target: { value: 'rest-a' } });
    await waitFor(() => expect(server.calls(adminDashboard).at(-1)?.query.get('deliveryTerminalId')).toBe('rest-a'));
    const before = server.calls(adminDashboard).length;
    fireEvent.click(screen.getByRole('tab', { name: 'Период' }));
    fireEvent.change(screen.getByLabelText('С даты'), { target: { value: '2026-11-01' } });
    expect(screen.getByText('Выберите первый и последний день периода.')).toBeTruthy();
    expect(server.calls(adminDashboard)).toHaveLength(before);
    fireEvent.change(screen.getByLabelText('По дату'), { target: { value: '2026-11-15' } });
    await waitFor(() =>
      expect(server.calls(adminDashboard).at(-1)?.query.toString()).toBe(
        'period=custom&from=2026-11-01&to=2026-11-15&cityId=angarsk&deliveryTerminalId=rest-a',
      ),
    );
  });

  it('re-reads the figures once after a burst of live order events', async () => {
    const { server, set } = dashboardServer(manager);
    const app = setupAdmin({ path: '/admin/dashboard', session: MANAGER_SESSION, server });
    await waitFor(() => expect(card('revenue')).toContain(rub(3600)));
    const socket = app.sockets[0];
    if (!socket) throw new Error('no staff socket');
    act(() => socket.open());
    set(figures(5600, 4));
    const before = server.calls(adminDashboard).length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const event = staffOrderEvent('order:new', { orderId: 'o9', number: 109, total: 2000 });
    act(() => {
      socket.push(event);
      socket.push({ ...event, orderId: 'o10', number: 110 });
      socket.push({ ...event, type: 'order:updated', status: 'WaitCooking' });
    });
    act(() => {
      vi.advanceTimersByTime(LIVE_REFRESH_MS - 1);
    });
    expect(server.calls(adminDashboard)).toHaveLength(before);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await waitFor(() => expect(card('revenue')).toContain(rub(5600)));
    expect(server.calls(adminDashboard)).toHaveLength(before + 1);
  });

  it('an operator has no dashboard: not in the navigation, /admin opens the orders', async () => {
    const { server } = dashboardServer(staffMember('operator'));
    const app = setupAdmin({ path: '/admin', session: OPERATOR_SESSION, server });
    await waitFor(() => expect(app.currentPath()).toBe('/admin/orders'));
    const nav = screen.getByRole('navigation', { name: 'Разделы панели управления' });
    expect(within(nav).queryByText('Сводка')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Выгрузить в CSV' })).toBeNull();
  });
});

describe('the CSV export button', () => {
  it('downloads the orders with the list’s filters; a refusal shows the server’s message', async () => {
    const { server } = dashboardServer(manager);
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:orders';
    });
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    let refuse = false;
    server.on(adminExportOrders, () =>
      refuse
        ? { status: 403, body: { message: 'Раздел доступен только менеджеру и администратору' } }
        : { body: 'Номер;Дата' },
    );
    setupAdmin({ path: '/admin/orders', session: MANAGER_SESSION, server });
    await screen.findByRole('option', { name: 'Ангарск' });
    fireEvent.change(screen.getByLabelText('Город'), { target: { value: 'angarsk' } });
    await waitFor(() => expect(server.calls(adminListOrders).at(-1)?.query.get('cityId')).toBe('angarsk'));
    fireEvent.click(await screen.findByRole('button', { name: 'Выгрузить в CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const request = server.calls(adminExportOrders)[0];
    expect(request?.query.get('cityId')).toBe('angarsk');
    expect(request?.query.has('limit')).toBe(false);
    expect(request?.headers.authorization).toBe('Bearer st_manager');
    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Выгрузить в CSV' }));
    expect(await screen.findByText('Раздел доступен только менеджеру и администратору')).toBeTruthy();
  });
});
