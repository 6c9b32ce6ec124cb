// Customers' saved addresses (table addresses, migration 0002).
import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { addresses } from '../db/schema/customers.js';
import { valueOf } from './rows.js';

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddress = typeof addresses.$inferInsert;

export function addressesOfUser(db: Executor, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}

export async function countAddresses(db: Executor, userId: string): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return existing?.n ?? 0;
}

export async function insertAddress(db: Executor, row: NewAddress): Promise<AddressRow | undefined> {
  return (await db.insert(addresses).values(row).returning())[0];
}

/** The owner's id, or undefined for an unknown address. */
export async function addressOwner(db: Executor, id: string): Promise<string | undefined> {
  return valueOf(db, addresses, addresses.userId, eq(addresses.id, id));
}

export async function deleteAddressRow(db: Executor, id: string): Promise<void> {
  await db.delete(addresses).where(eq(addresses.id, id));
}

export async function findAddress(db: Executor, id: string): Promise<AddressRow | undefined> {
  return (await db.select().from(addresses).where(eq(addresses.id, id)).limit(1))[0];
}
