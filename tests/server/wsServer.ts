// A listening server with the real push (LISTEN/NOTIFY on the test database) for the WebSocket
// suites: started before the file's tests, handed to `ready`, and after them its sockets closed
// first, then the server, the push and the database. The returned `open` connects a socket to it.
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { AppContext } from '../../server/context.js';
import type { Database } from '../../server/db/database.js';
import { createPush, type ProcessPush } from '../../server/push.js';
import { seedDemoChain } from '../../server/seed/index.js';
import { openTestDatabase, settableClock } from './helpers.js';
import { connect, type TestSocket } from './wsClient.js';

export interface WsServer {
  db: Database;
  push: ProcessPush;
  ctx: AppContext;
  app: FastifyInstance;
  /** ws://127.0.0.1:<port> */
  base: string;
}

const quiet = { info: () => undefined, warn: () => undefined };

/** Opens /api/v1/ws on the file's server (closed after the file's tests). */
export type OpenSocket = (query?: string, headers?: Record<string, string>) => TestSocket;

/** `sockets`: more sockets of the file's own (to other servers) to close with these. */
export function useWsServer(
  options: { versionPollMs: number; sockets?: TestSocket[] },
  ready: (server: WsServer) => void,
): OpenSocket {
  const sockets = options.sockets ?? [];
  let started: WsServer | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    const db = opened.db;
    await seedDemoChain(db);
    const push = await createPush(db, quiet, { versionPollMs: options.versionPollMs });
    const ctx: AppContext = {
      config: loadConfig({}),
      db,
      clock: settableClock(),
      push,
      sms: { send: async () => undefined },
    };
    const app = await buildApp(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    started = { db, push, ctx, app, base: `ws://127.0.0.1:${address.port}` };
    ready(started);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await started?.app.close();
    await started?.push.close();
    await started?.db.close();
    await drop?.();
  });
  return (query = '', headers = {}) => {
    if (!started) throw new Error('useWsServer: a socket opened before the server started');
    const socket = connect(`${started.base}/api/v1/ws${query}`, { headers });
    sockets.push(socket);
    return socket;
  };
}
