// WebSocket at /api/v1/ws: server → client pushes for customers and staff.
// See docs/SERVER.md «WebSocket and push».
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { PushMessage } from '../context.js';
import { createHub, hasHub, type PushHub } from '../push.js';
import { bearerToken } from '../http/requestAuth.js';
import { userOfToken } from '../services/sessions.js';
import { isStaffToken, staffFromToken } from '../services/admin/staffSessions.js';
import { StaffOrderEvent } from '../../src/api/contract/admin/orders.js';
import { isCourierOfOrder } from '../services/admin/couriers.js';
import { isPhoneOrder, phoneTakerOf } from '../services/admin/phoneOrders.js';
import { StaffRatingEvent } from '../../src/api/contract/admin/ratings.js';

type StaffEvent = StaffOrderEvent | StaffRatingEvent;
/** What the staff channel may carry: order changes (0005) and low ratings (0114). */
function parseStaffEvent(data: unknown): StaffEvent | null {
  const order = StaffOrderEvent.safeParse(data);
  if (order.success) return order.data;
  const rating = StaffRatingEvent.safeParse(data);
  return rating.success ? rating.data : null;
}

/** NOTIFY channel of the orders trigger (migration 0005_staff_audit.sql). */
export const STAFF_CHANNEL = 'storefront_staff';

export const PING_INTERVAL_MS = 30_000;
const MAX_BUFFERED_BYTES = 1_048_576;
export const WS_UNAUTHORIZED = 4401;
/** Close code of the shutdown (RFC 6455 'going away'). */
export const WS_GOING_AWAY = 1001;
const WS_CLOSE_WAIT_MS = 1_000;

/** What this route needs of a `ws` WebSocket. */
interface Socket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  ping(): void;
  terminate(): void;
  close(code?: number, reason?: string): void;
  on(event: 'pong' | 'close' | 'error' | 'message', listener: () => void): void;
}
const OPEN = 1;

/** How often a staff socket's session is checked again. */
export const STAFF_RECHECK_MS = 30_000;

