// A local fake shared by a whole test file: started before the file's tests and closed after them,
// like perFile's stand-ins, and its switches (`mode` and the like) set through the stand-in too.
import { perFile } from '../support/perFile.js';

export function fakePerFile<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  let started: T | undefined;
  const standIn = perFile(
    async () => (started = await start()),
    (fake) => fake.close(),
  );
  return new Proxy(standIn, {
    set: (_target, key, value) => {
      if (!started) throw new Error('fakePerFile: set outside a test, before beforeAll started it');
      return Reflect.set(started, key, value);
    },
  });
}
