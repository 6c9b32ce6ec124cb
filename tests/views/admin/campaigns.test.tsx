// @vitest-environment jsdom
// Campaigns in the admin client: the filter and text go to the preview, which shows the count and
// the exact message; the channel (SMS or push) is chosen and sent; sending asks first; the list shows progress; operators do not see the screen.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminMe } from '../../../src/api/contract/admin/auth';
import {
  adminCreateCampaign,
  adminListCampaigns,
  adminPreviewCampaign,
  CampaignDraft,
  type Campaign,
} from '../../../src/api/contract/admin/campaigns';
import { adminListCities, adminListRestaurants } from '../../../src/api/contract/admin/settings';
import { FakeServer, MANAGER_SESSION, OPERATOR_SESSION, setupAdmin } from './helpers';
import { CITIES, RESTAURANTS, staffMember } from './fixtures';

const channelOf = (body: unknown) => CampaignDraft.parse(body).channel;
const MESSAGE = 'Скидка 20%\nРеклама. Отказаться от рассылки: https://shop.example/u/xxxxxxxxxxxxxxxx';

function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 'c1',
    channel: 'sms',
    text: 'Скидка 20%',
    filter: { cityId: 'angarsk', minOrders: 2 },
    status: 'sending',
    createdBy: 'boss',
    createdAt: '2026-11-23T03:00:00.000Z',
    finishedAt: null,
    counts: { total: 21, pending: 21, sent: 0, failed: 0, skipped: 0 },
    ...overrides,
  };
}

/** A manager's admin area with its cities, restaurants and these campaigns. */
const campaignsServer = (campaigns: Campaign[]) =>
  new FakeServer()
    .on(adminMe, () => ({ body: staffMember('manager') }))
    .on(adminListCities, () => ({ body: { cities: CITIES } }))
    .on(adminListRestaurants, () => ({ body: { restaurants: RESTAURANTS } }))
    .on(adminListCampaigns, () => ({ body: { campaigns } }));

describe('admin campaigns', () => {
  it('previews the audience and the exact message, asks before sending, and lists the campaign', async () => {
    const campaigns: Campaign[] = [];
    const server = campaignsServer(campaigns)
      .on(adminPreviewCampaign, () => ({ body: { recipients: 21, message: MESSAGE, smsParts: 2 } }))
      .on(adminCreateCampaign, () => {
        campaigns.push(campaign());
        return { body: campaign() };
      });
    setupAdmin({ path: '/admin/campaigns', session: MANAGER_SESSION, server });
    await screen.findByText('Рассылок ещё не было.');
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(1));
    fireEvent.change(screen.getByLabelText('Город'), { target: { value: 'angarsk' } });
    fireEvent.change(screen.getByLabelText('Заказов не меньше'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Текст сообщения'), { target: { value: 'Скидка 20%' } });
    fireEvent.click(screen.getByRole('button', { name: 'Предпросмотр' }));
    const preview = await screen.findByRole('status', { name: 'Предпросмотр рассылки' });
    expect(within(preview).getByText('21 клиент')).toBeTruthy();
    expect(preview.querySelector('pre')?.textContent).toBe(MESSAGE);
    expect(server.calls(adminPreviewCampaign).map((r) => r.body)).toEqual([
      { filter: { cityId: 'angarsk', minOrders: 2 }, text: 'Скидка 20%', channel: 'sms' },
    ]);

    fireEvent.click(within(preview).getByRole('button', { name: 'Отправить' }));
    expect(server.calls(adminCreateCampaign)).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Да, отправить' }));
    const table = await screen.findByRole('table', { name: 'Рассылки' });
    expect(within(table).getByText('0 из 21')).toBeTruthy();
    expect(within(table).getByText('отправляется')).toBeTruthy();
    expect(server.calls(adminCreateCampaign)).toHaveLength(1);
  });

  it('the channel choice: push previews its own audience without SMS parts, and is sent as push', async () => {
    const campaigns: Campaign[] = [];
    const server = campaignsServer(campaigns)
      .on(adminPreviewCampaign, (req) => ({
        body: { recipients: channelOf(req.body) === 'push' ? 3 : 21, message: MESSAGE, smsParts: 2 },
      }))
      .on(adminCreateCampaign, () => {
        campaigns.push(campaign({ channel: 'push', counts: { total: 3, pending: 3, sent: 0, failed: 0, skipped: 0 } }));
        return { body: campaigns[0] as Campaign };
      });
    setupAdmin({ path: '/admin/campaigns', session: MANAGER_SESSION, server });
    await screen.findByText('Рассылок ещё не было.');
    const channel = screen.getByRole('group', { name: 'Канал' });
    expect(within(channel).getByRole<HTMLInputElement>('radio', { name: 'SMS' }).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Текст сообщения'), { target: { value: 'Скидка 20%' } });
    fireEvent.click(screen.getByRole('button', { name: 'Предпросмотр' }));
    let preview = await screen.findByRole('status', { name: 'Предпросмотр рассылки' });
    expect(preview.textContent).toContain('частей SMS: 2');

    // another channel: the old preview is gone, the new one counts push subscribers
    fireEvent.click(within(channel).getByRole('radio', { name: 'Push-уведомление' }));
    expect(screen.queryByRole('status', { name: 'Предпросмотр рассылки' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Предпросмотр' }));
    preview = await screen.findByRole('status', { name: 'Предпросмотр рассылки' });
    expect(within(preview).getByText('3 клиента')).toBeTruthy();
    expect(preview.textContent).not.toContain('частей SMS');
    expect(server.calls(adminPreviewCampaign).map((r) => channelOf(r.body))).toEqual(['sms', 'push']);

    fireEvent.click(within(preview).getByRole('button', { name: 'Отправить' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Да, отправить' }));
    const table = await screen.findByRole('table', { name: 'Рассылки' });
    expect(within(table).getByText('Push-уведомление')).toBeTruthy();
    expect(server.calls(adminCreateCampaign).map((r) => channelOf(r.body))).toEqual(['push']);
  });

  it('operators have no campaigns screen', async () => {
    const server = new FakeServer()
      .on(adminMe, () => ({ body: staffMember('operator') }))
      .on(adminListCities, () => ({ body: { cities: CITIES } }))
      .on(adminListRestaurants, () => ({ body: { restaurants: RESTAURANTS } }));
    setupAdmin({ path: '/admin/orders', session: OPERATOR_SESSION, server });
    const nav = await screen.findByRole('navigation', { name: 'Разделы панели управления' });
    expect(within(nav).queryByRole('link', { name: 'Рассылки' })).toBeNull();
  });
});
