// One costly thing a whole test file shares (a server, a browser): started before the file's
// tests, closed after them, and read through the returned stand-in, which forwards to it.
import { afterAll, beforeAll } from 'vitest';

export function perFile<T extends object>(start: () => Promise<T>, close: (value: T) => Promise<void>): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await start();
  });
  afterAll(async () => {
    if (current) await close(current);
  });
  const started = (): T => {
    if (!current) throw new Error('perFile: used outside a test, before beforeAll started it');
    return current;
  };
  // The stand-in has no state of its own; every read goes to the started value.
  return new Proxy<T>(Object.create(null) as T, {
    get: (_target, key) => Reflect.get(started(), key) as unknown,
    has: (_target, key) => Reflect.has(started(), key),
  });
}
