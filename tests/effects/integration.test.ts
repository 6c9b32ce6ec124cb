// Effects wired to the real store (src/commands/bus.ts) with runEffects, on virtual time: the
// Russian texts the deciders show for what the effects report (PRODUCT.md §8), the 24 h page age and
// the 60 s version checks (PRODUCT.md §9), and a whole boot through rootEffect.
import { of, throwError, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { PromoResponse } from '../../src/api/entities';
import type { StorefrontApi } from '../../src/api/storefrontApi';
import { createStore, type Store } from '../../src/commands/bus';
import { decide } from '../../src/commands/decide';
import type { AppCommand } from '../../src/commands';
import type { Effect } from '../../src/effects/deps';
import { createRootEffect, runEffects } from '../../src/effects';
import { lazyEffects } from '../../src/views/app/lazyAreas';
import { afterFirstPaint$ } from '../../src/effects/afterFirstPaint';
import { likes$ } from '../../src/effects/likes';
import { pageAge$ } from '../../src/effects/pageAge';
import { promoRecalc$ } from '../../src/effects/promo';
import { versionChecks$ } from '../../src/effects/versions';
import { initialCatalog } from '../../src/projections/catalog';
import { initialCity } from '../../src/projections/city';
import { initialSetting } from '../../src/projections/setting';
import type { AppState } from '../../src/projections/store';
import { initialView } from '../../src/projections/view';
import { catalog, PRODUCT } from '../fixtures/catalog';
import { cities, settings } from '../fixtures/settings';
import { failure, fakeApi, fakeDeps, type Recorded } from './helpers';
import { signedIn, signedInWithCart, signedOut } from './state';

const T0 = '2026-11-23T00:00:00.000Z'; // SessionStarted.openedAt of the fixture state

type World = {
  ts: TestScheduler;
  store: Store;
  recorded: Recorded;
  reloadsAt: number[];
  dispatch(c: AppCommand): void;
};

/** Runs `effect` against a real store on virtual time for `forMs`, then hands over for assertions. */
function world(
  initial: AppState,
  api: Partial<StorefrontApi>,
  effect: Effect,
  forMs: number,
  act: (w: World) => void = () => undefined,
): World {
  const ts = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
  let result: World | undefined;
  ts.run(({ flush }) => {
    const now = () => new Date(Date.parse(T0) + ts.now()).toISOString();
    let id = 0;
    const store = createStore({ decide, initial, deps: { now, newId: () => `c${++id}` } });
    const { deps, recorded } = fakeDeps(fakeApi(api).api, { now });
    const reloadsAt: number[] = [];
    deps.location.reload = () => {
      recorded.reloads++;
      reloadsAt.push(ts.now());
    };
    const sub = runEffects(store, deps, effect);
    ts.schedule(() => sub.unsubscribe(), forMs);
    const w: World = { ts, store, recorded, reloadsAt, dispatch: (c) => store.dispatch(c) };
    act(w);
    flush();
    result = w;
  });
  if (result === undefined) throw new Error('run did not complete');
  return result;
}

const toastTexts = (s: AppState): string[] => s.view.toasts.map((t) => t.text);
const at = (ms: number, w: World, command: AppCommand) => w.ts.schedule(() => w.dispatch(command), ms);

describe('PRODUCT.md §8 texts through the real store', () => {
  const promoFails = (error: unknown): Partial<StorefrontApi> => ({
    promo: (): Observable<PromoResponse> => throwError(() => error),
  });

  it("a 401 while signed in logs the user out with 'Ваша сессия авторизации истекла. Пожалуйста, перелогиньтесь для продолжения работы.'", () => {
    const w = world(signedInWithCart(), promoFails(failure(401)), promoRecalc$({ debounceMs: 10 }), 1000, (w) =>
      at(5, w, { type: 'ApplyCoupon', data: { coupon: 'SALE10' } }),
    );
    const state = w.store.getState();
    expect(state.auth.token).toBeNull();
    expect(state.user.profile).toBeNull();
    expect(toastTexts(state)).toContain(
      'Ваша сессия авторизации истекла. Пожалуйста, перелогиньтесь для продолжения работы.',
    );
  });

  it("a 422 shows the server's message; a 403 without one shows 'Произошла ошибка при запросе'", () => {
    const refused = world(
      signedInWithCart(),
      promoFails(failure(422, 'Купон не найден')),
      promoRecalc$({ debounceMs: 10 }),
      1000,
      (w) => at(5, w, { type: 'ApplyCoupon', data: { coupon: 'NOPE' } }),
    );
    expect(toastTexts(refused.store.getState())).toEqual(['Купон не найден']);
    expect(refused.store.getState().cart.promo).toEqual({ status: 'failed', message: 'Купон не найден' });
    const forbidden = world(signedInWithCart(), promoFails(failure(403)), promoRecalc$({ debounceMs: 10 }), 1000, (w) =>
      at(5, w, { type: 'ApplyCoupon', data: { coupon: 'NOPE' } }),
    );
    expect(toastTexts(forbidden.store.getState())).toEqual(['Произошла ошибка при запросе']);
  });

  it("a repeat like (409) shows 'Нельзя поставить лайк этому товару повторно'; a failed unlike 'Ошибка сервера. Попробуйте позже'", () => {
    const fails = (error: unknown): Observable<void> => throwError(() => error);
    const w = world(
      signedIn(),
      { like: () => fails(failure(409)), unlike: () => fails(failure(500)) },
      likes$(),
      1000,
      (w) => {
        at(5, w, { type: 'LikeProduct', data: { productId: PRODUCT.phila } });
        at(10, w, { type: 'UnlikeProduct', data: { productId: PRODUCT.phila } });
      },
    );
    expect(toastTexts(w.store.getState())).toEqual([
      'Нельзя поставить лайк этому товару повторно',
      'Ошибка сервера. Попробуйте позже',
    ]);
  });
});

describe('PRODUCT.md §9 timings through the real store', () => {
  it('reloads the page once, at the first 60 s check after 24 h open', () => {
    const day = 24 * 60 * 60 * 1000;
    const w = world(signedIn(), {}, pageAge$(), day + 10 * 60_000);
    // Opened at T0; the check at exactly 24 h is not "more than 24 h"; the next one, 60 s later, is.
    expect(w.reloadsAt).toEqual([day + 60_000]);
    expect(w.store.entries().filter((e) => e.command?.type === 'CheckPageAge')).toHaveLength(1441);
  });

  it("version checks every 60 s: the update-needed flag when the mobile app version is not '1', a page reload when the store version changes", () => {
    let storeVersion = '1';
    const w = world(
      signedIn(),
      {
        getCatalogVersion: () => of('c1'),
        getSettingsVersion: () => of('s1'),
        getStoreVersion: () => of(storeVersion),
        getMobileAppVersion: () => of('2'),
      },
      versionChecks$(),
      200_000,
      (w) => void w.ts.schedule(() => (storeVersion = '2'), 90_000),
    );
    expect(w.store.getState().view.updateNeeded).toBe(true);
    expect(w.reloadsAt).toEqual([120_000]);
  });
});

/** What a first visit's boot asks of the API: settings, cities, catalogue and the four versions. */
const BOOT_API = {
  getSettings: () => of(settings),
  getCities: () => of(cities),
  getCatalog: () => of(catalog),
  getCatalogVersion: () => of('c1'),
  getSettingsVersion: () => of('s1'),
  getStoreVersion: () => of('1'),
  getMobileAppVersion: () => of('1'),
};

describe('rootEffect on the real store', () => {
  it('the first version check runs at boot with the first load: its answer is what a later change is measured against', () => {
    // The browser's root effect: the chunk of the effects loaded after the first paint does not
    // arrive within this virtual-time run, and the baseline must not wait for it (a stop-list
    // change made before the chunk loaded would otherwise be taken as the first value and never
    // reload the catalogue).
    const w = world(
      {
        ...signedOut(),
        setting: initialSetting,
      },
      BOOT_API,
      createRootEffect(lazyEffects()),
      1000,
    );
    expect(w.store.getState().setting.versions).toEqual({ catalog: 'c1', settings: 's1', store: '1', mobileApp: '1' });
  });

  it('boots: settings, cities and catalogue load, the session starts on the default city, the first check records the versions', () => {
    const w = world(
      {
        ...signedIn(),
        // a fresh page: only persisted areas would be there, nothing loaded yet
        setting: initialSetting,
        catalog: initialCatalog,
        city: initialCity,
        view: initialView,
      },
      {
        ...BOOT_API,
        getAddresses: () => of([]),
        getLikes: () => of([]),
        getLastOrder: () => of({ products: [] }),
        getBalance: () => of(500),
      },
      // The account effects come with the chunk loaded after the first paint: given eagerly, so
      // that they run on virtual time (the default chunk would load after this run).
      createRootEffect({ afterFirstPaint: afterFirstPaint$() }),
      1000,
    );
    const state = w.store.getState();
    expect(state.setting.status).toBe('loaded');
    expect(state.catalog.status).toBe('loaded');
    expect(state.city.selectedId).toBe(settings.ANGARSK_ID);
    expect(state.view.openedAt).toBe(T0);
    expect(state.setting.versions).toEqual({ catalog: 'c1', settings: 's1', store: '1', mobileApp: '1' });
    expect(state.modal.stack.map((m) => m.kind)).toContain('city'); // first visit: no cookies
    expect(w.recorded.errors).toEqual([]);
    expect(w.recorded.errors).toEqual([]);
  });
});
