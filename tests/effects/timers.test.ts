// Versions every 60 s, page age every 60 s, balance every 120 s, highlight 1 s (PRODUCT.md §9).
import { BehaviorSubject, NEVER, of, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { AppCommand } from '../../src/commands';
import type { AppEvent } from '../../src/events';
import type { EventEnvelope } from '../../src/effects/deps';
import { balancePolling$ } from '../../src/effects/balance';
import { highlight$ } from '../../src/effects/highlight';
import { pageAge$ } from '../../src/effects/pageAge';
import { versionChecks$ } from '../../src/effects/versions';
import type { AppState } from '../../src/projections/store';
import { envelope, failure, fakeApi, fakeDeps } from './helpers';
import { signedIn, signedOut, USER } from './state';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const CHECK_PAGE_AGE: AppCommand = { type: 'CheckPageAge', data: {} };
const versionChanged = (kind: 'catalog' | 'settings' | 'store' | 'mobileApp', previous: string | null): AppEvent => ({
  type: 'VersionChanged',
  data: { kind, version: 'v2', previous },
});

describe('version checks every 60 s (PRODUCT.md §9)', () => {
  it('checks at once and then every 60 s, sending every answered version', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      const { api } = fakeApi({
        getCatalogVersion: () => cold('10ms v|', { v: 'c1' }),
        getSettingsVersion: () => cold('5ms v|', { v: 's1' }),
        getStoreVersion: () => of('1'),
        getMobileAppVersion: () => of('1'),
      });
      const check: AppCommand = {
        type: 'CheckVersions',
        data: { catalogVersion: 'c1', settingsVersion: 's1', storeVersion: '1', mobileAppVersion: '1' },
      };
      const result = versionChecks$()(NEVER, NEVER, fakeDeps(api).deps);
      expectObservable(result, '^ 130s !').toBe('10ms a 59999ms a 59999ms a', { a: check });
    });
  });

  it('a failed version call is only logged: the others are still sent, and the next minute checks again', () => {
    newScheduler().run(({ cold, expectObservable, flush }) => {
      let settingsCalls = 0;
      const { api } = fakeApi({
        getCatalogVersion: () => of('c1'),
        getSettingsVersion: () => (++settingsCalls === 1 ? cold('1ms #', undefined, failure(500)) : of('s2')),
        getStoreVersion: () => cold('1ms #', undefined, failure(0)),
        getMobileAppVersion: () => of('1'),
      });
      const { deps, recorded } = fakeDeps(api);
      const result = versionChecks$()(NEVER, NEVER, deps);
      expectObservable(result, '^ 61s !').toBe('1ms a 59999ms b', {
        a: { type: 'CheckVersions', data: { catalogVersion: 'c1', mobileAppVersion: '1' } },
        b: { type: 'CheckVersions', data: { catalogVersion: 'c1', settingsVersion: 's2', mobileAppVersion: '1' } },
      });
      flush();
      expect(recorded.warnings).toEqual([
        'version check failed: settings',
        'version check failed: store',
        'version check failed: store',
      ]);
    });
  });

  it('sends nothing when every call fails, and a hanging call times out instead of blocking the next check', () => {
    newScheduler().run(({ cold, expectObservable }) => {
      let calls = 0;
      const { api } = fakeApi({
        getCatalogVersion: () => (++calls === 1 ? cold('-') : of('c2')),
        getSettingsVersion: () => cold('#', undefined, failure(503)),
        getStoreVersion: () => cold('#', undefined, failure(503)),
        getMobileAppVersion: () => cold('#', undefined, failure(503)),
      });
      const result = versionChecks$({ timeoutMs: 30_000 })(NEVER, NEVER, fakeDeps(api).deps);
      // 0: catalogue hangs, times out at 30 s, nothing answered → nothing sent; 60 s: c2.
      expectObservable(result, '^ 61s !').toBe('60s a', {
        a: { type: 'CheckVersions', data: { catalogVersion: 'c2' } },
      });
    });
  });

  it('a changed catalogue version reloads the catalogue, settings reload settings, store reloads the page', () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }) => {
      const never = () => cold<string>('#', undefined, failure(503));
      const { api } = fakeApi({
        getCatalogVersion: never,
        getSettingsVersion: never,
        getStoreVersion: never,
        getMobileAppVersion: never,
      });
      const { deps, recorded } = fakeDeps(api);
      const event$ = hot<EventEnvelope>('1s a 1s b 1s c 1s d 1s e', {
        a: envelope(versionChanged('catalog', 'v1')),
        b: envelope(versionChanged('settings', 'v1')),
        c: envelope(versionChanged('store', 'v1')),
        d: envelope(versionChanged('mobileApp', '1')),
        // The first value seen (previous null) is no change.
        e: envelope(versionChanged('catalog', null), versionChanged('store', null)),
      });
      const result = versionChecks$()(event$, NEVER, deps);
      expectObservable(result, '^ 10s !').toBe('1s a 1s b', {
        a: { type: 'StartCatalogLoad', data: {} },
        b: { type: 'StartSettingsLoad', data: {} },
      });
      flush();
      expect(recorded.reloads).toBe(1);
    });
  });
});

