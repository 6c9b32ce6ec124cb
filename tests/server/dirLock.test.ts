// The PGlite data-directory lock (server/db/lock.ts): one holder at a time, even when a second
// opener looks at the lock file while the first is still writing its pid into it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acquireDirLock, DataDirLockedError } from '../../server/db/lock.js';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-lock-'));
  dirs.push(dir);
  return dir;
}

/** One opener's attempt: 'taken' when it got the lock, 'locked' when it was refused. */
function attempt(dir: string): 'locked' | 'taken' {
  try {
    acquireDirLock(dir);
    return 'taken';
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return 'locked';
  }
}

describe('data directory lock', () => {
  it('a second opener is refused while the first holds the lock, and may take it once released', () => {
    const dir = tempDir();
    const release = acquireDirLock(dir);
    expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
    release();
    acquireDirLock(dir)();
  });

  it('a lock left by a dead process is taken over', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'storefront.lock'), '2147483646'); // no such process
    acquireDirLock(dir)();
  });

  it('an opener that reads the lock while its holder is still writing the pid does not take it too', () => {
    const dir = tempDir();
    const write = fs.writeSync.bind(fs);
    let second: 'locked' | 'taken' | null = null;
    let interleaved = false;
    // the other process's attempt lands between the holder's creating and its writing
    vi.spyOn(fs, 'writeSync').mockImplementation((...args: Parameters<typeof fs.writeSync>) => {
      if (!interleaved) {
        interleaved = true;
        second = attempt(dir);
      }
      return write(...args);
    });
    const first = attempt(dir);
    expect([first, second].filter((r) => r === 'taken')).toHaveLength(1);
  });
});
