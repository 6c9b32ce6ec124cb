// Applies server/db/migrations/*.sql in name order, each once, all in one transaction.
// Several server processes may start at once against one PostgreSQL: an advisory lock makes
// them take turns. Scripts may hold several statements, so they run through the driver's
// simple-query path (PGlite `exec`, pg `query` without parameters), not through Drizzle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_KEY = 727_001;

/** A connection inside an open transaction (a PGlite transaction and a pg client alike). */
export interface ScriptRunner {
  /** Runs a script of several statements. */
  exec(script: string): Promise<unknown>;
  /** Runs one statement with parameters. */
  query<R extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export function migrationFiles(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

export const MIGRATIONS_PRELUDE = `
select pg_advisory_xact_lock(${LOCK_KEY});
create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now());
`;

export async function applyMigrations(runner: ScriptRunner, dir = MIGRATIONS_DIR): Promise<string[]> {
  await runner.exec(MIGRATIONS_PRELUDE);
  const done = new Set(
    (await runner.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name),
  );
  const applied: string[] = [];
  for (const file of migrationFiles(dir)) {
    if (done.has(file.name)) continue;
    await runner.exec(file.sql);
    await runner.query('insert into schema_migrations (name) values ($1)', [file.name]);
    applied.push(file.name);
  }
  return applied;
}