describe('page age (PRODUCT.md §9: reload after 24 h, checked every 60 s)', () => {
  it('sends CheckPageAge every 60 s; PageExpired reloads the page once and stops the checks', () => {
    newScheduler().run(({ hot, expectObservable, flush }) => {
      const { deps, recorded } = fakeDeps(fakeApi({}).api);
      const event$ = hot<EventEnvelope>('150s e 10s e', {
        e: envelope({ type: 'PageExpired', data: { openedAt: '2026-11-22T06:00:00.000Z' } }),
      });
      expectObservable(pageAge$()(event$, NEVER, deps), '^ 1440m !').toBe('60s c 59999ms c 29999ms |', {
        c: CHECK_PAGE_AGE,
      });
      flush();
      expect(recorded.reloads).toBe(1);
    });
  });
});

describe('balance polling (PRODUCT.md §9: every 120 s while signed in)', () => {
  const balance = (n: number): AppCommand => ({ type: 'ApplyBalance', data: { balance: n } });

  it('polls every 120 s while signed in and stops at sign-out', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const { api } = fakeApi({ getBalance: () => cold('10ms b|', { b: 700 }) });
      const state$ = hot<AppState>('s 300s o', { s: signedIn(), o: signedOut() });
      const result = balancePolling$()(NEVER, state$, fakeDeps(api).deps);
      expectObservable(result, '^ 10m !').toBe('120010ms b 119999ms b', { b: balance(700) });
    });
  });

  it('does not poll while signed out', () => {
    newScheduler().run(({ hot, expectObservable }) => {
      const { api } = fakeApi({});
      const result = balancePolling$()(NEVER, hot<AppState>('s', { s: signedOut() }), fakeDeps(api).deps);
      expectObservable(result, '^ 10m !').toBe('');
    });
  });

  it('a failure is only logged and the polling goes on; a 401 expires the session', () => {
    newScheduler().run(({ cold, expectObservable, flush }) => {
      const answers: Observable<number>[] = [
        cold('1ms #', undefined, failure(500)),
        cold('1ms b|', { b: 800 }),
        cold('1ms #', undefined, failure(401)),
      ];
      const { api, calls } = fakeApi({ getBalance: () => answers.shift() ?? NEVER });
      const { deps, recorded } = fakeDeps(api);
      const result = balancePolling$()(NEVER, new BehaviorSubject(signedIn()), deps);
      expectObservable(result, '^ 361s !').toBe('240001ms b 119999ms x', {
        b: balance(800),
        x: { type: 'ExpireSession', data: {} },
      });
      flush();
      expect(recorded.warnings).toEqual(['balance poll failed', 'balance poll failed']);
      expect(calls[0]?.args).toEqual([USER.phone]);
    });
  });
});

describe('last-added highlight (PRODUCT.md §9: 1 s)', () => {
  it('clears the highlight 1 s later; a newer highlight restarts the second', () => {
    newScheduler().run(({ hot, expectObservable }) => {
      const lit = (lineId: string) => envelope({ type: 'LineHighlighted', data: { lineId } });
      const event$ = hot<EventEnvelope>('a 2s b 499ms c', { a: lit('l1'), b: lit('l2'), c: lit('l3') });
      expectObservable(highlight$()(event$, NEVER, fakeDeps(fakeApi({}).api).deps), '^ 10s !').toBe('1s x 2500ms z', {
        x: { type: 'ClearHighlight', data: { lineId: 'l1' } },
        z: { type: 'ClearHighlight', data: { lineId: 'l3' } },
      });
    });
  });
});
