// Staff sign-in, sign-out and the start-up check of a stored token.
import { useCallback, useEffect, useState } from 'react';
import { ApiFailure, failureMessage } from '../../../api/adminApi';
import { adminLogin, adminLogout, adminMe } from '../../../api/contract/admin/auth';
import { getSettings } from '../../../api/contract/settings';
import { useAdminServices } from './context';

const plural = new Intl.PluralRules('ru-RU');

/**
 * The notice shown once after sign-in when the login had failed attempts since its previous
 * sign-in (the sign-in answer's `failedAttempts`); null for none.
 */
export function failedAttemptsNotice(count: number): string | null {
  if (count <= 0) return null;
  const form = plural.select(count);
  const what =
    form === 'one'
      ? `была ${count} неудачная попытка`
      : form === 'few'
        ? `были ${count} неудачные попытки`
        : `было ${count} неудачных попыток`;
  return `С вашего прошлого входа ${what} войти под вашим логином. Если это были не вы, смените пароль.`;
}

export function useSignIn(): { pending: boolean; signIn: (login: string, password: string) => Promise<string | null> } {
  const { api, session, toasts, captcha } = useAdminServices();
  const [pending, setPending] = useState(false);
  const signIn = useCallback(
    async (login: string, password: string) => {
      setPending(true);
      try {
        let answer;
        try {
          answer = await api.call(adminLogin, { body: { login, password } });
        } catch (error) {
          // the login's budget for new browsers is spent: pass the captcha, then try once more
          if (!(error instanceof ApiFailure && error.code === 'captcha-required' && captcha !== undefined)) throw error;
          const settings = await api.call(getSettings);
          const captchaToken = await captcha.token({ required: true, provider: settings.CAPTCHA_PROVIDER, siteKey: settings.CAPTCHA_SITE_KEY });
          answer = await api.call(adminLogin, { body: { login, password, captchaToken } });
        }
        session.signIn({ token: answer.token, staff: { id: answer.staff.id, login: answer.staff.login, name: answer.staff.name, role: answer.staff.role } });
        const notice = failedAttemptsNotice(answer.failedAttempts);
        if (notice !== null) toasts.push('info', notice);
        return null;
      } catch (error) {
        return failureMessage(error);
      } finally {
        setPending(false);
      }
    },
    [api, session, toasts, captcha],
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
