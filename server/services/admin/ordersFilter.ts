// The orders list's filters (also the orders CSV export's), checked and turned into the
// repository's search: statuses must be known, a phone is a full number or at least four digits,
// days are calendar days in the city's time zone.
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { unprocessable } from '../../http/errors.js';
import { findCity } from '../../repositories/catalog.js';
import { orderSearchCondition, type OrderSearch } from '../../repositories/orderSearch.js';
import { ADMIN_ORDER_MESSAGES, unknownStatusMessage } from '../../../src/api/contract/admin/messages.js';
import { OrderStatus } from '../../../src/api/contract/orders.js';
import { isValidPhone, normalizePhone } from '../../../src/domain/phone.js';
import { DEFAULT_TIME_ZONE, dayOrInstant } from './dates.js';

export interface OrderFilters {
  cityId?: string | undefined;
  deliveryTerminalId?: string | undefined;
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  phone?: string | undefined;
  number?: number | undefined;
}

/** The city's time zone, the chain's default without a city (or for an unknown one). */
export async function cityTimeZone(db: Executor, cityId: string | undefined): Promise<string> {
  if (!cityId) return DEFAULT_TIME_ZONE;
  return (await findCity(db, cityId))?.timeZone ?? DEFAULT_TIME_ZONE;
}

function statusesOf(raw: string): OrderSearch['statuses'] {
  const statuses = raw.split(',').map((s) => OrderStatus.safeParse(s));
  if (statuses.some((s) => !s.success)) throw unprocessable(unknownStatusMessage(raw), 'unknown-status');
  return statuses.flatMap((s) => (s.success ? [s.data] : []));
}

/** A full number matches exactly, anything else by its digits (four at least). */
function phoneOf(raw: string): OrderSearch['phone'] {
  if (isValidPhone(raw)) return { exact: normalizePhone(raw) };
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 4) throw unprocessable(ADMIN_ORDER_MESSAGES.phoneFilter, 'phone-filter');
  return { digits };
}

/** The filters as one condition on orders joined to users; undefined without any. 422 for a bad one. */
export async function orderFilterCondition(db: Executor, query: OrderFilters): Promise<SQL | undefined> {
  const search: OrderSearch = { cityId: query.cityId, deliveryTerminalId: query.deliveryTerminalId };
  if (query.status) search.statuses = statusesOf(query.status);
  if (query.from || query.to) {
    const tz = await cityTimeZone(db, query.cityId);
    if (query.from) search.from = dayOrInstant(query.from, tz, 'start');
    if (query.to) search.to = dayOrInstant(query.to, tz, 'end');
  }
  if (query.phone) search.phone = phoneOf(query.phone);
  search.number = query.number;
  return orderSearchCondition(search);
}
