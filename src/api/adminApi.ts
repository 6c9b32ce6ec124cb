// The typed client of the admin contract (src/api/contract/admin/**), used only by the admin
// area's data hooks (src/views/admin/data). It is the storefront's contract client with the
// STAFF token (its own storage key, never the customer's) and one extra rule: a 401 on a staff
// route means the staff session is gone (expired, revoked), so `onUnauthorized` runs before the
// failure is rethrown and the admin area goes back to its sign-in form.
import type { z } from 'zod/mini';
import { ApiFailure, API_PREFIX, createApiClient, type ApiClient } from './client.js';
import type { RouteDef } from './route.js';

export { ApiFailure } from './client.js';

/** Storage key of the staff session (token and who signed in); the customer's lives elsewhere. */
export const STAFF_SESSION_KEY = 'admin:staffSession';

/** The contract client's `call`, with the staff area's own extras. */
export interface AdminApi extends ApiClient {
  /** Absolute ws(s):// URL of a WebSocket path under /api/v1 with the staff token as `?token=`. */
  socketUrl(path: string): string | null;
  /**
   * A file answer (the CSV exports) with the staff token: its bytes and the name the server gave
   * it (Content-Disposition). A refusal is an ApiFailure with the server's message, as for `call`.
   */
  download<P extends z.ZodMiniType, Q extends z.ZodMiniType>(
    def: RouteDef<P, Q>,
    options?: { params?: z.input<P>; query?: z.input<Q> },
  ): Promise<{ blob: Blob; fileName: string | null }>;
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

/**
 * '?a=1&b=2' of the defined values of a query (the contract client's helpers are not exported:
 * exports of the storefront's entry chunk for the admin chunks would grow the storefront's first load).
 */
function downloadQuery(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The file name of a Content-Disposition header: `attachment; filename="orders-2026-11-20.csv"`. */
function dispositionName(header: string | null): string | null {
  const match = header === null ? null : /filename="([^"]+)"/.exec(header);
  return match?.[1] ?? null;
}

export function createAdminApi(options: AdminApiOptions): AdminApi {
  const client = createApiClient({ baseUrl: options.baseUrl, getToken: options.getToken, fetch: options.fetch });
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function download(
    def: RouteDef,
    callOptions: { params?: unknown; query?: unknown } = {},
  ): Promise<{ blob: Blob; fileName: string | null }> {
    const url =
      options.baseUrl +
      API_PREFIX +
      def.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) =>
        encodeURIComponent(String(Reflect.get(Object(callOptions.params), name) ?? '')),
      ) +
      downloadQuery(callOptions.query);
    const token = options.getToken();
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    let response: Response;
    try {
      response = await doFetch(url, { method: def.method, headers });
    } catch {
      throw new ApiFailure(0, null, 'network'); // as the contract client: status 0 is no answer
    }
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      const message: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'message') : null;
      const code: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'code') : null;
      throw new ApiFailure(
        response.status,
        typeof message === 'string' ? message : null,
        typeof code === 'string' ? code : null,
      );
    }
    return { blob: await response.blob(), fileName: dispositionName(response.headers.get('content-disposition')) };
  }

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
    download(def, callOptions) {
      return guard(def, download(def, callOptions));
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
