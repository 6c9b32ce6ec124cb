// server/push.ts on a PostgreSQL server: a publish on one connection reaches another
// connection's hub, as it does between server processes. Needs TEST_DATABASE_URL: `*.pg.test.ts`
// files run under `npm run test:pg` (vitest.config.ts leaves them out of plain `npm test`).
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { PushMessage } from '../../server/context.js';
import { openPostgres } from '../../server/db/database.js';
import { createPush } from '../../server/push.js';
import { freshPostgres } from './freshPostgres.js';
import { eventually } from './eventually.js';

const log = { info: () => undefined, warn: () => undefined };
const order = (userId: string): PushMessage => ({
  type: 'order:status_update',
  userId,
  orderId: 'o-1',
  status: 'В пути',
});

// Two connections to one database on a PostgreSQL server stand for two server processes
// (NOTIFY reaches the listeners of the same database only).
if (!process.env.TEST_DATABASE_URL)
  throw new Error('push.pg.test.ts needs TEST_DATABASE_URL: run it with `npm run test:pg`');

describe('across connections (PostgreSQL server, TEST_DATABASE_URL)', () => {
  it('a publish on one connection reaches the hub listening on another', async () => {
    const base = process.env.TEST_DATABASE_URL ?? '';
    const fresh = await freshPostgres(base, 'storefront_push');
    const first = await openPostgres(fresh.url);
    const second = await openPostgres(fresh.url);
    const a = await createPush(first, log, { versionPollMs: 60_000 });
    const b = await createPush(second, log, { versionPollMs: 60_000 });
    try {
      const got: PushMessage[] = [];
      b.hub.subscribe({ userId: 'u9', deliver: (m) => void got.push(m) });
      await a.publish(order('u9'));
      await eventually('the cross-connection push', () => got.length === 1, 5_000);
      expect(got).toEqual([order('u9')]);
    } finally {
      await a.close();
      await b.close();
      await first.close();
      await second.close();
      await fresh.drop();
    }
  });
});

describe('the LISTEN connection', () => {
  it('is reopened after the server drops it, and listens on its channels again', async () => {
    const base = process.env.TEST_DATABASE_URL ?? '';
    const fresh = await freshPostgres(base, 'storefront_relisten');
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const db = await openPostgres(fresh.url);
    try {
      const got: string[] = [];
      await db.listen('relisten_check', (payload) => void got.push(payload));
      await db.notify('relisten_check', 'before');
      await eventually('delivery before the drop', () => got.includes('before'), 5_000);
      // what a PostgreSQL restart or an idle-connection reaper does to the listener
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
        [fresh.name],
      );
      // notifications sent while it reconnects are lost by design; keep sending until one arrives
      await eventually(
        'delivery after the reconnect',
        () => {
          void db.notify('relisten_check', 'after').catch(() => undefined);
          return got.includes('after');
        },
        15_000,
      );
    } finally {
      await db.close();
      await admin.end();
      await fresh.drop();
    }
  });
});
