-- 0122 phone orders: which orders the call centre took by phone, and who took them. A table of its
-- own (like order_couriers), so the order row and the storefront's hot write path stay as they
-- are. Written in the order's own transaction. See docs/ADMIN.md «Phone orders».
create table phone_orders (
  order_id text primary key references orders (id) on delete cascade,
  staff_id text not null references staff (id),
  staff_login text not null,
  taken_at timestamptz not null default now()
);
create index phone_orders_staff_idx on phone_orders (staff_id);
