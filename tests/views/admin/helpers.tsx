// Rendering the admin app over the real AdminApi with a fake fetch that answers per contract
// route, a fake WebSocket, a recording beeper and a memory location under /admin.
import type { CaptchaRunner } from '../../../src/effects/captcha';
import { cleanup, configure, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { createAdminApi } from '../../../src/api/adminApi';
import type { RouteDef } from '../../../src/api/route';
import { AdminApp } from '../../../src/views/admin/AdminApp';
import type { Beeper } from '../../../src/views/admin/data/beep';
import type { AdminServices, SocketLike } from '../../../src/views/admin/data/context';
import {
  createStaffSessionStore,
  type KeyValueStorage,
  type StaffSession,
} from '../../../src/views/admin/data/session';
import { createToastStore } from '../../../src/views/admin/data/toasts';

configure({ asyncUtilTimeout: 8000 });
afterEach(() => cleanup());

export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}
type Handler = (req: FakeRequest) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/**
 * A route that saves what the form sent over `record`, plus `set` (what the server fills in itself,
 * such as a new id), and answers the saved record.
 */
export const savesOver =
  (record: object | undefined, set: object = {}): Handler =>
  (req) => ({ body: { ...record, ...(req.body as object), ...set } });

export class FakeServer {
  readonly requests: FakeRequest[] = [];
  private readonly routes: { method: string; pattern: RegExp; keys: string[]; handler: Handler }[] = [];

  on(def: RouteDef, handler: Handler): this {
    const keys: string[] = [];
    const source = def.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]+)/g, (_, k: string) => {
      keys.push(k);
      return '([^/]+)';
    });
    this.routes.unshift({ method: def.method, pattern: new RegExp(`^/api/v1${source}$`), keys, handler });
    return this;
  }

  fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://admin.test');
    const method = init?.method ?? 'GET';
    const headers = { ...(init?.headers as Record<string, string> | undefined) };
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const m = route.pattern.exec(url.pathname);
      if (!m) continue;
      const params: Record<string, string> = {};
      route.keys.forEach((k, i) => (params[k] = decodeURIComponent(m[i + 1] ?? '')));
      const req: FakeRequest = {
        method,
        path: url.pathname,
        params,
        query: url.searchParams,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers,
      };
      this.requests.push(req);
      const answer = await route.handler(req);
      const status = answer.status ?? 200;
      if (status === 204 || answer.body === undefined)
        return new Response(null, { status: status === 200 ? 204 : status });
      return Response.json(answer.body, { status });
    }
    return Response.json({ message: `нет маршрута ${method} ${url.pathname}` }, { status: 404 });
  };

  calls(def: RouteDef): FakeRequest[] {
    const prefix = `/api/v1${def.path.split(':')[0]}`;
    return this.requests.filter(
      (r) =>
        r.method === def.method &&
        (def.path.includes(':') ? r.path.startsWith(prefix) : r.path === `/api/v1${def.path}`),
    );
  }
}

export class FakeSocket implements SocketLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  open() {
    this.onopen?.(new Event('open'));
  }
  push(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  serverClose(code: number) {
    this.onclose?.(new CloseEvent('close', { code }));
  }
  close() {
    this.closed = true;
  }
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const session = (token: string, staff: StaffSession['staff']): StaffSession => ({ token, staff });
export const ADMIN_SESSION = session('st_admin', { id: 'staff-1', login: 'admin', name: 'Анна', role: 'admin' });
export const OPERATOR_SESSION = session('st_oper', { id: 'staff-2', login: 'oper', name: 'Олег', role: 'operator' });
export const MANAGER_SESSION = session('st_manager', {
  id: 'staff-3',
  login: 'manager',
  name: 'Мария',
  role: 'manager',
});
export const CALLCENTRE_SESSION = session('st_call', {
  id: 'staff-5',
  login: 'vera',
  name: 'Вера',
  role: 'callcentre',
});
export const COURIER_SESSION = session('st_courier', { id: 'staff-9', login: 'kolya', name: 'Коля', role: 'courier' });

export function setupAdmin({
  path = '/admin',
  session = null as StaffSession | null,
  server = new FakeServer(),
  storage = memoryStorage(),
  captcha = undefined as CaptchaRunner | undefined,
} = {}) {
  const sessions = createStaffSessionStore(storage);
  if (session) sessions.signIn(session);
  const sockets: FakeSocket[] = [];
  const beeps: number[] = [];
  const beeper: Beeper = { ready: true, unlock: () => undefined, beep: () => void beeps.push(beeps.length + 1) };
  const services: AdminServices = {
    api: createAdminApi({
      baseUrl: 'http://admin.test',
      getToken: () => sessions.get()?.token ?? null,
      onUnauthorized: () => sessions.clear('expired'),
      fetch: server.fetch,
    }),
    session: sessions,
    toasts: createToastStore(),
    beeper,
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    siteOrigin: 'http://admin.test',
    ...(captcha === undefined ? {} : { captcha }),
  };
  const location = memoryLocation({ path, record: true });
  const utils = render(<AdminApp services={services} hook={location.hook} />);
  return {
    ...utils,
    server,
    services,
    sessions,
    storage,
    sockets,
    beeps,
    location,
    currentPath: () => location.history.at(-1),
  };
}
