// Sliding-window request limits for public routes that cost something per call, counted in the
// database like the sign-in code limits (services/otp.ts) so they hold across server processes:
// one rate_limit_hits row per counted request and key, an advisory lock per key (taken in
// sorted order, so two requests sharing keys cannot deadlock), and a refused request is not
// counted, so a client that waits for Retry-After gets through. Expired rows are swept by
// whichever request gets the bucket's sweep lock without waiting: one sweeper at a time, so two
// deletes never lock the same rows in different orders.
import { createHash } from 'node:crypto';
import type { AppContext } from '../context.js';
import { lockKey } from '../repositories/locks.js';
import { hitsSince, insertHits, sweepHits } from '../repositories/rateLimits.js';

export interface RateLimit {
  /** Names the limit in the table and in the lock keys. */
  bucket: string;
  /** Requests allowed per key within the window. */
  limit: number;
  windowMs: number;
}

function hashKey(bucket: string, key: string): string {
  return createHash('sha256').update(`${bucket}:${key}`, 'utf8').digest('hex');
}

/**
 * Counts one request against every key (e.g. 'ip:10.0.0.1', 'user:<id>') and answers 0, or, when
 * any key has used up its limit, counts nothing and answers the seconds until it may try again.
 */
export async function takeRequest(ctx: AppContext, limit: RateLimit, keys: readonly string[]): Promise<number> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - limit.windowMs);
  const hashes = [...new Set(keys.map((k) => hashKey(limit.bucket, k)))].sort();
  return ctx.db.transaction(async (tx) => {
    for (const hash of hashes) await lockKey(tx, `rate-limit:${limit.bucket}:${hash}`);
    let wait = 0;
    for (const hash of hashes) {
      // The window frees a place when the oldest request that keeps the count at the limit leaves it.
      const counted = await hitsSince(tx, limit.bucket, hash, since, (n) => (n < limit.limit ? -1 : n - limit.limit));
      if (counted.count < limit.limit) continue;
      const freesAt = (counted.nthAt ?? now).getTime() + limit.windowMs;
      wait = Math.max(wait, Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)));
    }
    if (wait > 0) return wait;
    await sweepHits(tx, limit.bucket, since);
    await insertHits(tx, limit.bucket, hashes, now);
    return 0;
  });
}
