// Rendering the real App over the real store (decide + evolve) with a memory location, and
// recording every dispatched command. The effects of the pages' own data (informational pages,
// order history) run over a fake API (tests/effects/helpers.ts `fakeApi`): a view dispatches,
// the effect calls the fake, its answer goes through the core into the state the view shows.
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { defer, merge, type Observable, type Subscription } from 'rxjs';
import { afterEach, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Page } from '../../src/api/contract/pages';
import type { StorefrontApi } from '../../src/api/storefrontApi';
import type { AppCommand } from '../../src/commands';
import { createStore } from '../../src/commands/bus';
import { decide } from '../../src/commands/decide';
import { runEffects } from '../../src/effects';
import { followOrderHistory$ } from '../../src/effects/checkout/historyStatus';
import type { OpenSocket } from '../../src/effects/checkout/shared';
import { pages$ } from '../../src/effects/page';
import { orderHistory$ } from '../../src/effects/user';
import type { AppState } from '../../src/projections/store';
import { App } from '../../src/views/app/App';
import { StoreProvider, type ViewStore } from '../../src/views/app/store';
import { fakeApi, fakeDeps, type ApiCall } from '../effects/helpers';
import { NOW } from '../fixtures/settings';
import { readyState } from '../fixtures/state';

// Lazy page and modal chunks are transformed on first use: allow for it.
configure({ asyncUtilTimeout: 8000 });

const running: Subscription[] = [];

afterEach(() => {
  cleanup();
  for (const subscription of running.splice(0)) subscription.unsubscribe();
  document.body.className = '';
});

// jsdom has no layout: scrolling is a no-op here.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

/** An answer that arrives a moment later, as a real one does. */
export const later = <T,>(value: T): Observable<T> => defer(() => Promise.resolve(value));

/** The page the default fake API answers for any slug and city. */
export const fakePage = (slug: string, cityId: string): Page => ({
  slug,
  cityId,
  title: `Страница ${slug}`,
  body: '## Заголовок\n\nПервый абзац.\n\n- один\n- два',
  updatedAt: '2026-11-23T00:00:00.000Z',
});

/** What the default fake API answers: every page exists, the history is empty. */
export const fakePagesApi: Partial<StorefrontApi> = {
  getPage: (slug, cityId) => later(fakePage(slug, cityId)),
  getHistory: () => later({ orders: [], nextBefore: null }),
};

export type Setup = {
  path?: string;
  state?: AppState;
  now?: string;
  /** Stubs over the default fake API (fakePagesApi); a call of anything else fails loudly. */
  api?: Partial<StorefrontApi>;
  /** A fake WebSocket: the history page then follows the order pushes (followOrderHistory$). */
  openSocket?: OpenSocket;
};

export function setup({
  path = '/angarsk',
  state = readyState(),
  now = NOW.mondayAfternoon,
  api = {},
  openSocket,
}: Setup = {}) {
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
  const fake = fakeApi({ ...fakePagesApi, ...api });
  const apiCalls: ApiCall[] = fake.calls;
  running.push(
    runEffects(store, fakeDeps(fake.api).deps, (event$, state$, deps) =>
      merge(
        pages$()(event$, state$, deps),
        orderHistory$()(event$, state$, deps),
        followOrderHistory$(openSocket === undefined ? {} : { openSocket })(event$, state$, deps),
      ),
    ),
  );
  const location = memoryLocation({ path, record: true });
  const utils = render(
    <StoreProvider store={viewStore}>
      <Router hook={location.hook}>
        <App />
      </Router>
    </StoreProvider>,
  );
  const path$ = () => location.history.at(-1);
  return { ...utils, store, commands, location, apiCalls, currentPath: path$ };
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
