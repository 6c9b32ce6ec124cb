// The typed client of the admin contract (src/api/contract/admin/**), used only by the admin
// area's data hooks (src/views/admin/data). It is the storefront's contract client with the
// STAFF token (its own storage key, never the customer's) and one extra rule: a 401 on a staff
// route means the staff session is gone (expired, revoked), so `onUnauthorized` runs before the
// failure is rethrown and the admin area goes back to its sign-in form.
import type { z } from 'zod/mini';
import { ApiFailure, API_PREFIX, createApiClient, type CallOptions } from './client.js';
import type { RouteDef } from './route.js';

export { ApiFailure } from './client.js';

/** Storage key of the staff session (token and who signed in); the customer's lives elsewhere. */
export const STAFF_SESSION_KEY = 'admin:staffSession';

type In<T> = T extends z.ZodMiniType ? z.input<T> : never;
type Result<R> = R extends z.ZodMiniType ? z.output<R> : void;

export interface AdminApi {
  call<P extends z.ZodMiniType, Q extends z.ZodMiniType, B extends z.ZodMiniType, R extends z.ZodMiniType>(
    def: RouteDef<P, Q, B, R>,
    options?: CallOptions<In<P>, In<Q>, In<B>>,
  ): Promise<Result<R>>;
  /** Absolute ws(s):// URL of a WebSocket path under /api/v1 with the staff token as `?token=`. */
  socketUrl(path: string): string | null;
}

export interface AdminApiOptions {
  /** Base URL without the /api/v1 prefix; '' for same-origin. */
  baseUrl: string;
  getToken: () => string | null;
  /** Called on a 401 answer to a staff route (not to the sign-in itself). */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
  /** The page's origin ('https://shop.example'), for socket URLs with a same-origin base. */
  origin?: string;
}

export function createAdminApi(options: AdminApiOptions): AdminApi {
  const client = createApiClient({ baseUrl: options.baseUrl, getToken: options.getToken, fetch: options.fetch });

  function guard<T>(def: RouteDef, promise: Promise<T>): Promise<T> {
    return promise.catch((error: unknown) => {
      if (error instanceof ApiFailure && error.status === 401 && def.auth === 'staff') options.onUnauthorized();
      throw error;
    });
  }

  return {
    call(def, callOptions) {
      return guard(def, client.call(def, callOptions));
    },
    socketUrl(path) {
      const token = options.getToken();
      if (token === null) return null;
      const base = options.baseUrl !== '' ? options.baseUrl : (options.origin ?? '');
      if (base === '') return null;
      const wsBase = base.replace(/^http/i, 'ws');
      return `${wsBase}${API_PREFIX}${path}?token=${encodeURIComponent(token)}`;
    },
  };
}

/** The Russian text to show for a failed admin call (PRODUCT.md §8: the server's message, or a fallback). */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiFailure) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status === 0) return 'Нет связи с сервером. Проверьте подключение к интернету.';
    if (error.status >= 500) return 'Ошибка сервера. Попробуйте позже';
    return 'Произошла ошибка при запросе';
  }
  return 'Произошла ошибка. Попробуйте позже.';
}
