// Two server processes on one PostgreSQL database of their own, for the multi-process suites.
import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createPgTestDatabase, type PgTestDatabase } from './pgTestDatabase.js';
import { spawnServer, type ServerProcess } from './serverProcess.js';

export interface ProcessPair {
  database: PgTestDatabase;
  db: pg.Client;
  a: ServerProcess;
  b: ServerProcess;
}

/**
 * Declared in a describe: before its tests a database (named from `prefix`) and two processes with
 * `env`, started together so that migrations and the seed take turns through advisory locks; after
 * them both stop and the database is dropped. Its fields are read inside tests and hooks.
 */
export function processPairPerDescribe(baseUrl: string, prefix: string, env: Record<string, string>): ProcessPair {
  let started: ProcessPair | undefined;
  beforeAll(async () => {
    const database = await createPgTestDatabase(baseUrl, prefix);
    const serverEnv = () => database.serverEnv(env);
    const [a, b] = await Promise.all([spawnServer(await serverEnv()), spawnServer(await serverEnv())]);
    started = { database, db: database.db, a, b };
  }, 120_000);
  afterAll(async () => {
    await Promise.all([started?.a.stop(), started?.b.stop()]);
    await started?.database.drop();
  });
  const pair = (): ProcessPair => {
    if (!started) throw new Error('processPairPerDescribe: read before its beforeAll started the processes');
    return started;
  };
  return {
    get database() {
      return pair().database;
    },
    get db() {
      return pair().db;
    },
    get a() {
      return pair().a;
    },
    get b() {
      return pair().b;
    },
  };
}
