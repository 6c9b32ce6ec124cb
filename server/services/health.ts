// Whether the database answers, for the readiness check (GET /api/v1/health/ready, docs/DEPLOY.md).
import type { Executor } from '../db/database.js';
import { pingDatabase } from '../repositories/health.js';

/** What readiness needs of the database (a Database is one): a statement run on a connection. */
export interface Pingable {
  run(statement: (db: Executor) => Promise<void>): Promise<void>;
}

/** Resolves when the database answers within `timeoutMs`; rejects with the reason otherwise. */
export async function databaseAnswers(ctx: { db: Pingable }, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([ctx.db.run(pingDatabase), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
