// Data hooks of the admin screens: the only place (with liveOrders.ts) where the admin area does
// I/O. A query has loading / ready / error states; an action shows the server's Russian 4xx
// `message` as a toast (PRODUCT.md §8 fallback 'Произошла ошибка при запросе'); a 401 has already
// cleared the staff session in the AdminApi, which sends the operator back to the sign-in form.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { z } from 'zod/mini';
import { failureMessage } from '../../../api/adminApi';
import type { CallOptions } from '../../../api/client';
import { staffRoleAllows, type AdminRouteDef } from '../../../api/contract/admin/common';
import type { RouteDef } from '../../../api/route';
import { useAdminServices } from './context';
import type { StaffSession } from './session';
import type { AdminToast } from './toasts';

type In<T> = T extends z.ZodMiniType ? z.input<T> : never;
type Result<R> = R extends z.ZodMiniType ? z.output<R> : void;

export type QueryState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; message: string };

export interface Query<T> {
  state: QueryState<T>;
  /** The last loaded data, kept while reloading (so lists do not blink). */
  data: T | undefined;
  reload: () => void;
  /** Replaces the loaded data locally (after a save answered the new object). */
  replace: (update: (current: T) => T) => void;
}

export function useSession(): StaffSession | null {
  const { session } = useAdminServices();
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** Whether the signed-in staff member's role may call a route (the server checks it again). */
export function useCan(def: AdminRouteDef): boolean {
  const session = useSession();
  if (session === null) return false;
  return def.role === 'public' || staffRoleAllows(session.staff.role, def.role);
}

export function useToasts(): readonly AdminToast[] {
  const { toasts } = useAdminServices();
  return useSyncExternalStore(toasts.subscribe, toasts.list, toasts.list);
}

/**
 * Loads one admin route; reloads when the options change (compared as JSON) or on `reload()`.
 * `enabled: false` waits (e.g. until a customer's phone is entered).
 */
export function useAdminQuery<P extends z.ZodMiniType, Q extends z.ZodMiniType, B extends z.ZodMiniType, R extends z.ZodMiniType>(
  def: RouteDef<P, Q, B, R>,
  options: CallOptions<In<P>, In<Q>, In<B>> = {},
  config: { enabled?: boolean } = {},
): Query<Result<R>> {
  const { api } = useAdminServices();
  const enabled = config.enabled ?? true;
  const key = JSON.stringify([def.method, def.path, options.params ?? null, options.query ?? null, options.body ?? null]);
  const [state, setState] = useState<QueryState<Result<R>>>({ status: 'loading' });
  const [data, setData] = useState<Result<R> | undefined>(undefined);
  const [tick, setTick] = useState(0);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    api.call(def, { ...optionsRef.current, signal: controller.signal }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setState({ status: 'ready', data: answer });
        setData(answer);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: failureMessage(error) });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for def and options
  }, [api, key, tick, enabled]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  const replace = useCallback((update: (current: Result<R>) => Result<R>) => {
    setData((current) => (current === undefined ? current : update(current)));
    setState((s) => (s.status === 'ready' ? { status: 'ready', data: update(s.data) } : s));
  }, []);
  return { state, data, reload, replace };
}

export interface Action {
  pending: boolean;
  /**
   * Calls one admin route. Resolves to the answer, or to `undefined` after a failure (already
   * shown as a toast). `success` is a toast shown when the call succeeded.
   */
  run<P extends z.ZodMiniType, Q extends z.ZodMiniType, B extends z.ZodMiniType, R extends z.ZodMiniType>(
    def: RouteDef<P, Q, B, R>,
    options?: CallOptions<In<P>, In<Q>, In<B>>,
    feedback?: { success?: string },
  ): Promise<{ ok: true; value: Result<R> } | { ok: false; message: string }>;
}

export function useAdminAction(): Action {
  const { api, toasts } = useAdminServices();
  const [pendingCount, setPendingCount] = useState(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const track = useCallback(
    async <T,>(promise: Promise<T>, success?: string): Promise<{ ok: true; value: T } | { ok: false; message: string }> => {
      setPendingCount((n) => n + 1);
      try {
        const value = await promise;
        if (success) toasts.push('success', success);
        return { ok: true, value };
      } catch (error) {
        const message = failureMessage(error);
        toasts.push('error', message);
        return { ok: false, message };
      } finally {
        if (mounted.current) setPendingCount((n) => n - 1);
      }
    },
    [toasts],
  );

  return {
    pending: pendingCount > 0,
    run: (def, options, feedback) => track(api.call(def, options), feedback?.success),
  };
}
