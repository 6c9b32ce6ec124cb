// Customer accounts: the User entity of PRODUCT.md §3 as stored, profile changes, account deletion,
// and the bonus ledger. Other areas (orders, promo) use `findUser`, `applyBonus` and
// `getBalance`; nothing else writes users.balance.
import type { Executor } from '../db/database.js';
import { unprocessable } from '../http/errors.js';
import type { Address, User } from '../../src/api/entities.js';
import { ORDER_MESSAGES } from '../../src/domain/messages.js';
import type { AddressRow } from '../repositories/addresses.js';
import {
  addBonusEntry,
  anonymiseUser,
  findUser,
  insertUserRow,
  lockBalance,
  updateLiveUser,
  type UserRow,
} from '../repositories/customers.js';
import { deleteCustomerSubscriptions } from '../repositories/webPush.js';
import { revokeUserSessions } from './sessions.js';

export { findUser, findUserByPhone, getBalance } from '../repositories/customers.js';

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

export interface NewUser {
  phone: string;
  name: string;
  personalData: boolean;
  PUSHNotifications: boolean;
  receiveAdvertisingInformation: boolean;
}

export function insertUser(db: Executor, fields: NewUser, now: Date): Promise<UserRow> {
  return insertUserRow(db, {
    phone: fields.phone,
    name: fields.name,
    personalData: fields.personalData,
    pushNotifications: fields.PUSHNotifications,
    receiveAdvertising: fields.receiveAdvertisingInformation,
    createdAt: now,
  });
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
  const set: Parameters<typeof updateLiveUser>[2] = {};
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
  const row = await updateLiveUser(db, userId, set);
  if (!row) throw new Error(`user ${userId} is gone`);
  return row;
}

/**
 * Deletes an account (run inside a transaction): personal data is erased (phone, name, consents,
 * allergens), addresses and likes are deleted, every session is revoked. The row itself stays,
 * anonymised, because orders and the bonus ledger refer to it; the phone may sign up afresh.
 */
export async function deleteAccount(tx: Executor, userId: string, now: Date): Promise<void> {
  await anonymiseUser(tx, userId, now);
  await revokeUserSessions(tx, userId, now);
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
  const balance = await lockBalance(tx, entry.userId);
  if (balance === undefined) throw new Error(`user ${entry.userId} not found`);
  if (entry.delta === 0) return balance;
  if (balance + entry.delta < 0) throw unprocessable(NOT_ENOUGH_BONUS_MESSAGE, 'not-enough-bonus');
  return addBonusEntry(
    tx,
    { userId: entry.userId, delta: entry.delta, reason: entry.reason, orderId: entry.orderId ?? null },
    now,
  );
}

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
