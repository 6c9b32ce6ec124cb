// Persistence (SPEC §7: "The store version keys the local persistence of the cart, user, address
// and auth state"): after dispatches that change one of those areas, save them through
// ./persistence, under the store version the version check has seen (nothing is written before
// it is known, so a restore keyed by that version is never overwritten by a blank start).
import { asyncScheduler, distinctUntilChanged, EMPTY, filter, map, switchMap, type Observable, type SchedulerLike } from 'rxjs';
import type { AppCommand } from '../commands';
import type { AppState } from '../projections/store';
import type { Effect } from './deps';
import { persistState$ } from './persistence';

export type PersistOptions = { debounceMs?: number; scheduler?: SchedulerLike };
export const PERSIST_DEBOUNCE_MS = 300;

/** The store version persistence is keyed by: the checked one, else the settings' STORE_VERSION. */
export function selectStoreVersion(state: AppState): string | null {
  return state.setting.versions.store ?? state.setting.settings?.STORE_VERSION ?? null;
}

export function persist$(options: PersistOptions = {}): Effect {
  const debounceMs = options.debounceMs ?? PERSIST_DEBOUNCE_MS;
  const scheduler = options.scheduler ?? asyncScheduler;
  return (_event$, state$, deps): Observable<AppCommand> =>
    state$.pipe(
      map(selectStoreVersion),
      filter((version): version is string => version !== null),
      distinctUntilChanged(),
      switchMap((storeVersion) =>
        storeVersion === '' ? EMPTY : persistState$(state$, { storage: deps.storage, storeVersion }, { debounceMs, scheduler }),
      ),
    );
}
