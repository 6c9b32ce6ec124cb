// @vitest-environment jsdom
// The storefront preview of the replay viewer shows what the replayed state holds: an
// informational page and the order history recorded in the log (PageLoaded, OrderHistoryLoaded)
// show without any server, and a page the log never loaded shows its loader; nothing the pages
// dispatch (LoadPage, LoadOrderHistory) reaches anything.
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEvent } from '../../../src/events';
import { StorefrontPreview } from '../../../src/views/admin/replay/StorefrontPreview';
import { order } from '../../commands/checkoutFixtures';
import { ANGARSK } from '../../fixtures/settings';
import { readyState, USER } from '../../fixtures/state';

configure({ asyncUtilTimeout: 8000 });
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
afterEach(() => cleanup());

const recorded: AppEvent[] = [
  { type: 'PageRequested', data: { slug: 'about', cityId: ANGARSK.id } },
  {
    type: 'PageLoaded',
    data: {
      slug: 'about',
      cityId: ANGARSK.id,
      page: {
        slug: 'about',
        cityId: ANGARSK.id,
        title: 'О компании',
        body: 'С 2010 года.',
        updatedAt: '2026-11-20T00:00:00.000Z',
      },
    },
  },
  { type: 'OrderHistoryRequested', data: { phone: USER.phone } },
  { type: 'OrderHistoryLoaded', data: { orders: [order({ id: 'o-977', number: 977 })] } },
];

describe('the storefront preview at a replayed step', () => {
  it('shows the informational page the log recorded', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<StorefrontPreview state={readyState({}, recorded)} initialPath="/angarsk/about" />);
    const box = screen.getByTestId('storefront-preview');
    expect(await within(box).findByRole('heading', { name: 'О компании', level: 1 })).toBeTruthy();
    expect(within(box).getByText('С 2010 года.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('shows the order history the log recorded', async () => {
    render(<StorefrontPreview state={readyState({}, recorded)} initialPath="/angarsk/personal/history" />);
    expect(await within(screen.getByTestId('storefront-preview')).findByText(/Заказ №977 от/)).toBeTruthy();
  });

  it('a page the log never loaded shows its loader, not an error', async () => {
    await import('../../../src/views/pages/InfoPage'); // the page's chunk is there: what shows is the page's own
    render(<StorefrontPreview state={readyState({}, recorded)} initialPath="/angarsk/legal" />);
    const box = screen.getByTestId('storefront-preview');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(within(box).getByText('Загрузка…')).toBeTruthy();
    expect(within(box).queryByText('Что-то пошло не так')).toBeNull();
    expect(within(box).queryByRole('heading', { level: 1 })).toBeNull();
  });
});
