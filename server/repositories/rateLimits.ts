// Counted requests of the public rate limits (table rate_limit_hits): one row per request and key.
import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { rateLimitHits } from '../db/schema/rateLimits.js';
import { tryLockKey } from './locks.js';

/**
 * How many requests the key made after `since`, and when the `nth` oldest of them (0 = the oldest)
 * was made.
 */
export async function hitsSince(
  tx: Executor,
  bucket: string,
  keyHash: string,
  since: Date,
  nth: (counted: number) => number,
): Promise<{ count: number; nthAt: Date | undefined }> {
  const inWindow = and(
    eq(rateLimitHits.bucket, bucket),
    eq(rateLimitHits.keyHash, keyHash),
    gt(rateLimitHits.at, since),
  );
  const [counted] = await tx.select({ n: count() }).from(rateLimitHits).where(inWindow);
  const n = counted?.n ?? 0;
  const offset = nth(n);
  if (offset < 0) return { count: n, nthAt: undefined };
  const [row] = await tx
    .select({ at: rateLimitHits.at })
    .from(rateLimitHits)
    .where(inWindow)
    .orderBy(asc(rateLimitHits.at))
    .offset(offset)
    .limit(1);
  return { count: n, nthAt: row?.at };
}

/** Deletes the bucket's requests made before `before`, when this transaction gets its sweep lock. */
export async function sweepHits(tx: Executor, bucket: string, before: Date): Promise<void> {
  if (!(await tryLockKey(tx, `rate-limit-sweep:${bucket}`))) return;
  await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, bucket), lt(rateLimitHits.at, before)));
}

export async function insertHits(tx: Executor, bucket: string, keyHashes: readonly string[], at: Date): Promise<void> {
  await tx.insert(rateLimitHits).values(keyHashes.map((keyHash) => ({ bucket, keyHash, at })));
}
