// The web counters effect (docs/ANALYTICS.md): with a counter id in the settings and the visitor's
// consent, it starts the counters and tells them every page view and ecommerce step the core's
// events show; without either it loads and sends nothing. A purchase is reported once per order,
// across reloads and tabs (the ids kept in storage).
import {
  combineLatest,
  distinctUntilChanged,
  EMPTY,
  filter,
  ignoreElements,
  map,
  merge,
  mergeMap,
  type Observable,
  of,
  pairwise,
  startWith,
  switchMap,
  tap,
  withLatestFrom,
} from 'rxjs';
import type { Settings } from '../../api/entities';
import type { AppCommand } from '../../commands';
import type { AppState } from '../../projections/store';
import type { Effect, EffectDeps } from '../deps';
import type { Consent } from './consent';
import type { CounterSink } from './counters';
import { hitsOf, pageHits, type AnalyticsHit, type PageView } from './hits';

export type { Consent } from './consent';
export type { AnalyticsHit, PageView } from './hits';

/** The counters with an id, and where their scripts load from. */
export type CounterConfig = { metrikaId: string; ga4Id: string; scripts: { metrika: string; ga4: string } };

export interface AnalyticsPorts {
  /** The visitor's choice, then every change. */
  consent$: Observable<Consent>;
  /** The page the visitor is on, then each client-side navigation. */
  pages$: Observable<PageView>;
  /** Installs the counters and starts loading their scripts (once per page). */
  start(config: CounterConfig): CounterSink;
  /** Counters are configured and the visitor has not chosen yet: show the banner. */
  ask(config: CounterConfig): void;
  /** Consent withdrawn after the counters started: they must stop (the page reloads without them). */
  withdraw(): void;
}

/** Storage key: ids of the orders whose purchase was reported (the checkout's earlier key, kept). */
export const REPORTED_ORDERS_KEY = 'storefront:purchase-tracked';
const REPORTED_KEEP = 200;

export function counterConfig(settings: Settings | null): CounterConfig | null {
  const a = settings?.ANALYTICS ?? null;
  if (a === null || (a.metrika === '' && a.ga4 === '')) return null;
  return { metrikaId: a.metrika, ga4Id: a.ga4, scripts: { metrika: a.metrikaScript, ga4: a.ga4Script } };
}

const sameConfig = <T extends CounterConfig | null>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);

function readIds(deps: EffectDeps): string[] {
  try {
    const raw: unknown = JSON.parse(deps.storage.getItem(REPORTED_ORDERS_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Marks the order reported; false when it already was (another tab, an earlier load of
 * /complete). A storage that refuses the write still lets this page report it once.
 */
function claimPurchase(deps: EffectDeps, orderId: string): boolean {
  const ids = readIds(deps);
  if (ids.includes(orderId)) return false;
  try {
    deps.storage.setItem(REPORTED_ORDERS_KEY, JSON.stringify([...ids, orderId].slice(-REPORTED_KEEP)));
  } catch (error) {
    deps.logger.warn('analytics: storage write failed', error);
  }
  return true;
}

export function analytics$(ports: AnalyticsPorts): Effect {
  return (event$, state$, deps) => {
    const config$ = state$.pipe(
      map((s) => counterConfig(s.setting.settings)),
      distinctUntilChanged(sameConfig),
    );
    // [before, after] each command: state$ emits before the command's events do
    const states$ = state$.pipe(
      startWith(null),
      pairwise(),
      map(([before, after]): [AppState, AppState] => [before ?? (after as AppState), after as AppState]),
    );
    let started = false;
    const seen = new Set<string>();

    const report = (sink: CounterSink, hit: AnalyticsHit): Observable<AppCommand> => {
      if (hit.kind === 'purchase') {
        if (seen.has(hit.orderId)) return EMPTY;
        seen.add(hit.orderId);
        if (!claimPurchase(deps, hit.orderId)) return EMPTY;
      }
      try {
        sink.send(hit);
      } catch (error) {
        deps.logger.warn(`analytics: ${hit.kind} not sent`, error);
        return EMPTY;
      }
      return hit.kind === 'purchase'
        ? of<AppCommand>({ type: 'RecordPurchaseTracked', data: { orderId: hit.orderId } })
        : EMPTY;
    };

    const ask$ = combineLatest([ports.consent$, config$]).pipe(
      map(([consent, config]) => (consent === 'unset' ? config : null)),
      filter((config): config is CounterConfig => config !== null),
      distinctUntilChanged(sameConfig),
      tap((config) => ports.ask(config)),
      ignoreElements(),
    );

    const report$ = combineLatest([ports.consent$, config$]).pipe(
      map(([consent, config]) => (consent === 'granted' ? config : null)),
      distinctUntilChanged(sameConfig),
      switchMap((granted): Observable<AppCommand> => {
        if (granted === null) {
          if (started) ports.withdraw();
          return EMPTY;
        }
        const config: CounterConfig = granted;
        let sink: CounterSink;
        try {
          sink = ports.start(config);
        } catch (error) {
          deps.logger.warn('analytics: counters did not start', error);
          return EMPTY;
        }
        started = true;
        const fromPages$ = ports.pages$.pipe(
          withLatestFrom(state$),
          mergeMap(([page, state]) => pageHits(page, state)),
        );
        const fromEvents$ = event$.pipe(
          withLatestFrom(states$),
          mergeMap(([envelope, [before, after]]) => envelope.events.flatMap((e) => hitsOf(e, before, after))),
        );
        return merge(fromPages$, fromEvents$).pipe(mergeMap((hit) => report(sink, hit)));
      }),
    );

    return merge(ask$, report$);
  };
}
