// Customer accounts: the User entity of PRODUCT.md §3 as stored, profile changes, account deletion,
// and the bonus ledger. Other areas (orders, promo) use `findUser`, `applyBonus` and
// `getBalance`; nothing else writes users.balance.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { addresses, bonusLedger, likes, users } from '../db/schema/customers.js';
import { unprocessable } from '../http/errors.js';
import type { Address, User } from '../../src/api/entities.js';
import { ORDER_MESSAGES } from '../../src/domain/messages.js';
import { deleteCustomerSubscriptions } from '../repositories/webPush.js';
import { revokeUserSessions } from './sessions.js';

type UserRow = typeof users.$inferSelect;

export const NOT_ENOUGH_BONUS_MESSAGE = ORDER_MESSAGES.notEnoughBonus;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    phone: row.phone ?? '',
    name: row.name,
    balance: row.balance,
    zoneId: row.zoneId,
    personalData: row.personalData,
    PUSHNotifications: row.pushNotifications,
    receiveAdvertisingInformation: row.receiveAdvertising,
    userAllergens: row.allergens,
  };
}

/** A live (not deleted) user by id. */
export async function findUser(db: Executor, userId: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** A live user by normalised phone '+7XXXXXXXXXX'. */
export async function findUserByPhone(db: Executor, phone: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export interface NewUser {
  phone: string;
  name: string;
  personalData: boolean;
  PUSHNotifications: boolean;
  receiveAdvertisingInformation: boolean;
}

export async function insertUser(db: Executor, fields: NewUser, now: Date): Promise<UserRow> {
  const rows = await db
    .insert(users)
    .values({
      id: randomUUID(),
      phone: fields.phone,
      name: fields.name,
      personalData: fields.personalData,
      pushNotifications: fields.PUSHNotifications,
      receiveAdvertising: fields.receiveAdvertisingInformation,
      createdAt: now,
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('insert into users returned nothing');
  return row;
}

export interface ProfilePatch {
  name?: string | undefined;
  personalData?: boolean | undefined;
  PUSHNotifications?: boolean | undefined;
  receiveAdvertisingInformation?: boolean | undefined;
  userAllergens?: string[] | undefined;
  zoneId?: string | null | undefined;
}

export async function patchUser(db: Executor, userId: string, patch: ProfilePatch): Promise<UserRow> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.personalData !== undefined) set.personalData = patch.personalData;
  if (patch.PUSHNotifications !== undefined) set.pushNotifications = patch.PUSHNotifications;
  // consent withdrawn: no browser of theirs gets another push (docs/PUSH.md)
  if (patch.PUSHNotifications === false) await deleteCustomerSubscriptions(db, userId);
  if (patch.receiveAdvertisingInformation !== undefined) set.receiveAdvertising = patch.receiveAdvertisingInformation;
  if (patch.userAllergens !== undefined) set.allergens = [...new Set(patch.userAllergens)];
  if (patch.zoneId !== undefined) set.zoneId = patch.zoneId;
  if (Object.keys(set).length === 0) {
    const row = await findUser(db, userId);
    if (!row) throw new Error(`user ${userId} is gone`);
    return row;
  }
  const rows = await db
    .update(users)
    .set(set)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning();
  const row = rows[0];
  if (!row) throw new Error(`user ${userId} is gone`);
  return row;
}

/**
 * Deletes an account (run inside a transaction): personal data is erased (phone, name, consents,
 * allergens), addresses and likes are deleted, every session is revoked. The row itself stays,
 * anonymised, because orders and the bonus ledger refer to it; the phone may sign up afresh.
 */
export async function deleteAccount(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      phone: null,
      name: '',
      zoneId: null,
      personalData: false,
      pushNotifications: false,
      receiveAdvertising: false,
      allergens: [],
      deletedAt: now,
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  await tx.delete(addresses).where(eq(addresses.userId, userId));
  await tx.delete(likes).where(eq(likes.userId, userId));
  await deleteCustomerSubscriptions(tx, userId);
  await revokeUserSessions(tx, userId, now);
}

export async function getBalance(db: Executor, userId: string): Promise<number> {
  const rows = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.balance ?? 0;
}

export interface BonusEntry {
  userId: string;
  /** Whole roubles; positive accrues, negative spends; 0 is ignored. */
  delta: number;
  /** e.g. 'order-accrual', 'order-spend', 'order-cancel-refund'. */
  reason: string;
  orderId?: string | null;
}

/**
 * Changes a balance and records why, atomically: call it with the transaction that also writes
 * the order. Spending more than the balance throws 422 NOT_ENOUGH_BONUS_MESSAGE (the row is
 * locked and checked, and the CHECK (balance >= 0) backs it). Returns the new balance.
 */
export async function applyBonus(tx: Executor, entry: BonusEntry, now: Date): Promise<number> {
  if (!Number.isInteger(entry.delta)) throw new Error('bonus delta must be whole roubles');
  const locked = await tx
    .select({ balance: users.balance })
    .from(users)
    .where(eq(users.id, entry.userId))
    .for('update');
  const current = locked[0];
  if (!current) throw new Error(`user ${entry.userId} not found`);
  if (entry.delta === 0) return current.balance;
  if (current.balance + entry.delta < 0) throw unprocessable(NOT_ENOUGH_BONUS_MESSAGE, 'not-enough-bonus');
  await tx.insert(bonusLedger).values({
    id: randomUUID(),
    userId: entry.userId,
    delta: entry.delta,
    reason: entry.reason,
    orderId: entry.orderId ?? null,
    createdAt: now,
  });
  const rows = await tx
    .update(users)
    .set({ balance: sql`${users.balance} + ${entry.delta}` })
    .where(eq(users.id, entry.userId))
    .returning({ balance: users.balance });
  return rows[0]?.balance ?? 0;
}

type AddressRow = typeof addresses.$inferSelect;

/** A saved address as the API shows it (GET /address/by-user-id, the admin customer card). */
export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    userId: row.userId,
    city: row.city,
    street: row.street,
    home: row.home,
    apartment: row.apartment,
    entrance: row.entrance,
    floor: row.floor,
    intercom: row.intercom,
    comment: row.comment,
    location: row.lat !== null && row.lon !== null ? { lat: row.lat, lon: row.lon } : null,
  };
}
