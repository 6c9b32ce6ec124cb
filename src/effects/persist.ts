// Saves the persisted areas under the server's store version (PRODUCT.md §7, §9).
// See docs/ARCHITECTURE.md «Local persistence».
import {
  asyncScheduler,
  distinctUntilChanged,
  EMPTY,
  filter,
  map,
  switchMap,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import type { AppCommand } from '../commands';
import type { AppState } from '../projections/store';
import type { Effect, EffectDeps } from './deps';
import { persistState$, removeOtherVersions, STORE_VERSION_KEY } from './persistence';

export type PersistOptions = { debounceMs?: number; scheduler?: SchedulerLike };
export const PERSIST_DEBOUNCE_MS = 300;

/** The store version persistence is keyed by: the checked one, else the settings' STORE_VERSION. */
export function selectStoreVersion(state: AppState): string | null {
  const version = state.setting.versions.store ?? state.setting.settings?.STORE_VERSION ?? null;
  return version === '' ? null : version;
}

function savedVersion(deps: EffectDeps): string | null {
  try {
    return deps.storage.getItem(STORE_VERSION_KEY);
  } catch {
    return null;
  }
}

export function persist$(options: PersistOptions = {}): Effect {
  const debounceMs = options.debounceMs ?? PERSIST_DEBOUNCE_MS;
  const scheduler = options.scheduler ?? asyncScheduler;
  return (_event$, state$, deps): Observable<AppCommand> =>
    state$.pipe(
      map(selectStoreVersion),
      filter((version): version is string => version !== null),
      distinctUntilChanged(),
      switchMap((storeVersion, index) => {
        const saved = savedVersion(deps);
        if (saved !== null && saved !== storeVersion) {
          deps.logger.warn(
            `store version ${saved} → ${storeVersion}: the saved cart, user, address and auth are dropped`,
          );
          removeOtherVersions(deps.storage, storeVersion);
          if (index === 0) deps.location.reload();
          return EMPTY;
        }
        return persistState$(state$, { storage: deps.storage, storeVersion }, { debounceMs, scheduler });
      }),
    );
}
