// The browser's localStorage for the storefront's core and the staff's session alike.
import type { KeyValueStorage } from '../../effects/deps';

/**
 * localStorage, or an in-memory stand-in where it is unavailable (private mode, blocked). `probe` is
 * the key written once to find out, distinct per caller so that neither touches the other's data.
 */
export function browserStorage(probe: string): KeyValueStorage {
  try {
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    const data = new Map<string, string>();
    return {
      getItem: (k) => data.get(k) ?? null,
      setItem: (k, v) => void data.set(k, v),
      removeItem: (k) => void data.delete(k),
    };
  }
}
