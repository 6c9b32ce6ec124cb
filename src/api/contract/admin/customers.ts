// Customers: find by phone, their orders, addresses and bonus balance; balance
// adjustments with a required reason (written to the bonus ledger and the audit log).
import { z } from 'zod/mini';
import { Address, IsoDateTime, User } from '../../entities.js';
import { Order } from '../orders.js';
import { AdminIdParams, defineAdminRoute, listOf } from './common.js';

export const AdminCustomer = z.extend(User, { createdAt: IsoDateTime, ordersCount: z.int().check(z.nonnegative()) });

export const BonusLedgerEntry = z.object({
  id: z.string(),
  delta: z.int(),
  reason: z.string(),
  orderId: z.nullable(z.string()),
  createdAt: IsoDateTime,
});

export const adminFindCustomers = defineAdminRoute('operator', 'GET /admin/customers', {
  summary: 'Customers whose phone contains the digits given (at least 4), at most 20',
  query: z.object({ phone: z.string().check(z.trim(), z.minLength(1), z.maxLength(32)) }),
  response: listOf('customers', AdminCustomer),
});

export const adminGetCustomer = defineAdminRoute('operator', 'GET /admin/customers/:id', {
  summary: 'A customer with addresses, the last 50 orders and the last 100 bonus ledger entries',
  params: AdminIdParams,
  response: z.object({
    customer: AdminCustomer,
    addresses: z.array(Address),
    orders: z.array(Order),
    bonusLedger: z.array(BonusLedgerEntry),
  }),
});

export const adminAdjustBonus = defineAdminRoute('operator', 'POST /admin/customers/:id/bonus', {
  summary: 'Adds (delta > 0) or removes (delta < 0) bonuses with a reason; 422 when the balance would go below zero',
  params: AdminIdParams,
  body: z.object({
    delta: z.int().check(
      z.minimum(-1_000_000),
      z.maximum(1_000_000),
      z.refine((n) => n !== 0),
    ),
    reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(300)),
  }),
  response: z.object({ balance: z.int().check(z.nonnegative()) }),
});
