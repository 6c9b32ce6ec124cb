// Fakes for effect tests: an API whose every method must be stubbed (an unstubbed call fails
// the stream loudly), recording deps for cookies / location / storage / logs, and envelopes.
import { NEVER, of, throwError, type Observable } from 'rxjs';
import type { RunHelpers } from 'rxjs/testing';
import { ApiFailure } from '../../src/api/client';
import type { StorefrontApi } from '../../src/api/storefrontApi';
import type { AppEvent } from '../../src/events';
import type { LiveSocket } from '../../src/effects/checkout/shared';
import type { CookieOptions, EffectDeps, EventEnvelope } from '../../src/effects/deps';
import { memoryStorage } from '../../src/effects/persistence';

const API_METHODS: Record<keyof StorefrontApi, true> = {
  getCatalogVersion: true,
  getSettingsVersion: true,
  getStoreVersion: true,
  getMobileAppVersion: true,
  getSettings: true,
  getCatalog: true,
  getCities: true,
  getBalance: true,
  getAddresses: true,
  createAddress: true,
  deleteAddress: true,
  getLikes: true,
  like: true,
  unlike: true,
  getLastOrder: true,
  getPage: true,
  getHistory: true,
  promo: true,
  requestCode: true,
  signIn: true,
  logout: true,
  patchUser: true,
  deleteUser: true,
  getStreets: true,
  quoteCheckout: true,
  getConsent: true,
  giveConsent: true,
  geocode: true,
  createOrder: true,
  getOrder: true,
  startPayment: true,
  cancelPayment: true,
  readPayment: true,
  renewPayment: true,
  getVapidKey: true,
  subscribePush: true,
  getRatings: true,
  rateOrder: true,
  dismissRating: true,
};

export type ApiCall = { method: keyof StorefrontApi; args: unknown[] };

/** A StorefrontApi of the given stubs; every call is recorded in `calls`, unstubbed ones error. */
export function fakeApi(stubs: Partial<StorefrontApi>): { api: StorefrontApi; calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  const api = {} as Record<keyof StorefrontApi, (...args: unknown[]) => Observable<unknown>>;
  for (const method of Object.keys(API_METHODS) as (keyof StorefrontApi)[]) {
    api[method] = (...args: unknown[]) => {
      calls.push({ method, args });
      const stub = stubs[method] as ((...a: unknown[]) => Observable<unknown>) | undefined;
      return stub ? stub(...args) : throwError(() => new Error(`fakeApi: ${method} is not stubbed`));
    };
  }
  // The record holds exactly the interface's methods (checked by API_METHODS above).
  return { api: api as unknown as StorefrontApi, calls };
}

export type Recorded = {
  cookies: Map<string, { value: string; options: CookieOptions }>;
  reloads: number;
  assigned: string[];
  warnings: string[];
  errors: string[];
};

/** EffectDeps over a fake api; `clock.now()` reads `now()` (virtual time in marble tests). */
export function fakeDeps(
  api: StorefrontApi,
  o: { now?: () => string; pathname?: string; cookies?: Record<string, string> } = {},
): { deps: EffectDeps; recorded: Recorded } {
  const recorded: Recorded = { cookies: new Map(), reloads: 0, assigned: [], warnings: [], errors: [] };
  for (const [name, value] of Object.entries(o.cookies ?? {}))
    recorded.cookies.set(name, { value, options: { expires: 365, path: '/' } });
  let id = 0;
  const deps: EffectDeps = {
    api,
    clock: { now: o.now ?? (() => '2026-11-23T06:00:00.000Z') },
    ids: { next: () => `id-${++id}` },
    storage: memoryStorage(),
    cookies: {
      get: (name) => recorded.cookies.get(name)?.value,
      set: (name, value, options) => void recorded.cookies.set(name, { value, options }),
    },
    location: {
      reload: () => void recorded.reloads++,
      assign: (url) => void recorded.assigned.push(url),
      pathname: () => o.pathname ?? '/',
    },
    logger: {
      warn: (message) => void recorded.warnings.push(message),
      error: (message) => void recorded.errors.push(message),
    },
  };
  return { deps, recorded };
}

let position = 0;
/** One envelope holding `events` (what the store emits per dispatch). */
export function envelope(...events: AppEvent[]): EventEnvelope {
  position += 1;
  return { entry: { position, at: '2026-11-23T06:00:00.000Z', events }, events };
}

export const failure = (status: number, message: string | null = null): ApiFailure => new ApiFailure(status, message);

/** The four version calls answering the same versions every time (catalogue c1, settings s1, store and app 1). */
export const STEADY_VERSIONS = {
  getCatalogVersion: () => of('c1'),
  getSettingsVersion: () => of('s1'),
  getStoreVersion: () => of('1'),
  getMobileAppVersion: () => of('1'),
} satisfies Partial<StorefrontApi>;

/**
 * A request that fails and then recovers: `event` twice, 10 ms apart ('a 9ms b'), and an API stub
 * whose first call fails with `error` after 5 ms and whose second answers `value` after 5 ms.
 */
export function failsThenRecovers<T>(
  { hot, cold }: Pick<RunHelpers, 'hot' | 'cold'>,
  event: EventEnvelope,
  error: ApiFailure,
  value: T,
) {
  const answers = [cold<T>('5ms #', undefined, error), cold<T>('5ms a|', { a: value })];
  return { event$: hot<EventEnvelope>('a 9ms b', { a: event, b: event }), answer: () => answers.shift() ?? NEVER };
}

export type RecordedSocket = LiveSocket & { path: string; closed: boolean };

/**
 * A fake WebSocket opener keeping every socket it opened, with its path and whether it was closed;
 * `say(i, message)` delivers a server message to the i-th one.
 */
export function recordingSockets() {
  const sockets: RecordedSocket[] = [];
  const openSocket = (path: string): RecordedSocket => {
    const s: RecordedSocket = {
      path,
      closed: false,
      onmessage: null,
      onclose: null,
      close: () => void (s.closed = true),
    };
    sockets.push(s);
    return s;
  };
  const say = (i: number, message: unknown) => sockets[i]?.onmessage?.({ data: JSON.stringify(message) });
  return { sockets, openSocket, say };
}
