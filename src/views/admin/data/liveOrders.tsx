// The staff WebSocket (/api/v1/ws?token=<staff token>): StaffOrderEvent messages about new and
// changed orders, and StaffRatingEvent for a customer's rating of 1–3 (kept until put aside). Held by the admin layout, so the visible and audible alert for a new order
// shows on every admin screen; the orders list and an open order re-read themselves on each
// event. Reconnects with a growing pause (1 s doubling up to 30 s); a 4401 close (token no longer
// valid) ends the staff session.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { StaffOrderEvent } from '../../../api/contract/admin/orders';
import { StaffRatingEvent } from '../../../api/contract/admin/ratings';
import { useAdminServices } from './context';
import { requiredContext } from '../../app/requiredContext';

export const WS_UNAUTHORIZED = 4401;
const MAX_RETRY_MS = 30_000;

export type LiveStatus = 'connecting' | 'online' | 'offline';

export interface LiveOrders {
  status: LiveStatus;
  /** New orders not yet acknowledged by the operator, newest first. */
  fresh: readonly StaffOrderEvent[];
  acknowledge(): void;
  /** The operator opened this order: it is no longer new. */
  seen(orderId: string): void;
  /** Every order event as it arrives. */
  subscribe(listener: (event: StaffOrderEvent) => void): () => void;
  /** Ratings of 1–3 given since the screen opened and not yet put aside, newest first. */
  lowRatings: readonly StaffRatingEvent[];
  /** The operator has dealt with this order's low rating. */
  putAsideRating(orderId: string): void;
  /** Every low rating as it arrives. */
  subscribeRatings(listener: (event: StaffRatingEvent) => void): () => void;
}

const Context = requiredContext<LiveOrders>('LiveOrdersProvider');
export const useLiveOrders = Context.use;

export function LiveOrdersProvider({ token, children }: { token: string; children: ReactNode }) {
  const { api, openSocket, session, beeper } = useAdminServices();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [fresh, setFresh] = useState<readonly StaffOrderEvent[]>([]);
  const listeners = useRef(new Set<(event: StaffOrderEvent) => void>());
  const [lowRatings, setLowRatings] = useState<readonly StaffRatingEvent[]>([]);
  const ratingListeners = useRef(new Set<(event: StaffRatingEvent) => void>());

  useEffect(() => {
    let socket: ReturnType<typeof openSocket> | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let retryMs = 1000;
    let stopped = false;
    const connect = () => {
      const url = api.socketUrl('/ws');
      if (url === null) return;
      setStatus('connecting');
      const ws = openSocket(url);
      socket = ws;
      ws.onopen = () => {
        retryMs = 1000;
        setStatus('online');
      };
      ws.onmessage = (message) => {
        let data: unknown;
        try {
          data = JSON.parse(String(message.data));
        } catch {
          return;
        }
        const rating = StaffRatingEvent.safeParse(data);
        if (rating.success) {
          const event = rating.data;
          setLowRatings((list) => [event, ...list.filter((e) => e.orderId !== event.orderId)]);
          beeper.beep();
          for (const l of [...ratingListeners.current]) l(event);
          return;
        }
        const parsed = StaffOrderEvent.safeParse(data);
        if (!parsed.success) return;
        const event = parsed.data;
        // an order this staff member just took by phone: they know of it, so no alert and no sound
        const own = event.takenBy !== undefined && event.takenBy === session.get()?.staff.id;
        if (event.type === 'order:new' && !own) {
          setFresh((list) => (list.some((e) => e.orderId === event.orderId) ? list : [event, ...list]));
          beeper.beep();
        }
        for (const l of [...listeners.current]) l(event);
      };
      ws.onerror = () => undefined;
      ws.onclose = (event) => {
        if (socket !== ws) return;
        socket = null;
        if (stopped) return;
        setStatus('offline');
        if (event.code === WS_UNAUTHORIZED) {
          session.clear('expired');
          return;
        }
        timer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      socket?.close(1000, 'bye');
      socket = null;
    };
  }, [api, openSocket, session, beeper, token]);

  // The tab title counts unacknowledged new orders, so a background tab shows them too.
  useEffect(() => {
    const base = 'Панель управления';
    document.title = fresh.length > 0 ? `(${fresh.length}) Новые заказы — ${base}` : base;
  }, [fresh.length]);

  const acknowledge = useCallback(() => setFresh([]), []);
  const seen = useCallback((orderId: string) => setFresh((list) => (list.some((e) => e.orderId === orderId) ? list.filter((e) => e.orderId !== orderId) : list)), []);
  const subscribe = useCallback((listener: (event: StaffOrderEvent) => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const putAsideRating = useCallback(
    (orderId: string) => setLowRatings((list) => list.filter((e) => e.orderId !== orderId)),
    [],
  );
  const subscribeRatings = useCallback((listener: (event: StaffRatingEvent) => void) => {
    ratingListeners.current.add(listener);
    return () => {
      ratingListeners.current.delete(listener);
    };
  }, []);
  const value = useMemo<LiveOrders>(
    () => ({ status, fresh, acknowledge, seen, subscribe, lowRatings, putAsideRating, subscribeRatings }),
    [status, fresh, acknowledge, seen, subscribe, lowRatings, putAsideRating, subscribeRatings],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/**
 * Browsers allow sound only after a user gesture: arms the beeper on every pointer or key press
 * (the sign-in click included), so the first new order can already beep.
 */
export function useBeeperUnlock(): void {
  const { beeper } = useAdminServices();
  useEffect(() => {
    const unlock = () => beeper.unlock();
    document.addEventListener('pointerdown', unlock);
    document.addEventListener('keydown', unlock);
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, [beeper]);
}

/** Runs `onEvent` for every order event (e.g. to reload a list). */
export function useOrderEvents(onEvent: (event: StaffOrderEvent) => void): void {
  const { subscribe } = useLiveOrders();
  const ref = useRef(onEvent);
  ref.current = onEvent;
  useEffect(() => subscribe((event) => ref.current(event)), [subscribe]);
}

/** Runs `onEvent` for every low rating (e.g. to reload the open order). */
export function useRatingEvents(onEvent: (event: StaffRatingEvent) => void): void {
  const { subscribeRatings } = useLiveOrders();
  const ref = useRef(onEvent);
  ref.current = onEvent;
  useEffect(() => subscribeRatings((event) => ref.current(event)), [subscribeRatings]);
}
