// A small WebSocket test client over the `ws` package (a dependency of @fastify/websocket; it
// ships no types, so the part used here is typed locally).
import { createRequire } from 'node:module';

interface RawClient {
  readyState: number;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  on(event: 'open' | 'ping', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  close(): void;
  terminate(): void;
}
type RawClientConstructor = new (
  url: string,
  options?: { headers?: Record<string, string>; autoPong?: boolean },
) => RawClient;

const require = createRequire(import.meta.url);
const WebSocketClient = require('ws') as RawClientConstructor;

export interface TestSocket {
  /** Every JSON message received so far. */
  messages: Record<string, unknown>[];
  pings: number;
  /** Resolves with the first message (already received or future) matching `predicate`. */
  next(predicate: (m: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export function connect(
  url: string,
  options: { headers?: Record<string, string>; autoPong?: boolean } = {},
): TestSocket {
  const client = new WebSocketClient(url, { headers: options.headers ?? {}, autoPong: options.autoPong ?? true });
  const messages: Record<string, unknown>[] = [];
  const waiters: {
    predicate: (m: Record<string, unknown>) => boolean;
    resolve: (m: Record<string, unknown>) => void;
  }[] = [];
  const socket: TestSocket = {
    messages,
    pings: 0,
    next(predicate, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`no matching WebSocket message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        waiters.push({
          predicate,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    closed: new Promise((resolve) => {
      client.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') }));
    }),
    close: () => client.close(),
  };
  client.on('message', (data) => {
    const message = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  client.on('ping', () => {
    socket.pings++;
  });
  client.on('error', () => undefined);
  return socket;
}
