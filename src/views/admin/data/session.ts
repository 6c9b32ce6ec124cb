// The staff session: the token and who signed in, kept under its own storage key
// (STAFF_SESSION_KEY), never mixed with the customer's token. A tiny external store read with
// useSyncExternalStore; a 401 from any staff route clears it and the guard shows the sign-in form.
import { z } from 'zod/mini';
import { STAFF_SESSION_KEY } from '../../../api/adminApi';
import { StaffRole } from '../../../api/contract/admin/common';

export const StoredStaffSession = z.object({
  token: z.string().check(z.minLength(1)),
  staff: z.object({ id: z.string(), login: z.string(), name: z._default(z.string(), ''), role: StaffRole }),
});
export type StaffSession = z.infer<typeof StoredStaffSession>;

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface StaffSessionStore {
  get(): StaffSession | null;
  signIn(session: StaffSession): void;
  /** `expired`: the server said 401, not the operator's own logout. */
  clear(reason?: 'logout' | 'expired'): void;
  /** Why the last session ended, shown once on the sign-in form. */
  lastEnd(): 'logout' | 'expired' | null;
  subscribe(listener: () => void): () => void;
}

function read(storage: KeyValueStorage): StaffSession | null {
  try {
    const raw = storage.getItem(STAFF_SESSION_KEY);
    if (raw === null) return null;
    const parsed = StoredStaffSession.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createStaffSessionStore(storage: KeyValueStorage): StaffSessionStore {
  let current = read(storage);
  let ended: 'logout' | 'expired' | null = null;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of [...listeners]) l();
  };
  return {
    get: () => current,
    signIn(session) {
      current = session;
      ended = null;
      try {
        storage.setItem(STAFF_SESSION_KEY, JSON.stringify(session));
      } catch {
        // storage full or blocked: the session lives in memory until the tab closes
      }
      emit();
    },
    clear(reason = 'logout') {
      if (current === null) return;
      current = null;
      ended = reason;
      try {
        storage.removeItem(STAFF_SESSION_KEY);
      } catch {
        // nothing stored
      }
      emit();
    },
    lastEnd: () => ended,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
