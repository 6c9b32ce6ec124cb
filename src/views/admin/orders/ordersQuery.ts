// The order list's filters and the list query they make.
import { ORDER_STATUSES, type OrderStatus } from '../../../api/contract/orders';

export const PAGE_SIZE = 50;
/** Statuses of orders still in work. */
export const ACTIVE_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (st) => st !== 'Closed' && st !== 'Cancelled',
);

export interface OrderFilters {
  cityId: string;
  deliveryTerminalId: string;
  /** '' all, 'active', or one status. */
  status: string;
  from: string;
  to: string;
  phone: string;
  number: string;
}

export const NO_FILTERS: OrderFilters = {
  cityId: '',
  deliveryTerminalId: '',
  status: '',
  from: '',
  to: '',
  phone: '',
  number: '',
};

/** The list query of the filters: empty fields are left out. */
export function ordersQuery(f: OrderFilters, offset: number) {
  const status = f.status === 'active' ? ACTIVE_STATUSES.join(',') : f.status;
  const number = Number(f.number);
  return {
    limit: PAGE_SIZE,
    offset,
    ...(f.cityId ? { cityId: f.cityId } : {}),
    ...(f.deliveryTerminalId ? { deliveryTerminalId: f.deliveryTerminalId } : {}),
    ...(status ? { status } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    ...(f.phone.trim() ? { phone: f.phone.trim() } : {}),
    ...(f.number.trim() && Number.isInteger(number) && number > 0 ? { number } : {}),
  };
}

/** The same filters for the CSV export: no paging. */
export function exportQuery(f: OrderFilters) {
  const { limit: _limit, offset: _offset, ...filters } = ordersQuery(f, 0);
  return filters;
}
