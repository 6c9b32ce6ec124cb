// Rendering the real App over the real store (decide + evolve) with a memory location, and
// recording every dispatched command.
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AppCommand } from '../../src/commands';
import { createStore } from '../../src/commands/bus';
import { decide } from '../../src/commands/decide';
import type { AppState } from '../../src/projections/store';
import { App } from '../../src/views/app/App';
import { ServicesProvider, type ViewServices } from '../../src/views/app/services';
import { StoreProvider, type ViewStore } from '../../src/views/app/store';
import { NOW } from '../fixtures/settings';
import { readyState } from '../fixtures/state';

// Lazy page and modal chunks are transformed on first use: allow for it.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
  document.body.className = '';
});

// jsdom has no layout: scrolling is a no-op here.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

export const fakeServices: ViewServices = {
  loadPage: async (slug, cityId) => ({
    slug,
    cityId,
    title: `Страница ${slug}`,
    body: '## Заголовок\n\nПервый абзац.\n\n- один\n- два',
    updatedAt: '2026-11-23T00:00:00.000Z',
  }),
  loadHistory: async () => [],
};

export type Setup = {
  path?: string;
  state?: AppState;
  now?: string;
  services?: ViewServices;
};

export function setup({ path = '/angarsk', state = readyState(), now = NOW.mondayAfternoon, services = fakeServices }: Setup = {}) {
  let n = 0;
  const store = createStore({ decide, initial: state, deps: { now: () => now, newId: () => `id-${++n}` } });
  const commands: AppCommand[] = [];
  const viewStore: ViewStore = {
    getState: store.getState,
    subscribe: store.subscribe,
    now: store.now,
    dispatch: (command) => {
      commands.push(command);
      store.dispatch(command);
    },
  };
  const location = memoryLocation({ path, record: true });
  const utils = render(
    <StoreProvider store={viewStore}>
      <ServicesProvider services={services}>
        <Router hook={location.hook}>
          <App />
        </Router>
      </ServicesProvider>
    </StoreProvider>,
  );
  const path$ = () => location.history.at(-1);
  return { ...utils, store, commands, location, currentPath: path$ };
}

/** Text with no-break spaces read as plain spaces. */
export const plain = (text: string | null | undefined): string => (text ?? '').replace(/[\u00A0\u202F]/g, ' ');

/**
 * The menu card of a product, once rendered: the menu shows its sections one step at a time
 * (src/views/app/reveal.ts), so a card of a later section appears a moment after the page.
 */
export async function findCard(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const card = screen.getAllByTestId('product-card').find((c) => within(c).queryByRole('heading', { name }) !== null);
    if (card === undefined) throw new Error(`no card ${name}`);
    return card;
  });
}
