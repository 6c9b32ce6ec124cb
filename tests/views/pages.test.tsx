// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NEVER, throwError } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createStore } from '../../src/commands/bus';
import { decide } from '../../src/commands/decide';
import { ErrorBoundary, statusOf } from '../../src/views/app/ErrorBoundary';
import { CHUNK_RELOAD_FLAG, loadWithReload } from '../../src/views/app/lazyPage';
import { headerOffset, scrollPlan } from '../../src/views/app/scroll';
import { StoreProvider } from '../../src/views/app/store';
import { ErrorPage } from '../../src/views/pages/ErrorPage';
import { parseBody } from '../../src/views/pages/InfoPage';
import { ANGARSK } from '../fixtures/settings';
import { readyState } from '../fixtures/state';
import { failure } from '../effects/helpers';
import { fakePage, later, setup } from './helpers';

function Boom(): never {
  throw Object.assign(new Error('gone'), { status: 503 });
}

function renderIsolated(node: React.ReactNode) {
  const store = createStore({
    decide,
    initial: readyState(),
    deps: { now: () => '2026-11-23T06:00:00.000Z', newId: () => 'x' },
  });
  return render(
    <StoreProvider store={store}>
      <Router hook={memoryLocation({ path: '/angarsk/about' }).hook}>{node}</Router>
    </StoreProvider>,
  );
}

describe('error and 404 pages (PRODUCT.md §2, §8)', () => {
  it.each(['/angarsk/nowhere', '/no/such/page', '/moscow/about', '/catalog/a/b/c'])(
    "an unknown route %s gives 404 'This page could not be found'",
    async (path) => {
      setup({ path });
      expect(await screen.findByText('This page could not be found')).toBeTruthy();
      expect(screen.getByText('404')).toBeTruthy();
    },
  );

  it("the error page shows the status, 'Что-то пошло не так' and 'Вернуться на главную' leading home", () => {
    renderIsolated(<ErrorPage status={503} />);
    expect(screen.getByText('503')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Что-то пошло не так' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Вернуться на главную' }).getAttribute('href')).toBe('/angarsk');
  });

  it('a render error shows the error page with the error status (default 500)', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderIsolated(
      <ErrorBoundary resetKey="a">
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByText('503')).toBeTruthy();
    expect(screen.getByText('Что-то пошло не так')).toBeTruthy();
    expect(statusOf(new Error('x'))).toBe(500);
    expect(statusOf({ statusCode: 404 })).toBe(404);
    spy.mockRestore();
  });

  it('a plain route without the city prefix renders its page', async () => {
    setup({ path: '/about' });
    expect(await screen.findByRole('heading', { name: 'Страница about' })).toBeTruthy();
  });
});

describe('lazy chunks (PRODUCT.md §8 "A failed chunk load reloads the page")', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
  };

  it('the first failure reloads the page once; the second reaches the error page', async () => {
    const storage = memory();
    const reload = vi.fn();
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    void loadWithReload(failing, { storage, reload });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(storage.getItem(CHUNK_RELOAD_FLAG)).toBe('1');
    await expect(loadWithReload(failing, { storage, reload })).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a successful load clears the flag', async () => {
    const storage = memory();
    storage.setItem(CHUNK_RELOAD_FLAG, '1');
    await expect(loadWithReload(async () => 'module', { storage, reload: vi.fn() })).resolves.toBe('module');
    expect(storage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
  });
});

describe('scroll after navigation (PRODUCT.md §2, §9)', () => {
  it('#top-of-catalog: header base 92 scaled by the screen width, capped at 576, after 500 ms', () => {
    expect(headerOffset(288)).toBe(46);
    expect(headerOffset(576)).toBe(92);
    expect(headerOffset(1280)).toBe(92);
    expect(scrollPlan('#top-of-catalog', 1280)).toEqual({
      kind: 'element',
      id: 'top-of-catalog',
      offset: 92,
      delayMs: 500,
    });
  });

  it('any other hash: 100 px offset after 500 ms; no hash: the top', () => {
    expect(scrollPlan('#section-rolls', 375)).toEqual({
      kind: 'element',
      id: 'section-rolls',
      offset: 100,
      delayMs: 500,
    });
    expect(scrollPlan('', 375)).toEqual({ kind: 'top' });
  });
});

