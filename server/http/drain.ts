// Draining before a shutdown (docs/DEPLOY.md "Rolling restart"). SIGTERM starts it: readiness
// answers 503 at once while requests are still served, each answer with `Connection: close`, so
// the load balancer stops routing here and moves its connections to the other processes; after
// the grace period server/main.ts closes the app, which finishes the requests in flight.
import type { Socket } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface Lifecycle {
  readonly draining: boolean;
  /** Readiness turns 503 and every answer from now on closes its connection. */
  startDraining(): void;
}

/** Adds the drain's hooks to `app` (before its routes) and returns the switch. */
export function installDrain(app: FastifyInstance): Lifecycle {
  let draining = false;
  const closing = new WeakSet<ServerResponse>();
  const lastRequest = new WeakMap<Socket, IncomingMessage>();

  app.addHook('onRequest', async (request) => {
    lastRequest.set(request.raw.socket, request.raw);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) {
      void reply.header('connection', 'close');
      closing.add(reply.raw);
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!draining || closing.has(reply.raw)) return;
    // An answer whose headers went out before the drain kept its connection alive: left open, it
    // would hold app.close() for the keep-alive timeout (72 s). End it once it carries no newer
    // request and has nothing left to write (a new request's answer says `Connection: close`).
    const socket = request.raw.socket;
    const closeIfIdle = (): void => {
      if (socket.destroyed || lastRequest.get(socket) !== request.raw) return;
      if (socket.writableLength > 0) {
        socket.once('drain', closeIfIdle);
        return;
      }
      socket.destroy();
    };
    setImmediate(closeIfIdle);
  });

  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}

/**
 * The whole shutdown: drain for `graceMs` (or until `skipGrace` settles: a second signal), then
 * close the app: no new connections, idle ones ended, requests in flight finished, WebSockets
 * closed (server/routes/ws.ts).
 */
export async function drainAndClose(app: FastifyInstance, graceMs: number, skipGrace: Promise<void>): Promise<void> {
  app.lifecycle.startDraining();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))), skipGrace]);
  clearTimeout(timer);
  await app.close();
}
