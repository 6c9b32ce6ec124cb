// Customers for staff: find by phone, a customer's orders, addresses and bonus
// ledger, and balance adjustments with a required reason (ledger + audit, one transaction).
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { addressesOfUser } from '../../repositories/addresses.js';
import {
  bonusLedgerOfUser,
  countOrdersOfUser,
  findUserRow,
  ordersOfUser,
  usersWithPhone,
  usersWithPhoneDigits,
  type UserRow,
} from '../../repositories/customers.js';
import { notFound, unprocessable } from '../../http/errors.js';
import type { Address, User } from '../../../src/api/entities.js';
import type { Order } from '../../../src/api/contract/orders.js';
import { isValidPhone, normalizePhone } from '../../../src/domain/phone.js';
import { toOrder } from '../order/toOrder.js';
import { applyBonus, toAddress, toUser } from '../users.js';
import { audit } from './audit.js';
import { ADMIN_ORDER_MESSAGES, CUSTOMER_NOT_FOUND } from '../../../src/api/contract/admin/messages.js';
import type { StaffPrincipal } from './staffSessions.js';

/** Ledger reason of a staff adjustment: 'staff-adjustment: <reason>'. */
export const STAFF_BONUS_REASON = 'staff-adjustment';

export type AdminCustomer = User & { createdAt: string; ordersCount: number };

export async function withCounts(db: Executor, rows: UserRow[]): Promise<AdminCustomer[]> {
  const out: AdminCustomer[] = [];
  for (const row of rows) {
    const ordersCount = await countOrdersOfUser(db, row.id);
    out.push({ ...toUser(row), createdAt: row.createdAt.toISOString(), ordersCount });
  }
  return out;
}

export async function findCustomers(db: Executor, phone: string): Promise<AdminCustomer[]> {
  let rows: UserRow[];
  if (isValidPhone(phone)) {
    rows = await usersWithPhone(db, normalizePhone(phone));
  } else {
    const digits = phone.replace(/\D/g, '');
    if (digits.length < 4) throw unprocessable(ADMIN_ORDER_MESSAGES.phoneFilter, 'phone-filter');
    rows = await usersWithPhoneDigits(db, digits, 20);
  }
  return withCounts(
    db,
    rows.filter((r) => r.deletedAt === null),
  );
}

async function findCustomer(db: Executor, id: string): Promise<UserRow> {
  const row = await findUserRow(db, id);
  if (!row || row.deletedAt !== null || row.phone === null) throw notFound(CUSTOMER_NOT_FOUND, 'customer-not-found');
  return row;
}

export async function customerDetail(
  db: Executor,
  id: string,
): Promise<{
  customer: AdminCustomer;
  addresses: Address[];
  orders: Order[];
  bonusLedger: { id: string; delta: number; reason: string; orderId: string | null; createdAt: string }[];
}> {
  const row = await findCustomer(db, id);
  const [customer] = await withCounts(db, [row]);
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND, 'customer-not-found');
  const addressRows = await addressesOfUser(db, id);
  const orderRows = await ordersOfUser(db, id, 50);
  const ledger = await bonusLedgerOfUser(db, id, 100);
  return {
    customer,
    addresses: addressRows.map(toAddress),
    orders: orderRows.map(toOrder),
    bonusLedger: ledger.map((l) => ({
      id: l.id,
      delta: l.delta,
      reason: l.reason,
      orderId: l.orderId,
      createdAt: l.createdAt.toISOString(),
    })),
  };
}

export async function adjustBonus(
  ctx: AppContext,
  ip: string,
  staff: StaffPrincipal,
  id: string,
  delta: number,
  reason: string,
): Promise<{ balance: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const before = await findCustomer(tx, id);
    const balance = await applyBonus(tx, { userId: id, delta, reason: `${STAFF_BONUS_REASON}: ${reason}` }, now);
    await audit(
      tx,
      staff,
      ip,
      {
        action: 'customer.bonus',
        entity: 'customer',
        entityId: id,
        before: { balance: before.balance },
        after: { balance, delta, reason },
      },
      now,
    );
    return { balance };
  });
}
