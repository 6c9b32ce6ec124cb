// The storefront's service worker, built to /sw.js (vite.config.ts, serviceWorkerBuild): shows
// order-status pushes (docs/PUSH.md) and keeps the app shell and the public menu for a bad network
// (cacheRules.ts). SHELL is replaced at build time by the entry's files, so each build is a new
// worker that fetches its own shell.
import { CACHE_LIMITS, cachePolicy, mayStore, type CacheName } from './cacheRules';
import { notificationOf } from './notification';

/** The parts of the service worker's global scope used here (the DOM library has no worker types). */
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification & { data: unknown };
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

declare const __SW_SHELL__: readonly string[];
declare const __SW_BUILD__: string;

const scope = self as unknown as WorkerScope;
const PREFIX = 'storefront-';
const SHELL_CACHE = `${PREFIX}shell-${__SW_BUILD__}`;
const cacheNameOf = (name: CacheName) => `${PREFIX}${name}`;

scope.addEventListener('install', (event) => {
  // the entry's files and the index page; a missing one does not keep the worker from installing
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => Promise.allSettled(__SW_SHELL__.map((url) => cache.add(url))))
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith(`${PREFIX}shell-`) && n !== SHELL_CACHE).map((n) => caches.delete(n)),
        ),
      )
      .then(() => scope.clients.claim()),
  );
});

async function store(name: CacheName, request: Request, response: Response): Promise<void> {
  const facts = {
    status: response.status,
    type: response.type,
    cacheControl: response.headers.get('cache-control'),
    vary: response.headers.get('vary'),
  };
  if (!mayStore(facts)) return;
  const cache = await caches.open(cacheNameOf(name));
  await cache.put(request, response);
  const keys = await cache.keys();
  // oldest first: keys() lists in insertion order
  for (const old of keys.slice(0, Math.max(0, keys.length - CACHE_LIMITS[name]))) await cache.delete(old);
}

async function stored(request: Request): Promise<Response | undefined> {
  return caches.match(request, { ignoreVary: false });
}

async function networkFirst(event: FetchEvent, name: CacheName): Promise<Response> {
  try {
    const response = await fetch(event.request);
    event.waitUntil(store(name, event.request, response.clone()).catch(() => undefined));
    return response;
  } catch (error) {
    const copy = await stored(event.request);
    if (copy !== undefined) return copy;
    throw error;
  }
}

async function cacheFirst(event: FetchEvent, name: CacheName): Promise<Response> {
  const copy = await stored(event.request);
  if (copy !== undefined) return copy;
  const response = await fetch(event.request);
  event.waitUntil(store(name, event.request, response.clone()).catch(() => undefined));
  return response;
}

scope.addEventListener('fetch', (event) => {
  const request = event.request;
  const policy = cachePolicy({
    method: request.method,
    url: request.url,
    origin: scope.location.origin,
    mode: request.mode,
    hasAuthorization: request.headers.has('authorization'),
  });
  if (policy.kind === 'network-only') return;
  event.respondWith(
    policy.kind === 'cache-first' ? cacheFirst(event, policy.cache) : networkFirst(event, policy.cache),
  );
});

scope.addEventListener('push', (event) => {
  const shown = notificationOf(event.data?.text());
  event.waitUntil(
    scope.registration.showNotification(shown.title, {
      body: shown.body,
      tag: shown.tag,
      icon: '/favicon.svg',
      lang: 'ru',
      data: { url: shown.url },
    }),
  );
});

/** The order's page in a window of ours (reused when one is open), or a new one. */
async function openPage(path: string): Promise<void> {
  const url = new URL(path, scope.location.origin).href;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const own = windows.find((client) => new URL(client.url).origin === scope.location.origin);
  if (own !== undefined) {
    const navigated = await own.navigate(url).catch(() => null);
    await (navigated ?? own).focus();
    return;
  }
  await scope.clients.openWindow(url);
}

scope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data;
  const path =
    typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string' ? data.url : '/';
  event.waitUntil(openPage(notificationOf(JSON.stringify({ title: '-', url: path })).url));
});
