// The typed HTTP client of the contract. Effects reach the server only through this (as
// `deps.api`), so tests substitute a fake with the same shape. A bearer token is attached to
// every call when present (PRODUCT.md §6); any non-2xx answer becomes an ApiFailure carrying the
// status and the server's Russian message, which effects turn into commands (PRODUCT.md §8).
import type { z } from 'zod/mini';
import { buildPath } from './buildPath.js';
import type { RouteDef } from './route.js';

export const API_PREFIX = '/api/v1';

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    /** The server's `message`, when it sent one. */
    readonly serverMessage: string | null,
    readonly code: string | null = null,
  ) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'ApiFailure';
  }
}

/** A network failure (offline, DNS, reset): status 0. */
export const NETWORK_FAILURE_STATUS = 0;

export interface CallOptions<P, Q, B> {
  params?: P;
  query?: Q;
  body?: B;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Base URL without the /api/v1 prefix; '' for same-origin. */
  baseUrl: string;
  getToken: () => string | null;
  fetch?: typeof fetch;
}

type In<T> = T extends z.ZodMiniType ? z.input<T> : never;
type Result<R> = R extends z.ZodMiniType ? z.output<R> : void;

export interface ApiClient {
  call<P extends z.ZodMiniType, Q extends z.ZodMiniType, B extends z.ZodMiniType, R extends z.ZodMiniType>(
    def: RouteDef<P, Q, B, R>,
    options?: CallOptions<In<P>, In<Q>, In<B>>,
  ): Promise<Result<R>>;
}

/**
 * The body of a refusal as the contract's ApiError (src/api/entities.ts) reads it, checked by hand:
 * the schema would bring zod into the page's first load.
 */
export function serverError(body: unknown): { message: string; code: string | null } | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const message: unknown = Reflect.get(body, 'message');
  const code: unknown = Reflect.get(body, 'code');
  if (typeof message !== 'string' || (code !== undefined && typeof code !== 'string')) return null;
  return { message, code: code ?? null };
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    async call(def, callOptions = {}) {
      const url =
        options.baseUrl +
        API_PREFIX +
        buildPath(def.path, (callOptions.params ?? {}) as Record<string, string>) +
        queryString(callOptions.query);
      const headers: Record<string, string> = { accept: 'application/json', ...callOptions.headers };
      const token = options.getToken();
      if (token) headers.authorization = `Bearer ${token}`;
      let body: string | undefined;
      if (callOptions.body !== undefined && def.method !== 'GET') {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(callOptions.body);
      }
      let response: Response;
      try {
        response = await doFetch(url, { method: def.method, headers, body, signal: callOptions.signal });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new ApiFailure(NETWORK_FAILURE_STATUS, null, 'network');
      }
      if (!response.ok) {
        const error = serverError(await response.json().catch(() => null));
        throw new ApiFailure(response.status, error?.message ?? null, error?.code ?? null);
      }
      if (def.response === null || response.status === 204) return undefined as never;
      const json: unknown = await response.json();
      return def.response.parse(json) as never;
    },
  };
}
