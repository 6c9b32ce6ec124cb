// Persistence (PRODUCT.md §7: "The store version keys the local persistence of the cart, user, address
// and auth state"): after dispatches that change one of those areas, save them through
// ./persistence under the store version the server answers.
//
// The page starts from what was saved under the store version that wrote last (src/views/main.tsx).
// When the server's store version turns out to be another one, that saved state belongs to an
// old store: it is removed, nothing is written under the new version, and on the first version
// of the page the page reloads to start fresh (PRODUCT.md §9: a store version change reloads the
// page; a change seen later is reloaded by the version-check effect). Nothing is written before
// the store version is known.
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
