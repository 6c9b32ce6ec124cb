// The persistence effect saves 300 ms after the last change (effects/persist.ts). A page that goes
// away sooner (a reload right after signing in or adding to the cart, a link to another city, a
// closed tab) would lose that change, so the state is also saved when the page is hidden. Nothing
// is written while the store version is unknown, or when the saved state belongs to another store
// version (the persist effect drops that and reloads).
import { selectStoreVersion } from '../../effects/persist';
import { savePersistedState, STORE_VERSION_KEY, type KeyValueStorage } from '../../effects/persistence';
import type { AppState } from '../../projections/store';

export function saveBeforeLeaving(storage: KeyValueStorage, state: AppState): boolean {
  const version = selectStoreVersion(state);
  if (version === null) return false;
  let saved: string | null;
  try {
    saved = storage.getItem(STORE_VERSION_KEY);
  } catch {
    return false;
  }
  if (saved !== null && saved !== version) return false;
  return savePersistedState(storage, version, state);
}

/** Saves on `pagehide` and when the tab is hidden; returns the unsubscribe. */
export function persistOnLeave(storage: KeyValueStorage, getState: () => AppState): () => void {
  const save = () => void saveBeforeLeaving(storage, getState());
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') save();
  };
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', save);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
