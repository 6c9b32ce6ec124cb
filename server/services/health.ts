// Whether the database answers, for the readiness check (GET /api/v1/health/ready, docs/DEPLOY.md).
import type { AppContext } from '../context.js';
import { pingDatabase } from '../repositories/health.js';

/** Resolves when the database answers within `timeoutMs`; rejects with the reason otherwise. */
export async function databaseAnswers(ctx: AppContext, timeoutMs: number): Promise<void> {
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
