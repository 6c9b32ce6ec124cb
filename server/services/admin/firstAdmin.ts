// The first admin of an empty database, from ADMIN_LOGIN and ADMIN_PASSWORD.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { anyStaff, insertStaffIfNew } from '../../repositories/staff.js';
import { writeAudit } from './audit.js';
import { hashPassword, MIN_PASSWORD_LENGTH } from './staffPasswords.js';

export interface FirstAdmin {
  login: string;
  /** The password to print once when it was generated; null when it came from ADMIN_PASSWORD. */
  generatedPassword: string | null;
}

/**
 * On a database with no staff at all, creates the first admin: ADMIN_LOGIN (default 'admin')
 * with ADMIN_PASSWORD, or with a generated password the caller prints once. Returns null when
 * staff already exist (the environment is not read again: change passwords in /admin).
 */
export async function ensureFirstAdmin(
  database: Database,
  config: { login: string; password: string | null },
  now: Date,
): Promise<FirstAdmin | null> {
  const login = config.login.trim().toLowerCase();
  if (!/^[a-z0-9._-]{3,64}$/.test(login)) throw new Error('ADMIN_LOGIN: 3–64 characters a-z 0-9 . _ -');
  if (config.password !== null && config.password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`ADMIN_PASSWORD: at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (await database.run(anyStaff)) return null;
  const password = config.password ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const created = await database.transaction(async (tx) => {
    if (await anyStaff(tx)) return false; // another process was first
    const id = randomUUID();
    const inserted = await insertStaffIfNew(tx, {
      id,
      login,
      name: 'Администратор',
      role: 'admin',
      passwordHash,
      createdAt: now,
    });
    if (!inserted) return false;
    await writeAudit(
      tx,
      { staffId: id, login: 'system' },
      '',
      { action: 'staff.create', entity: 'staff', entityId: id, after: { login, role: 'admin', firstAdmin: true } },
      now,
    );
    return true;
  });
  if (!created) return null;
  return { login, generatedPassword: config.password === null ? password : null };
}
