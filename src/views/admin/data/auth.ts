// Staff sign-in, sign-out and the start-up check of a stored token.
import { useCallback, useEffect, useState } from 'react';
import { failureMessage } from '../../../api/adminApi';
import { adminLogin, adminLogout, adminMe } from '../../../api/contract/admin/auth';
import { useAdminServices } from './context';

export function useSignIn(): { pending: boolean; signIn: (login: string, password: string) => Promise<string | null> } {
  const { api, session } = useAdminServices();
  const [pending, setPending] = useState(false);
  const signIn = useCallback(
    async (login: string, password: string) => {
      setPending(true);
      try {
        const answer = await api.call(adminLogin, { body: { login, password } });
        session.signIn({ token: answer.token, staff: { id: answer.staff.id, login: answer.staff.login, name: answer.staff.name, role: answer.staff.role } });
        return null;
      } catch (error) {
        return failureMessage(error);
      } finally {
        setPending(false);
      }
    },
    [api, session],
  );
  return { pending, signIn };
}

/** Ends the session on the server, then locally (locally even when the server cannot be reached). */
export function useSignOut(): () => Promise<void> {
  const { api, session } = useAdminServices();
  return useCallback(async () => {
    try {
      await api.call(adminLogout);
    } catch {
      // an expired token or no network: the local session ends anyway
    }
    session.clear('logout');
  }, [api, session]);
}

/** Checks a stored token once at start (a revoked one gets 401 and the sign-in form) and refreshes the role. */
export function useVerifySession(token: string | null): void {
  const { api, session } = useAdminServices();
  useEffect(() => {
    if (token === null) return;
    const controller = new AbortController();
    api.call(adminMe, { signal: controller.signal }).then(
      (me) => {
        const current = session.get();
        if (controller.signal.aborted || current === null || current.token !== token) return;
        if (current.staff.role !== me.role || current.staff.name !== me.name)
          session.signIn({ token, staff: { id: me.id, login: me.login, name: me.name, role: me.role } });
      },
      () => undefined, // 401 already cleared the session; other failures keep it (offline start)
    );
    return () => controller.abort();
  }, [api, session, token]);
}
