// Boot, settings, cities, catalogue loading and the cart validation that follows it (PRODUCT.md §4).
import { BehaviorSubject, NEVER, of } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { Catalog, City } from '../../src/api/entities';
import type { AppCommand } from '../../src/commands';
import type { AppEvent } from '../../src/events';
import { boot$ } from '../../src/effects/boot';
import { cartValidation$, catalogLoad$ } from '../../src/effects/catalog';
import type { EventEnvelope } from '../../src/effects/deps';
import { settingsLoad$ } from '../../src/effects/setting';
import { evolveAll, initialState } from '../../src/projections/store';
import { catalog } from '../fixtures/catalog';
import { cities, settings } from '../fixtures/settings';
import { envelope, failsThenRecovers, failure, fakeApi, fakeDeps } from './helpers';
import { signedIn } from './state';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const ev = (event: AppEvent) => envelope(event);
const START_SETTINGS: AppCommand = { type: 'StartSettingsLoad', data: {} };
const START_CATALOG: AppCommand = { type: 'StartCatalogLoad', data: {} };
const VALIDATE: AppCommand = { type: 'ValidateCart', data: {} };
const catalogLoaded: AppEvent = { type: 'CatalogLoaded', data: { catalog, version: 'c1' } };

describe('catalogue loading', () => {
  it('CatalogRequested → GET /catalog → ApplyCatalog with the version last seen', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const { api } = fakeApi({ getCatalog: () => cold<Catalog>('20ms c|', { c: catalog }) });
      const state = evolveAll(initialState, [
        { type: 'VersionChanged', data: { kind: 'catalog', version: 'c7', previous: null } },
      ]);
      const event$ = hot<EventEnvelope>('a', { a: ev({ type: 'CatalogRequested', data: {} }) });
      expectObservable(catalogLoad$()(event$, new BehaviorSubject(state), fakeDeps(api).deps), '^ 1s !').toBe(
        '20ms c',
        {
          c: { type: 'ApplyCatalog', data: { catalog, version: 'c7' } },
        },
      );
    });
  });

  it('a failure is ReportCatalogFailure (only logged), and the next request still loads', () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }) => {
      const requested = ev({ type: 'CatalogRequested', data: {} });
      const { event$, answer } = failsThenRecovers({ hot, cold }, requested, failure(500), catalog);
      const { deps, recorded } = fakeDeps(fakeApi({ getCatalog: answer }).api);
      const result = catalogLoad$()(event$, new BehaviorSubject(initialState), deps);
      expectObservable(result, '^ 1s !').toBe('5ms f 9ms c', {
        f: { type: 'ReportCatalogFailure', data: { message: 'Произошла ошибка. Попробуйте позже.' } },
        c: { type: 'ApplyCatalog', data: { catalog, version: null } },
      });
      flush();
      expect(recorded.warnings).toEqual(['catalogue load failed']);
    });
  });
});

describe('catalogue loading while signed in', () => {
  it('a 401 also expires the session (PRODUCT.md §8)', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const { api } = fakeApi({ getCatalog: () => cold<Catalog>('5ms #', undefined, failure(401)) });
      const event$ = hot<EventEnvelope>('a', { a: ev({ type: 'CatalogRequested', data: {} }) });
      expectObservable(catalogLoad$()(event$, new BehaviorSubject(signedIn()), fakeDeps(api).deps), '^ 1s !').toBe(
        '5ms (fx)',
        {
          f: { type: 'ReportCatalogFailure', data: { message: 'Произошла ошибка. Попробуйте позже.' } },
          x: { type: 'ExpireSession', data: {} },
        },
      );
    });
  });
});

