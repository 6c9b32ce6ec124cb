// PGlite must be opened by one process at a time: two would corrupt DATA_DIR. A lock file
// holding the owner's pid says who has it; a lock left by a dead process is taken over.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `Каталог данных ${dir} уже используется процессом ${pid}. Остановите его или укажите другой DATA_DIR ` +
        `(или DATABASE_URL для общего сервера PostgreSQL).`,
    );
    this.name = 'DataDirLockedError';
  }
}

export function acquireDirLock(dir: string): () => void {
  const file = path.join(dir, 'storefront.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // written whole under a name of its own, then linked into place: the lock file never
      // exists without its owner's pid for another opener to read as empty (and stale)
      const pending = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
      const fd = fs.openSync(pending, 'w');
      try {
        fs.writeSync(fd, String(process.pid));
      } finally {
        fs.closeSync(fd);
      }
      try {
        fs.linkSync(pending, file);
      } finally {
        fs.rmSync(pending, { force: true });
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new DataDirLockedError(dir, owner);
      }
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`could not lock ${dir}`);
}
