// @vitest-environment jsdom
// /admin/integration (docs/IIKO.md «In /admin»): the POS at a glance, an order not handed off with
// iiko's reason and «Отправить снова», a terminal that is down, and the errors in Russian.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  adminIntegration,
  adminMapTerminal,
  adminRetryHandoff,
  IntegrationOverview,
} from '../../../src/api/contract/admin/integration';
import { ADMIN_SESSION, setupAdmin } from './helpers';
import { adminAreaServer } from './fixtures';

const OVERVIEW = IntegrationOverview.parse({
  adapter: 'iiko',
  organizationIds: ['org-demo'],
  webhook: true,
  menu: [
    {
      organizationId: 'org-demo',
      revision: 42,
      importedAt: '2026-11-20T05:00:00.000Z',
      checkedAt: '2026-11-20T05:01:00.000Z',
    },
  ],
  stopListsRefreshedAt: '2026-11-20T05:01:00.000Z',
  queueLength: 3,
  failed: [
    {
      orderId: 'order-1',
      number: 1017,
      state: 'failed',
      attempts: 1,
      lastError: 'Продукт не найден в меню терминала',
      createdAt: '2026-11-20T05:00:00.000Z',
    },
  ],
  delayed: [],
  terminals: [
    {
      id: 'tg-1',
      organizationId: 'org-demo',
      name: 'Ангарск, 84-й квартал',
      address: '84-й квартал, 16',
      isAlive: false,
      checkedAt: '2026-11-20T05:01:00.000Z',
      deliveryTerminalId: 'dt-angarsk-1',
      restaurantName: 'Ролл и Пицца на 84-м квартале',
    },
  ],
  restaurants: [{ deliveryTerminalId: 'dt-angarsk-1', name: 'Ролл и Пицца на 84-м квартале' }],
  errors: [
    {
      at: '2026-11-20T05:00:30.000Z',
      area: 'handoff',
      message: 'Заказ не передан на кухню: Продукт не найден в меню терминала',
    },
  ],
});

function server() {
  return adminAreaServer()
    .on(adminIntegration, () => ({ body: OVERVIEW }))
    .on(adminRetryHandoff, () => ({ body: { ok: true } }))
    .on(adminMapTerminal, () => ({ body: { ok: true } }));
}

describe('admin integration page', () => {
  it('shows the revision, the queue, a failed hand-off with its reason, and retries it', async () => {
    const fake = server();
    setupAdmin({ path: '/admin/integration', session: ADMIN_SESSION, server: fake });
    expect(await screen.findByText('Заказ №1017')).toBeTruthy();
    expect(screen.getByText('Причина: Продукт не найден в меню терминала')).toBeTruthy();
    expect(screen.getAllByText('не передан на кухню').length).toBeGreaterThan(0);
    expect(screen.getByText(/iiko Cloud, организация org-demo/)).toBeTruthy();
    expect(screen.getByText(/^42, загружено/)).toBeTruthy();
    expect(screen.getByText('не в сети: ресторан не принимает заказы')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить снова' }));
    await waitFor(() => expect(fake.calls(adminRetryHandoff).map((r) => r.params.orderId)).toEqual(['order-1']));
  });

  it('an admin maps a terminal group to a restaurant', async () => {
    const fake = server();
    setupAdmin({ path: '/admin/integration', session: ADMIN_SESSION, server: fake });
    const select = await screen.findByRole('combobox', { name: 'Ресторан терминала Ангарск, 84-й квартал' });
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() =>
      expect(fake.calls(adminMapTerminal).map((r) => r.body)).toEqual([{ deliveryTerminalId: null }]),
    );
  });
});