describe('cart validation after the catalogue refresh (PRODUCT.md §4 cart init and validation)', () => {
  it('validates the cart after the first catalogue load only', () => {
    newScheduler().run(({ hot, expectObservable }) => {
      const event$ = hot<EventEnvelope>('a 9ms b', { a: ev(catalogLoaded), b: ev(catalogLoaded) });
      expectObservable(cartValidation$()(event$, NEVER, fakeDeps(fakeApi({}).api).deps), '^ 1s !').toBe('v', {
        v: VALIDATE,
      });
    });
  });

  it('on cart init: refresh the catalogue, then validate once it has loaded', () => {
    newScheduler().run(({ hot, expectObservable }) => {
      const event$ = hot<EventEnvelope>('a 99ms b 9ms c 9ms d 9ms e', {
        a: ev(catalogLoaded),
        b: ev({ type: 'CartInitStarted', data: {} }),
        c: ev(catalogLoaded),
        d: ev({ type: 'CartInitStarted', data: {} }),
        e: ev({ type: 'CatalogLoadFailed', data: { message: 'x' } }),
      });
      // A failed refresh validates nothing (the lines cannot be checked against a catalogue we do not have).
      expectObservable(cartValidation$()(event$, NEVER, fakeDeps(fakeApi({}).api).deps), '^ 1s !').toBe(
        'v 99ms s 9ms v 9ms s',
        {
          v: VALIDATE,
          s: START_CATALOG,
        },
      );
    });
  });
});

describe('settings loading', () => {
  it('SettingsRequested → ApplySettings; a failure → ReportSettingsFailure and the effect lives on', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const requested = ev({ type: 'SettingsRequested', data: {} });
      const { event$, answer } = failsThenRecovers(
        { hot, cold },
        requested,
        failure(503, 'Сервис недоступен'),
        settings,
      );
      const result = settingsLoad$()(event$, NEVER, fakeDeps(fakeApi({ getSettings: answer }).api).deps);
      expectObservable(result, '^ 1s !').toBe('5ms f 9ms s', {
        f: { type: 'ReportSettingsFailure', data: { message: 'Сервис недоступен' } },
        s: { type: 'ApplySettings', data: { settings } },
      });
    });
  });
});

describe('boot', () => {
  const session = (cityCookie: string | null, citySelectedCookie: string | null): AppCommand => ({
    type: 'StartSession',
    data: { cityCookie, citySelectedCookie },
  });

  it('loads settings, catalogue and cities, then starts the session with the city cookies', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const { api } = fakeApi({ getCities: () => cold<City[]>('10ms c|', { c: cities }) });
      const { deps } = fakeDeps(api, { cookies: { cityId: 'city-shelekhov', isCitySelected: 'true' } });
      const event$ = hot<EventEnvelope>('30ms s', { s: ev({ type: 'SettingsLoaded', data: { settings } }) });
      expectObservable(boot$()(event$, NEVER, deps), '^ 1s !').toBe('(ab) 6ms c 19ms (d|)', {
        a: START_SETTINGS,
        b: START_CATALOG,
        c: { type: 'ApplyCities', data: { cities } },
        d: session('city-shelekhov', 'true'),
      });
    });
  });

  it('waits for cities when settings came first; starts the session even if both failed (first visit: no cookies)', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const { api } = fakeApi({ getCities: () => cold<City[]>('40ms #', undefined, failure(500)) });
      const event$ = hot<EventEnvelope>('5ms f', { f: ev({ type: 'SettingsLoadFailed', data: { message: 'x' } }) });
      expectObservable(boot$()(event$, NEVER, fakeDeps(api).deps), '^ 1s !').toBe('(ab) 36ms (d|)', {
        a: START_SETTINGS,
        b: START_CATALOG,
        d: session(null, null),
      });
    });
  });

  it('does not miss a settings answer that arrives at once', () => {
    newScheduler().run(({ expectObservable }) => {
      const { api } = fakeApi({ getCities: () => of(cities) });
      const event$ = of(ev({ type: 'SettingsLoaded', data: { settings } }));
      const state$ = new BehaviorSubject(signedIn());
      expectObservable(boot$()(event$, state$, fakeDeps(api).deps)).toBe('(abcd|)', {
        a: START_SETTINGS,
        b: START_CATALOG,
        c: { type: 'ApplyCities', data: { cities } },
        d: session(null, null),
      });
    });
  });
});
