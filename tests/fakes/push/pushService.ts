// A local, stateful fake of a web push service (RFC 8030) on 127.0.0.1 with a free port. It hands
// out subscriptions as a browser would (tests/fakes/push/crypto.ts keeps each one's private key),
// and for every POST to a subscription's endpoint checks the VAPID token (RFC 8292) and decrypts
// the aes128gcm body (RFC 8291), keeping what arrived. Faults: per subscription or for all of them,
// 404, 410, 500, or slow (the answer is held until released or the fake closes).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import {
  checkVapid,
  decryptAes128gcm,
  newBrowserKeys,
  PushRefusal,
  type BrowserKeys,
  type VapidClaims,
} from './crypto.js';

export type FakePushFault = 'none' | '404' | '410' | '500' | 'slow';

export interface FakeSubscription {
  id: string;
  endpoint: string;
  /** As PushSubscription.toJSON() gives it: what the browser sends to the server. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  keys: BrowserKeys;
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, as the service worker's push event would see it. */
  text: string;
  vapid: VapidClaims;
  ttl: number;
  urgency: string | null;
  topic: string | null;
}

export interface FakePushService {
  origin: string;
  /** A new subscription, as PushManager.subscribe would give one. */
  subscribe(): FakeSubscription;
  /** The browser unsubscribed: its endpoint answers 410 from now on. */
  unsubscribe(subscription: FakeSubscription): void;
  /** A fault for one subscription, or (no subscription) for every one. */
  fail(fault: FakePushFault, subscription?: FakeSubscription): void;
  received: ReceivedPush[];
  /** Requests refused (bad token, undecryptable body), with the reason. */
  refused: { subscriptionId: string; status: number; reason: string }[];
  /** Answers held by the 'slow' fault so far. */
  readonly held: number;
  /** Answers every held request with 201 (after the sender may have given up). */
  release(): void;
  /** Resolves once `count` pushes have arrived in total. */
  waitFor(count: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startFakePushService(options: { now?: () => number } = {}): Promise<FakePushService> {
  const nowSeconds = () => Math.floor((options.now?.() ?? Date.now()) / 1000);
  const subscriptions = new Map<string, FakeSubscription>();
  const unsubscribed = new Set<string>();
  const faults = new Map<string, FakePushFault>();
  let allFault: FakePushFault = 'none';
  const held: http.ServerResponse[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let origin = '';

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, text = '') => {
        response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(text);
      };
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      if (request.method !== 'POST') return answer(405);
      if (unsubscribed.has(id)) return answer(410, 'push subscription has unsubscribed or expired');
      const subscription = subscriptions.get(id);
      if (subscription === undefined) return answer(404, 'no such subscription');
      const fault = faults.get(id) ?? allFault;
      if (fault === '404') return answer(404, 'not found');
      if (fault === '410') return answer(410, 'gone');
      if (fault === '500') return answer(500, 'internal error');
      try {
        const vapid = checkVapid(request.headers.authorization, subscription.endpoint, nowSeconds());
        if (request.headers['content-encoding'] !== 'aes128gcm')
          throw new PushRefusal(415, `content-encoding ${String(request.headers['content-encoding'])}`);
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new PushRefusal(400, 'TTL header missing');
        const text = decryptAes128gcm(Buffer.concat(chunks), subscription.keys);
        if (fault === 'slow') {
          held.push(response);
          return;
        }
        service.received.push({
          subscriptionId: id,
          text,
          vapid,
          ttl,
          urgency: header(request, 'urgency'),
          topic: header(request, 'topic'),
        });
        for (const waiter of waiters.filter((w) => service.received.length >= w.count)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
        return answer(201);
      } catch (error) {
        if (!(error instanceof PushRefusal)) {
          service.refused.push({ subscriptionId: id, status: 500, reason: String(error) });
          return answer(500, 'fake push service failed');
        }
        service.refused.push({ subscriptionId: id, status: error.status, reason: error.message });
        return answer(error.status, error.message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const service: FakePushService = {
    origin,
    subscribe() {
      const id = randomUUID();
      const keys = newBrowserKeys();
      const endpoint = `${origin}/push/${id}`;
      const subscription = { id, endpoint, keys, json: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } };
      subscriptions.set(id, subscription);
      return subscription;
    },
    unsubscribe(subscription) {
      unsubscribed.add(subscription.id);
    },
    fail(fault, subscription) {
      if (subscription === undefined) allFault = fault;
      else faults.set(subscription.id, fault);
    },
    received: [],
    refused: [],
    get held() {
      return held.length;
    },
    release() {
      for (const response of held.splice(0)) if (!response.destroyed) response.writeHead(201).end();
    },
    waitFor(count) {
      if (service.received.length >= count) return Promise.resolve(service.received);
      return new Promise((resolve) => waiters.push({ count, resolve: () => resolve(service.received) }));
    },
    async close() {
      for (const response of held.splice(0)) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return service;
}

function header(request: http.IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}
