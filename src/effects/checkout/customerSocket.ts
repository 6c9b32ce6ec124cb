// The customer's order socket, followed while a page about their orders is shown (/complete, the
// order history): one socket at a time, reconnecting after each close, until the page says it
// is done or the customer signs out. What a push means is each page's own.
import {
  asyncScheduler,
  exhaustMap,
  filter,
  ignoreElements,
  map,
  merge,
  Observable,
  retry,
  takeUntil,
  timer,
} from 'rxjs';
import type { AppCommand } from '../../commands';
import type { AppEvent } from '../../events';
import { selectIsSignedIn, type AppState } from '../../projections/store';
import type { Effect } from '../deps';
import { eventsOf } from '../operators';
import { RECONNECT_MS, WS_PATH, type CheckoutEffectOptions, type OpenSocket } from './shared';

/** A push as the server sends it; the fields besides `type` are the page's to check. */
export type CustomerPush = { type: string; orderId?: unknown; status?: unknown; edited?: unknown };

export function parsePush(data: unknown): CustomerPush | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string'
      ? (value as { type: string })
      : null;
  } catch {
    return null;
  }
}

/** A cold stream of one WebSocket's text messages; it errors when the socket closes (so `retry` reconnects). */
export function socket$(open: OpenSocket, path: string): Observable<unknown> {
  return new Observable<unknown>((subscriber) => {
    const socket = open(path);
    socket.onmessage = (event) => subscriber.next(event.data);
    socket.onclose = (event) => subscriber.error(new Error(`WebSocket closed (${event.code})`));
    return () => {
      socket.onmessage = null;
      socket.onclose = null;
      socket.close();
    };
  });
}

export interface FollowedPage<T> {
  /** What is shown, with the state then: each opens the socket unless one is open already. */
  shown$: (events$: Observable<AppEvent>, state$: Observable<AppState>) => Observable<[T, AppState]>;
  /** When following `shown` ends (sign-out ends it anyway). */
  ended$: (events$: Observable<AppEvent>, shown: T) => Observable<unknown>;
  /** The commands the socket's pushes call for. */
  commands: (pushes$: Observable<CustomerPush>, shown: T, state$: Observable<AppState>) => Observable<AppCommand>;
}

/** An effect that follows the signed-in customer's order socket while `page` is shown; nothing without a socket. */
export function followCustomerSocket<T>(options: CheckoutEffectOptions, page: FollowedPage<T>): Effect {
  const scheduler = options.scheduler ?? asyncScheduler;
  const reconnectMs = options.reconnectMs ?? RECONNECT_MS;
  const open = options.openSocket;
  return (event$, state$) => {
    const events$ = eventsOf(event$);
    // No socket, nothing to follow; the effect still ends with the events, like the others.
    if (open === undefined) return events$.pipe(ignoreElements());
    return page.shown$(events$, state$).pipe(
      filter(([, state]) => selectIsSignedIn(state)),
      exhaustMap(([shown, state]) => {
        const path = `${WS_PATH}?token=${encodeURIComponent(state.auth.token ?? '')}`;
        const pushes$ = socket$(open, path).pipe(
          retry({ delay: () => timer(reconnectMs, scheduler) }),
          map(parsePush),
          filter((push): push is CustomerPush => push !== null),
        );
        const ended$ = merge(page.ended$(events$, shown), events$.pipe(filter((e) => e.type === 'LoggedOut')));
        return page.commands(pushes$, shown, state$).pipe(takeUntil(ended$));
      }),
    );
  };
}
