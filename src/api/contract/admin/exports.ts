// CSV exports of orders and customers for managers: UTF-8 with a BOM (so Excel reads Cyrillic),
// ';' between fields (Excel's separator in the Russian locale), "…" around fields holding ';',
// quotes or line breaks. Filtered like the screens. The server streams them page by page; each
// export is written to the audit log. The answer is text/csv, not JSON: the admin client
// downloads it (AdminApi.download).
import { z } from 'zod/mini';
import { AdminOrdersQuery } from './orders.js';
import { defineAdminRoute, PhoneSearch } from './common.js';

/** The orders list's filters, without paging. */
export const OrdersExportQuery = z.omit(AdminOrdersQuery, { limit: true, offset: true });

/** The customers screen's filter: digits of the phone (at least 4) or a full number; none = everyone. */
export const CustomersExportQuery = z.object({
  phone: z.optional(PhoneSearch),
});

export const adminExportOrders = defineAdminRoute('manager', 'GET /admin/exports/orders.csv', {
  summary: 'Orders as CSV (UTF-8 with BOM, ";"), filtered like the orders list, newest first; audited',
  query: OrdersExportQuery,
  response: z.string(),
});

export const adminExportCustomers = defineAdminRoute('manager', 'GET /admin/exports/customers.csv', {
  summary:
    'Customers as CSV (UTF-8 with BOM, ";") with their orders, balance and consents (a withdrawn consent is marked); audited',
  query: CustomersExportQuery,
  response: z.string(),
});
