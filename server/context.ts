// Everything a route or service needs, built once at start (and per test with fakes).
import type { Config } from './config.js';
import type { Database } from './db/database.js';

/** What the server pushes to WebSocket clients (across processes through LISTEN/NOTIFY). */
export type PushMessage =
  | { type: 'catalog:update'; version: string }
  | { type: 'settings:update'; version: string }
  | { type: 'order:status_update'; userId: string; orderId: string; status: string };

export interface Push {
  publish(message: PushMessage): Promise<void>;
}

export interface Clock {
  now(): Date;
}

export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

export interface AppContext {
  config: Config;
  db: Database;
  clock: Clock;
  push: Push;
  sms: SmsSender;
}

export const systemClock: Clock = { now: () => new Date() };
