import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGLITE_PREPARED_MAX, QUEUE_TASKS_PER_TURN, openPglite, type Database } from '../../server/db/database.js';
import { DataDirLockedError } from '../../server/db/lock.js';

const opened: Database[] = [];
afterEach(async () => {
  while (opened.length > 0) await opened.pop()?.close();
});

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-db-'));
}

describe('embedded database (PGlite)', () => {
  it('applies the migrations once and records them', async () => {
    const db = await openPglite(null);
    opened.push(db);
    const rows = await db.run((x) =>
      x.execute<{ name: string }>(sql`select name from schema_migrations order by name`),
    );
    const files = fs
      .readdirSync('server/db/migrations')
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(rows.rows.map((r) => r.name)).toEqual(files);
  });

  it('refuses a second opener of the same DATA_DIR with a clear message', async () => {
    const dir = tempDir();
    const first = await openPglite(dir);
    opened.push(first);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
  });

  it('serialises work so a transaction never sees another caller’s statements', async () => {
    const db = await openPglite(null);
    opened.push(db);
    await db.run((x) => x.execute(sql`create table t (n int)`));
    const order: string[] = [];
    const tx = db.transaction(async (t) => {
      order.push('tx-start');
      await t.execute(sql`insert into t values (1)`);
      await new Promise((r) => setTimeout(r, 20));
      order.push('tx-end');
      throw new Error('roll back');
    });
    const outside = db.run(async (x) => {
      order.push('outside');
      await x.execute(sql`insert into t values (2)`);
    });
    await expect(tx).rejects.toThrow('roll back');
    await outside;
    expect(order).toEqual(['tx-start', 'tx-end', 'outside']);
    const rows = await db.run((x) => x.execute<{ n: number }>(sql`select n from t`));
    expect(rows.rows).toEqual([{ n: 2 }]);
  });

  it('lets the event loop turn every few queued tasks (sockets and timers are not starved by a busy queue)', async () => {
    const db = await openPglite(null);
    opened.push(db);
    const order: string[] = [];
    const count = 2 * QUEUE_TASKS_PER_TURN;
    const tasks = Array.from({ length: count }, (_, i) =>
      db.run(async () => {
        order.push(`task ${i}`);
      }),
    );
    setImmediate(() => order.push('event loop'));
    await Promise.all(tasks);
    expect(order.indexOf('event loop')).toBeGreaterThan(-1);
    expect(order.indexOf('event loop')).toBeLessThan(order.indexOf(`task ${count - 1}`));
  });

  it('keeps timestamps as Drizzle reads them and JSON as values (PGlite queries go without per-query parsers)', async () => {
    const db = await openPglite(null);
    opened.push(db);
    await db.run((x) => x.execute(sql`create table t (at timestamptz, doc jsonb, n bigint)`));
    const at = new Date('2026-11-20T05:00:00.123Z');
    await db.run((x) => x.execute(sql`insert into t values (${at}, ${JSON.stringify({ a: [1, 'б'] })}::jsonb, 42)`));
    const raw = await db.run((x) => x.execute<{ at: unknown; doc: unknown }>(sql`select at, doc from t`));
    expect(typeof raw.rows[0]?.at).toBe('string');
    expect(new Date(String(raw.rows[0]?.at)).toISOString()).toBe(at.toISOString());
    expect(raw.rows[0]?.doc).toEqual({ a: [1, 'б'] });
    const inTx = await db.transaction((x) => x.execute<{ at: unknown }>(sql`select at from t`));
    expect(typeof inTx.rows[0]?.at).toBe('string');
  });

  it('runs each query text as a prepared statement: errors leave it usable, past the cap old ones are closed, transactions roll back', async () => {
    const db = await openPglite(null);
    opened.push(db);
    await db.run((x) => x.execute(sql`create table t (id int primary key, note text, at timestamptz, ok boolean)`));
    const insert = (id: number, note: string | null) =>
      db.run((x) =>
        x.execute(
          sql`insert into t (id, note, at, ok) values (${id}, ${note}, ${new Date('2026-11-20T05:00:00Z')}, ${true})`,
        ),
      );
    await insert(1, 'первый');
    // the same text again, now failing in execution (duplicate key), then again succeeding
    await expect(insert(1, 'дубль')).rejects.toMatchObject({ cause: { code: '23505' } });
    await insert(2, null);
    // a statement that fails to parse is not kept
    await expect(db.run((x) => x.execute(sql`selec 1`))).rejects.toMatchObject({ cause: { code: '42601' } });
    // more distinct texts than the cap: the oldest are closed and prepared again on their next use
    for (let i = 0; i < PGLITE_PREPARED_MAX + 20; i++) {
      const rows = await db.run((x) => x.execute<{ n: number }>(sql.raw(`select ${i}::int as n`)));
      expect(rows.rows[0]?.n).toBe(i);
    }
    await insert(3, 'после вытеснения');
    // a throw inside a transaction rolls back every statement of it
    await expect(
      db.transaction(async (x) => {
        await x.execute(
          sql`insert into t (id, note, at, ok) values (${4}, ${'в транзакции'}, ${new Date('2026-11-20T05:00:00Z')}, ${false})`,
        );
        await x.execute(
          sql`insert into t (id, note, at, ok) values (${1}, ${'дубль'}, ${new Date('2026-11-20T05:00:00Z')}, ${false})`,
        );
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    const rows = await db.run((x) =>
      x.execute<{ id: number; note: string | null; ok: boolean }>(sql`select id, note, ok from t order by id`),
    );
    expect(rows.rows).toEqual([
      { id: 1, note: 'первый', ok: true },
      { id: 2, note: null, ok: true },
      { id: 3, note: 'после вытеснения', ok: true },
    ]);
    // and the connection is usable after the rollback
    expect(
      (await db.transaction((x) => x.execute<{ n: number }>(sql`select count(*)::int as n from t`))).rows[0]?.n,
    ).toBe(3);
  });

  it('delivers NOTIFY to a listener', async () => {
    const db = await openPglite(null);
    opened.push(db);
    const got: string[] = [];
    const stop = await db.listen('storefront_test', (p) => got.push(p));
    await db.notify('storefront_test', 'hello');
    await new Promise((r) => setTimeout(r, 50));
    await stop();
    expect(got).toEqual(['hello']);
  });
});
