// Background version checks (PRODUCT.md §9): every 60 s the catalogue, settings, store and mobile-app
// versions are fetched and sent as one CheckVersions; the decider records VersionChanged (and
// UpdateNeededFlagged when the mobile app version is not '1'). On a change seen after the first
// value: catalogue → reload the catalogue, settings → reload settings, store → full page reload.
// Failures are only logged, never shown (PRODUCT.md §8).
import {
  asyncScheduler,
  catchError,
  defaultIfEmpty,
  defer,
  EMPTY,
  exhaustMap,
  filter,
  forkJoin,
  map,
  merge,
  mergeMap,
  of,
  take,
  timeout,
  timer,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import type { AppCommand } from '../commands';
import type { VersionKind } from '../events/setting';
import { describeError } from './apiErrors';
import type { Effect, EffectDeps } from './deps';
import { eventsOf, ofType } from './operators';

export type VersionChecksOptions = {
  /** PRODUCT.md §9: 60 s. The first check runs at once (the store version keys persistence). */
  periodMs?: number;
  /** A version call slower than this counts as failed; default: the period. */
  timeoutMs?: number;
  scheduler?: SchedulerLike;
};

export const VERSION_CHECK_PERIOD_MS = 60_000;

type Versions = { catalogVersion?: string; settingsVersion?: string; storeVersion?: string; mobileAppVersion?: string };

/** One check: every call answered or failed (logged); CheckVersions with what answered, or nothing. */
function checkOnce(deps: EffectDeps, timeoutMs: number, scheduler: SchedulerLike): Observable<AppCommand> {
  const attempt = (name: string, call: () => Observable<string>): Observable<string | undefined> =>
    defer(call).pipe(
      take(1),
      timeout({ first: timeoutMs, scheduler }),
      map((version): string | undefined => version),
      defaultIfEmpty(undefined),
      catchError((error: unknown) => {
        deps.logger.warn(`version check failed: ${name}`, describeError(error));
        return of(undefined);
      }),
    );
  return forkJoin({
    catalogVersion: attempt('catalogue', () => deps.api.getCatalogVersion()),
    settingsVersion: attempt('settings', () => deps.api.getSettingsVersion()),
    storeVersion: attempt('store', () => deps.api.getStoreVersion()),
    mobileAppVersion: attempt('mobile app', () => deps.api.getMobileAppVersion()),
  }).pipe(
    mergeMap(({ catalogVersion, settingsVersion, storeVersion, mobileAppVersion }) => {
      const data: Versions = {
        ...(catalogVersion === undefined ? {} : { catalogVersion }),
        ...(settingsVersion === undefined ? {} : { settingsVersion }),
        ...(storeVersion === undefined ? {} : { storeVersion }),
        ...(mobileAppVersion === undefined ? {} : { mobileAppVersion }),
      };
      return Object.keys(data).length === 0 ? EMPTY : of<AppCommand[]>({ type: 'CheckVersions', data });
    }),
  );
}

/** What a changed version leads to; the store version reloads the page itself. */
function onVersionChanged(kind: VersionKind, deps: EffectDeps): Observable<AppCommand> {
  switch (kind) {
    case 'catalog':
      return of({ type: 'StartCatalogLoad', data: {} });
    case 'settings':
      return of({ type: 'StartSettingsLoad', data: {} });
    case 'store':
      deps.location.reload();
      return EMPTY;
    case 'mobileApp':
      return EMPTY; // the decider has flagged the update already
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown version kind ${String(unreachable)}`);
    }
  }
}

export function versionChecks$(options: VersionChecksOptions = {}): Effect {
  const periodMs = options.periodMs ?? VERSION_CHECK_PERIOD_MS;
  const timeoutMs = options.timeoutMs ?? periodMs;
  const scheduler = options.scheduler ?? asyncScheduler;
  return (event$, _state$, deps) => {
    // exhaustMap: a check still waiting (up to timeoutMs) is not doubled by the next tick.
    const checks$ = timer(0, periodMs, scheduler).pipe(exhaustMap(() => checkOnce(deps, timeoutMs, scheduler)));
    const reactions$ = eventsOf(event$).pipe(
      ofType('VersionChanged'),
      filter((e) => e.data.previous !== null),
      mergeMap((e) => onVersionChanged(e.data.kind, deps)),
    );
    return merge(checks$, reactions$);
  };
}
