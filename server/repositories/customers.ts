// Customer accounts (table users, migration 0002), their bonus ledger and what the staff card of a
// customer reads with them (their orders, addresses). Balance rules stay in services/users.ts.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { addresses, bonusLedger, likes, users } from '../db/schema/customers.js';
import { orders } from '../db/schema/orders.js';
import { countRows, valueOf } from './rows.js';
import { deleteCustomerSubscriptions } from './webPush.js';

export type UserRow = typeof users.$inferSelect;
export type BonusLedgerRow = typeof bonusLedger.$inferSelect;
type UserPatch = Partial<typeof users.$inferInsert>;

/** The live (not deleted) user the condition names. */
async function findLiveUser(db: Executor, condition: SQL): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(condition, isNull(users.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** A live (not deleted) user by id. */
export function findUser(db: Executor, userId: string): Promise<UserRow | null> {
  return findLiveUser(db, eq(users.id, userId));
}

/** A user by id, deleted ones included. */
export async function findUserRow(db: Executor, userId: string): Promise<UserRow | undefined> {
  return (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0];
}

/** A live user by normalised phone '+7XXXXXXXXXX'. */
export function findUserByPhone(db: Executor, phone: string): Promise<UserRow | null> {
  return findLiveUser(db, eq(users.phone, phone));
}

/** Users whose phone is exactly `phone` (at most one). */
export function usersWithPhone(db: Executor, phone: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.phone, phone)).limit(1);
}

/** Users whose phone holds `digits`, by phone, at most `limit`. */
export function usersWithPhoneDigits(db: Executor, digits: string, limit: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(like(users.phone, `%${digits}%`))
    .orderBy(users.phone)
    .limit(limit);
}

export async function insertUserRow(db: Executor, values: Omit<typeof users.$inferInsert, 'id'>): Promise<UserRow> {
  const rows = await db
    .insert(users)
    .values({ id: randomUUID(), ...values })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('insert into users returned nothing');
  return row;
}

/** Changes a live user's columns; the row after (undefined when the user is gone). */
export async function updateLiveUser(db: Executor, userId: string, set: UserPatch): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set(set)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning();
  return rows[0];
}

/** Erases a live user's personal data and deletes their addresses, likes and push subscriptions. */
export async function anonymiseUser(tx: Executor, userId: string, now: Date): Promise<void> {
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
}

export async function getBalance(db: Executor, userId: string): Promise<number> {
  return (await valueOf(db, users, users.balance, eq(users.id, userId))) ?? 0;
}

/** The user's balance, the row locked until the transaction ends; undefined for no such user. */
export async function lockBalance(tx: Executor, userId: string): Promise<number | undefined> {
  const locked = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, userId)).for('update');
  return locked[0]?.balance;
}

/** Records a ledger entry and moves the balance by its delta; the new balance. */
export async function addBonusEntry(
  tx: Executor,
  entry: { userId: string; delta: number; reason: string; orderId: string | null },
  now: Date,
): Promise<number> {
  await tx.insert(bonusLedger).values({ id: randomUUID(), ...entry, createdAt: now });
  const rows = await tx
    .update(users)
    .set({ balance: sql`${users.balance} + ${entry.delta}` })
    .where(eq(users.id, entry.userId))
    .returning({ balance: users.balance });
  return rows[0]?.balance ?? 0;
}

/** The newest entries of the user's ledger. */
export function bonusLedgerOfUser(db: Executor, userId: string, limit: number): Promise<BonusLedgerRow[]> {
  return db
    .select()
    .from(bonusLedger)
    .where(eq(bonusLedger.userId, userId))
    .orderBy(desc(bonusLedger.createdAt), desc(bonusLedger.id))
    .limit(limit);
}

export async function countOrdersOfUser(db: Executor, userId: string): Promise<number> {
  return countRows(db, orders, eq(orders.userId, userId));
}

/** The user's newest orders. */
export function ordersOfUser(db: Executor, userId: string, limit: number): Promise<(typeof orders.$inferSelect)[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(limit);
}
