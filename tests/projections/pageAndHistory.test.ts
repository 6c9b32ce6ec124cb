// The page area (informational pages, one entry per page of a city) and the user area's order
// history: what each event does, alone and in the batched replay path (more than
// DRAFT_BATCH_LIMIT events at once), which must agree.
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/contract/pages';
import type { AppEvent } from '../../src/events';
import { evolvePage, initialPage, pageKey } from '../../src/projections/page';
import { DRAFT_BATCH_LIMIT, evolve, evolveAll, initialState } from '../../src/projections/store';
import { evolveUser, initialUser } from '../../src/projections/user';
import { order } from '../commands/checkoutFixtures';
import { USER } from '../fixtures/state';

const page = (slug: string, title: string): Page => ({
  slug,
  cityId: 'c1',
  title,
  body: 'Текст',
  updatedAt: '2026-11-20T00:00:00.000Z',
});
const requested = (slug: string): AppEvent => ({ type: 'PageRequested', data: { slug, cityId: 'c1' } });
const loaded = (slug: string, title: string): AppEvent => ({
  type: 'PageLoaded',
  data: { slug, cityId: 'c1', page: page(slug, title) },
});
const failed = (slug: string, status: number | null): AppEvent => ({
  type: 'PageLoadFailed',
  data: { slug, cityId: 'c1', status, message: 'Страница не найдена' },
});

describe('page projection', () => {
  it('keys entries by slug and city', () => {
    expect(pageKey('about', 'c1')).toBe('about/c1');
    expect(initialPage).toEqual({ entries: {} });
  });

  it('requested → loading, loaded → the page, failed → the HTTP status and message', () => {
    let s = evolvePage(initialPage, requested('about'));
    expect(s.entries['about/c1']).toEqual({ status: 'loading' });
    s = evolvePage(s, loaded('about', 'О компании'));
    expect(s.entries['about/c1']).toEqual({ status: 'loaded', page: page('about', 'О компании') });
    s = evolvePage(evolvePage(s, requested('legal')), failed('legal', 404));
    expect(s.entries['legal/c1']).toEqual({ status: 'failed', httpStatus: 404, message: 'Страница не найдена' });
  });

  it('a loaded page stays loaded while requested again and when that request fails; a new answer replaces it', () => {
    const shown = evolvePage(evolvePage(initialPage, requested('about')), loaded('about', 'О компании'));
    expect(evolvePage(shown, requested('about'))).toBe(shown);
    expect(evolvePage(shown, failed('about', 0))).toBe(shown);
    expect(evolvePage(shown, loaded('about', 'О нас')).entries['about/c1']).toEqual({
      status: 'loaded',
      page: page('about', 'О нас'),
    });
  });

  it('a failed page is loading again when requested again', () => {
    const s = evolvePage(evolvePage(initialPage, failed('about', 500)), requested('about'));
    expect(s.entries['about/c1']).toEqual({ status: 'loading' });
  });

  it('the page area is part of the combined state and only page events touch it', () => {
    expect(initialState.page).toBe(initialPage);
    const s = evolve(initialState, { type: 'ToastDismissed', data: { id: 't' } });
    expect(s.page).toBe(initialState.page);
  });
});

describe('order history projection (PRODUCT.md §3 History)', () => {
  const past = order({ id: 'o1', number: 977 });
  const signedIn = evolveUser(initialUser, { type: 'SignedIn', data: { token: 't', user: USER } });

  it('idle at first; requested → loading; loaded → the orders; failed → failed', () => {
    expect(initialUser.history).toEqual({ status: 'idle', orders: [] });
    const loading = evolveUser(signedIn, { type: 'OrderHistoryRequested', data: { phone: USER.phone } });
    expect(loading.history).toEqual({ status: 'loading', orders: [] });
    expect(evolveUser(loading, { type: 'OrderHistoryLoaded', data: { orders: [past] } }).history).toEqual({
      status: 'loaded',
      orders: [past],
    });
    expect(evolveUser(loading, { type: 'OrderHistoryLoadFailed', data: { message: 'x' } }).history).toEqual({
      status: 'failed',
      orders: [],
    });
  });

  it('loaded orders stay while asked for again and when that fails; LoggedOut forgets them', () => {
    const shown = evolveUser(signedIn, { type: 'OrderHistoryLoaded', data: { orders: [past] } });
    expect(evolveUser(shown, { type: 'OrderHistoryRequested', data: { phone: USER.phone } })).toBe(shown);
    expect(evolveUser(shown, { type: 'OrderHistoryLoadFailed', data: { message: 'x' } })).toBe(shown);
    const out = evolveUser(shown, { type: 'LoggedOut', data: { reason: 'user' } });
    expect(out.history).toEqual({ status: 'idle', orders: [] });
    expect(out.profile).toBeNull();
  });
});

describe('the batched path agrees with one event at a time', () => {
  it(`more than ${DRAFT_BATCH_LIMIT} page and history events`, () => {
    const events: AppEvent[] = [{ type: 'SignedIn', data: { token: 't', user: USER } }];
    for (let i = 0; i < DRAFT_BATCH_LIMIT; i++) {
      const slug = `p${i % 5}`;
      events.push(requested(slug), i % 4 === 3 ? failed(slug, 404) : loaded(slug, `Страница ${i}`));
    }
    events.push(
      { type: 'OrderHistoryRequested', data: { phone: USER.phone } },
      { type: 'OrderHistoryLoaded', data: { orders: [order()] } },
    );
    const batched = evolveAll(initialState, events);
    const single = events.reduce((s, e) => evolve(s, e), initialState);
    expect(batched).toEqual(single);
    expect(batched.page).not.toBe(initialState.page);
    expect(batched.user.history.status).toBe('loaded');
  });
});
