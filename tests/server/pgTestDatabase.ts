// A fresh database on the PostgreSQL server of TEST_DATABASE_URL for one suite of server
// processes: the suite's own database, a client on it, and each process's environment (its own
// port and DATA_DIR, one shared fake client build). `*.pg.test.ts` files run under `npm run test:pg`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freshPostgres } from './freshPostgres.js';
import { fakeClientDir, freePort } from './serverProcess.js';

export interface PgTestDatabase {
  /** The database's URL (DATABASE_URL of the processes). */
  url: string;
  /** A client connected to the database. */
  db: pg.Client;
  /** A server process's environment: DATABASE_URL, a free PORT, its own DATA_DIR, CLIENT_DIR, and `extra`. */
  serverEnv(extra?: Record<string, string>): Promise<Record<string, string>>;
  /** Closes the client, drops the database and removes the folders. */
  drop(): Promise<void>;
}

/** TEST_DATABASE_URL, or a failure naming the suite that needs it. */
export function testDatabaseUrl(suite: string): string {
  const baseUrl = process.env.TEST_DATABASE_URL ?? '';
  if (!baseUrl) throw new Error(`${suite} needs TEST_DATABASE_URL: run it with \`npm run test:pg\``);
  return baseUrl;
}

/** Creates `<prefix>_<random>` on the server of `baseUrl`. */
export async function createPgTestDatabase(baseUrl: string, prefix: string): Promise<PgTestDatabase> {
  const fresh = await freshPostgres(baseUrl, prefix);
  const db = new pg.Client({ connectionString: fresh.url });
  await db.connect();
  const clientDir = fakeClientDir();
  const dirs = [clientDir];
  const dataDirPrefix = `${prefix.replaceAll('_', '-')}-`;
  return {
    url: fresh.url,
    db,
    async serverEnv(extra = {}) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), dataDirPrefix));
      dirs.push(dataDir);
      return {
        DATABASE_URL: fresh.url,
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        CLIENT_DIR: clientDir,
        ...extra,
      };
    },
    async drop() {
      await db.end();
      await fresh.drop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