export function createWsModule(options: { pingIntervalMs?: number; staffRecheckMs?: number } = {}) {
  return async function registerWs(app: FastifyInstance): Promise<void> {
    const ctx = app.ctx;
    // A process push brings its hub; a test's recording fake gets one of its own here.
    const hub: PushHub = hasHub(ctx.push) ? ctx.push.hub : createHub();
    const alive = new Map<Socket, boolean>();

    await app.register(fastifyWebsocket, {
      options: { maxPayload: 4096 },
      // At shutdown, after the drain's grace period: 1001 'going away' makes the storefront
      // reconnect, through the load balancer, to another process. A client that does not answer
      // the close within WS_CLOSE_WAIT_MS is cut, so no socket outlives the drain.
      preClose: async function closeSockets(this: FastifyInstance) {
        const server = this.websocketServer;
        await Promise.all(
          [...server.clients].map(
            (client) =>
              new Promise<void>((resolve) => {
                if (client.readyState === client.CLOSED) {
                  resolve();
                  return;
                }
                const timer = setTimeout(() => client.terminate(), WS_CLOSE_WAIT_MS);
                client.once('close', () => {
                  clearTimeout(timer);
                  resolve();
                });
                client.close(WS_GOING_AWAY, 'Сервер перезапускается');
              }),
          ),
        );
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    });

    const pingTimer = setInterval(() => {
      for (const [socket, answered] of alive) {
        if (!answered) {
          socket.terminate();
          alive.delete(socket);
          continue;
        }
        alive.set(socket, false);
        try {
          socket.ping();
        } catch {
          socket.terminate();
        }
      }
    }, options.pingIntervalMs ?? PING_INTERVAL_MS);
    pingTimer.unref();
    app.addHook('onClose', async () => {
      clearInterval(pingTimer);
    });

    // staff sockets of this process, fed by LISTEN on the staff channel
    const staffSockets = new Set<(message: StaffEvent) => void>();
    const fanOut = (event: StaffEvent) => {
      for (const deliver of staffSockets) {
        try {
          deliver(event);
        } catch {
          // a failing socket is dropped by its own close handler
        }
      }
    };
    // An order:new names who took it by phone, so their own screen does not alert; one event at a
    // time, so the look-up never lets a later change of the order overtake its order:new.
    let delivering: Promise<void> = Promise.resolve();
    const stopStaffListening = await ctx.db.listen(STAFF_CHANNEL, (payload) => {
      // every process hears every order's change: parsing it for no open staff screen was waste
      if (staffSockets.size === 0) return;
      let parsed: StaffEvent | null;
      try {
        parsed = parseStaffEvent(JSON.parse(payload));
      } catch {
        return;
      }
      if (parsed === null) return;
      const event = parsed;
      delivering = delivering
        .then(async () => {
          if (event.type !== 'order:new') return fanOut(event);
          // a failed look-up still announces the order (with the alert), rather than losing it
          const takenBy = await phoneTakerOf(ctx, event.orderId).catch(() => null);
          fanOut(takenBy === null ? event : { ...event, takenBy });
        })
        .catch(() => undefined);
    });
    app.addHook('onClose', async () => {
      await stopStaffListening().catch(() => undefined);
    });

    app.route({
      method: 'GET',
      url: '/ws',
      // a plain HTTP request (no Upgrade header)
      handler: async (_request, reply) =>
        reply
          .code(426)
          .header('upgrade', 'websocket')
          .send({ message: 'Нужно WebSocket-соединение', code: 'upgrade-required' }),
      wsHandler: async (raw, request) => {
        const socket: Socket = raw;
        let closed = false;
        let unsubscribe: (() => void) | null = null;
        socket.on('close', () => {
          closed = true;
          alive.delete(socket);
          unsubscribe?.();
        });
        socket.on('error', () => socket.terminate());
        socket.on('pong', () => {
          if (alive.has(socket)) alive.set(socket, true);
        });
        socket.on('message', () => undefined);

        let userId: string | null = null;
        let isStaff = false;
        let courierId: string | null = null;
        let callCentre = false;
        const token = bearerToken(request);
        /** Whom the token names; null, the socket closed, when the check failed (1011) or names no one. */
        const signedIn = async <T>(check: Promise<T | null>, failure: string, signInText: string) => {
          const who = await check.catch((error: unknown) => {
            request.log.error({ err: error }, failure);
            return undefined;
          });
          if (who === undefined) socket.close(1011, 'Ошибка сервера. Попробуйте позже');
          else if (who === null) socket.close(WS_UNAUTHORIZED, signInText);
          return who ?? null;
        };
        if (token !== null && isStaffToken(token)) {
          const staff = await signedIn(
            staffFromToken(ctx, token),
            'WebSocket staff sign-in check failed',
            'Требуется вход в панель управления',
          );
          if (staff === null) return;
          isStaff = true;
          if (staff.role === 'courier') courierId = staff.staffId;
          callCentre = staff.role === 'callcentre';
        } else if (token !== null) {
          const user = await signedIn(
            userOfToken(ctx, token),
            'WebSocket sign-in check failed',
            'Требуется вход по номеру телефона',
          );
          if (user === null) return;
          userId = user.userId;
        }
        if (closed) return;
        alive.set(socket, true);
        const send = (message: PushMessage | StaffEvent | { type: 'hello'; signedIn: boolean; staff?: true }) => {
          if (socket.readyState !== OPEN) return;
          if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
            socket.terminate();
            return;
          }
          socket.send(JSON.stringify(message));
        };
        const unsubscribeHub = hub.subscribe({ userId, deliver: send });
        if (isStaff && token !== null) {
          // a courier hears only of the orders assigned to them, the call centre only of phone orders
          const courier = courierId;
          const hears = (orderId: string): Promise<boolean> =>
            courier !== null ? isCourierOfOrder(ctx, courier, orderId) : isPhoneOrder(ctx, orderId);
          const deliverStaff =
            courier === null && !callCentre
              ? send
              : (event: StaffEvent) =>
                  void hears(event.orderId)
                    .then((heard) => {
                      if (heard) send(event);
                    })
                    .catch(() => undefined);
          staffSockets.add(deliverStaff);
          // a revoked or expired staff session (logout, an admin revoking, a disabled account)
          // loses its live orders at the next check, in whichever process holds the socket
          const recheck = setInterval(() => {
            void staffFromToken(ctx, token)
              .then((still) => {
                if (still === null) socket.close(WS_UNAUTHORIZED, 'Требуется вход в панель управления');
              })
              .catch(() => undefined);
          }, options.staffRecheckMs ?? STAFF_RECHECK_MS);
          recheck.unref();
          unsubscribe = () => {
            clearInterval(recheck);
            unsubscribeHub();
            staffSockets.delete(deliverStaff);
          };
          send({ type: 'hello', signedIn: false, staff: true });
          return;
        }
        unsubscribe = unsubscribeHub;
        send({ type: 'hello', signedIn: userId !== null });
      },
    });
  };
}

export const registerWs = createWsModule();
