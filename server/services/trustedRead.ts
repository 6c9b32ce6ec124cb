// A read a process may trust for a short window (config contentVersionMaxAgeMs, 1 s by default;
// 0 reads every time, as tests do): concurrent callers share one read in flight. The page cache
// and the pages' security headers use it so a cached page costs no database round trip.
import { performance } from 'node:perf_hooks';

export function trustedRead<T>(
  maxAgeMs: number,
  read: () => Promise<T>,
  now: () => number = () => performance.now(),
): () => Promise<T> {
  let last: { value: T; readAt: number } | null = null;
  let reading: Promise<T> | null = null;
  return async () => {
    if (maxAgeMs <= 0) return read();
    if (last !== null && now() - last.readAt < maxAgeMs) return last.value;
    if (reading !== null) return reading;
    const current = read().then((value) => {
      last = { value, readAt: now() };
      return value;
    });
    reading = current;
    try {
      return await current;
    } finally {
      if (reading === current) reading = null;
    }
  };
}
