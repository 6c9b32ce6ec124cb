// server/push.ts on a PostgreSQL server: a publish on one connection reaches another
// connection's hub, as it does between server processes. Needs TEST_DATABASE_URL: `*.pg.test.ts`
// files run under `npm run test:pg` (vitest.config.ts leaves them out of plain `npm test`).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { PushMessage } from '../../server/context.js';
import { openPostgres } from '../../server/db/database.js';
import { createPush } from '../../server/push.js';
import { eventually } from './wsClient.js';

const log = { info: () => undefined, warn: () => undefined };
const order = (userId: string): PushMessage => ({ type: 'order:status_update', userId, orderId: 'o-1', status: 'В пути' });

// Two connections to one database on a PostgreSQL server stand for two server processes
// (NOTIFY reaches the listeners of the same database only).
if (!process.env.TEST_DATABASE_URL) throw new Error('push.pg.test.ts needs TEST_DATABASE_URL: run it with `npm run test:pg`');

describe('across connections (PostgreSQL server, TEST_DATABASE_URL)', () => {
  it('a publish on one connection reaches the hub listening on another', async () => {
    const base = process.env.TEST_DATABASE_URL ?? '';
    const name = `storefront_push_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const first = await openPostgres(url.toString());
    const second = await openPostgres(url.toString());
    const a = await createPush(first, log, { versionPollMs: 60_000 });
    const b = await createPush(second, log, { versionPollMs: 60_000 });
    try {
      const got: PushMessage[] = [];
      b.hub.subscribe({ userId: 'u9', deliver: (m) => void got.push(m) });
      await a.publish(order('u9'));
      await eventually(() => got.length === 1, 5_000, 'the cross-connection push');
      expect(got).toEqual([order('u9')]);
    } finally {
      await a.close();
      await b.close();
      await first.close();
      await second.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
