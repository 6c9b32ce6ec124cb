-- 0118 the managers' dashboard and the CSV exports (docs/DASHBOARD.md).
-- A `manager` staff role: the check names no roles any more, only their spelling, so that roles
-- added by other areas need no migration of their own; the application checks the role list
-- (StaffRole in src/api/contract/admin/common.ts).
alter table staff drop constraint if exists staff_role_check;
alter table staff add constraint staff_role_check check (role ~ '^[a-z][a-z-]{1,31}$');

-- The period's orders of a city or of a restaurant, newest first (also the exports' key order).
create index orders_city_created_idx on orders (city_id, created_at, number);
create index orders_terminal_created_idx on orders (delivery_terminal_id, created_at, number);
-- The chain-wide period and the exports' keyset pages.
create index orders_created_number_idx on orders (created_at, number);
-- When an order was delivered: the first Delivered entry of its status log.
create index order_status_log_delivered_idx on order_status_log (order_id, at) where status = 'Delivered';