describe('informational pages', () => {
  it('render the page body as text: headings, lists, paragraphs', async () => {
    setup({ path: '/angarsk/delivery' });
    expect(await screen.findByRole('heading', { name: 'Страница delivery', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Заголовок', level: 2 })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain('один');
    expect(parseBody('<b>x</b>')).toEqual([{ kind: 'paragraph', text: '<b>x</b>' }]);
  });

  it('dispatch LoadPage and render the title and body from the store once the API answered', async () => {
    const app = setup({
      path: '/angarsk/about',
      api: {
        getPage: (slug, cityId) =>
          later({ ...fakePage(slug, cityId), title: 'О компании', body: 'Мы готовим роллы с 2010 года.' }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'О компании', level: 1 })).toBeTruthy();
    expect(screen.getByText('Мы готовим роллы с 2010 года.')).toBeTruthy();
    expect(app.commands).toContainEqual({ type: 'LoadPage', data: { slug: 'about', cityId: ANGARSK.id } });
    expect(app.apiCalls).toEqual([{ method: 'getPage', args: ['about', ANGARSK.id] }]);
    const entry = app.store.getState().page.entries[`about/${ANGARSK.id}`];
    expect(entry?.status === 'loaded' ? entry.page.title : null).toBe('О компании');
  });

  it('an unknown page (404) shows the error page with 404', async () => {
    setup({ path: '/angarsk/legal', api: { getPage: () => throwError(() => failure(404, 'Страница не найдена')) } });
    expect(await screen.findByText('Что-то пошло не так')).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
  });

  it('a failure with no HTTP answer shows the error page with 500', async () => {
    setup({ path: '/angarsk/legal', api: { getPage: () => throwError(() => failure(0)) } });
    expect(await screen.findByText('Что-то пошло не так')).toBeTruthy();
    expect(screen.getByText('500')).toBeTruthy();
  });

  it('a page loaded before shows on a revisit while it is asked for again, with no loader', async () => {
    const asked: string[] = [];
    // The second request for a page never answers: what shows then comes from the store.
    const getPage = (slug: string, cityId: string) => {
      const again = asked.includes(slug);
      asked.push(slug);
      return again ? NEVER : later(fakePage(slug, cityId));
    };
    const app = setup({ path: '/angarsk/rule', api: { getPage } });
    expect(await screen.findByRole('heading', { name: 'Страница rule', level: 1 })).toBeTruthy();
    act(() => app.location.navigate('/angarsk/legal'));
    expect(await screen.findByRole('heading', { name: 'Страница legal', level: 1 })).toBeTruthy();
    act(() => app.location.navigate('/angarsk/rule'));
    // The heading shows when the fade-in commits; LoadPage goes out from InfoPage's passive
    // effect, which React runs in a later task. So wait for the request itself, then check
    // that the page stays shown while it is pending.
    await waitFor(() => expect(asked).toEqual(['rule', 'legal', 'rule']));
    expect(screen.getByRole('heading', { name: 'Страница rule', level: 1 })).toBeTruthy();
    expect(screen.queryByText('Загрузка…')).toBeNull();
    expect(app.store.getState().page.entries[`rule/${ANGARSK.id}`]?.status).toBe('loaded');
  });
});

describe('header', () => {
  it('the city name opens the city modal', async () => {
    const app = setup({ path: '/angarsk/about' });
    fireEvent.click(screen.getByRole('button', { name: /выбрать город/ }));
    expect(app.commands).toContainEqual({ type: 'OpenModal', data: { modal: { kind: 'city' } } });
    expect(await screen.findByRole('dialog', { name: 'Выберите свой город' })).toBeTruthy();
  });
});

describe('image preloading (PRODUCT.md §9)', () => {
  it('batches of 5 pictures at width 200, webp, quality 80, each picture once', async () => {
    const { preloadBatches, PRELOAD_START_MS, PRELOAD_GAP_MS } = await import('../../src/views/app/preload');
    const urls = [
      '/img/a.svg',
      '/img/b.svg',
      null,
      '/img/c.svg',
      '/img/d.svg',
      '/img/e.svg',
      '/img/f.svg',
      '/img/a.svg',
    ];
    const batches = preloadBatches(urls);
    expect(batches.map((b) => b.length)).toEqual([5, 1]);
    expect(batches[0]?.[0]).toBe('/img/a.svg?w=200&format=webp&q=80');
    expect([PRELOAD_START_MS, PRELOAD_GAP_MS]).toEqual([3000, 1000]);
  });
});
