// A read trusted for the content-version window (server/services/trustedRead.ts): what a cached
// page answers from instead of the database.
import { describe, expect, it } from 'vitest';
import { trustedRead } from '../../server/services/trustedRead';

function counter() {
  let reads = 0;
  return { read: async () => ++reads, reads: () => reads };
}

describe('trustedRead', () => {
  it('answers the last read inside the window and reads again once it has passed', async () => {
    let clock = 0;
    const source = counter();
    const get = trustedRead(1000, source.read, () => clock);
    expect(await get()).toBe(1);
    clock = 999;
    expect(await get()).toBe(1);
    clock = 1000;
    expect(await get()).toBe(2);
    expect(source.reads()).toBe(2);
  });

  it('a window of 0 (the tests’ setting) reads every time', async () => {
    const source = counter();
    const get = trustedRead(0, source.read, () => 0);
    await get();
    await get();
    expect(source.reads()).toBe(2);
  });

  it('callers arriving while a read is in flight share it', async () => {
    const source = counter();
    const get = trustedRead(1000, source.read, () => 0);
    const answers = await Promise.all([get(), get(), get()]);
    expect(answers).toEqual([1, 1, 1]);
    expect(source.reads()).toBe(1);
  });

  it('a failed read is not kept: the next call reads again', async () => {
    let fail = true;
    const get = trustedRead(
      1000,
      async () => {
        if (fail) throw new Error('database away');
        return 'ok';
      },
      () => 0,
    );
    await expect(get()).rejects.toThrow('database away');
    fail = false;
    expect(await get()).toBe('ok');
  });
});
