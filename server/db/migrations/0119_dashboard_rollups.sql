-- 0119 rollups of the managers' dashboard (docs/DASHBOARD.md «Speed»), kept by triggers in the
-- transaction that writes the order, its status log or its cancellation, so they never drift.
-- Buckets are UTC hours (and UTC days for the products): a zone whose offset is a whole number of
-- hours regroups them exactly into its own days and hours.

-- Orders not cancelled: count and the sum of `total` by UTC hour, place and payment method.
create table dashboard_order_hours (
  hour timestamptz not null,
  city_id text not null,
  delivery_terminal_id text not null,
  payment_method text not null,
  orders integer not null,
  revenue bigint not null,
  primary key (hour, city_id, delivery_terminal_id, payment_method)
);

-- Orders not cancelled with a coupon.
create table dashboard_coupon_hours (
  hour timestamptz not null,
  city_id text not null,
  delivery_terminal_id text not null,
  coupon text not null,
  orders integer not null,
  discount bigint not null,
  primary key (hour, city_id, delivery_terminal_id, coupon)
);

-- Cancelled orders by the staff's reason ('' without one).
create table dashboard_cancel_hours (
  hour timestamptz not null,
  city_id text not null,
  delivery_terminal_id text not null,
  reason text not null,
  orders integer not null,
  primary key (hour, city_id, delivery_terminal_id, reason)
);

-- Lines of orders not cancelled (gifts left out) by UTC day; the name is part of the key so that
-- the period's max(name) stays exact when an order is cancelled (rows with no lines are ignored).
create table dashboard_product_days (
  day date not null,
  city_id text not null,
  delivery_terminal_id text not null,
  product_id text not null,
  name text not null,
  lines integer not null,
  amount bigint not null,
  revenue bigint not null,
  primary key (day, city_id, delivery_terminal_id, product_id, name)
);

-- Delivery orders not cancelled that reached Delivered: what the exact median and p90 need, one
-- narrow row per order (the promise is computed when read: the zone's minutes are read now).
create table dashboard_deliveries (
  order_id text primary key references orders (id) on delete cascade,
  created_at timestamptz not null,
  city_id text not null,
  delivery_terminal_id text not null,
  zone_id text,
  delivery_time text not null,
  delivered_at timestamptz not null
);
create index dashboard_deliveries_created_idx on dashboard_deliveries (created_at);

-- Adds (sign 1) or takes away (sign -1) one order's share of the rollups.
create function dashboard_apply_order(o orders, sign integer) returns void language plpgsql as $$
declare
  h timestamptz := date_trunc('hour', o.created_at, 'UTC');
  d date := (o.created_at at time zone 'UTC')::date;
begin
  if o.status = 'Cancelled' then
    insert into dashboard_cancel_hours as t (hour, city_id, delivery_terminal_id, reason, orders)
    values (h, o.city_id, o.delivery_terminal_id,
            coalesce((select c.reason from order_cancellations c where c.order_id = o.id), ''), sign)
    on conflict (hour, city_id, delivery_terminal_id, reason) do update set orders = t.orders + excluded.orders;
    return;
  end if;
  insert into dashboard_order_hours as t (hour, city_id, delivery_terminal_id, payment_method, orders, revenue)
  values (h, o.city_id, o.delivery_terminal_id, o.payment_method, sign, sign * o.total)
  on conflict (hour, city_id, delivery_terminal_id, payment_method)
  do update set orders = t.orders + excluded.orders, revenue = t.revenue + excluded.revenue;
  if o.coupon is not null then
    insert into dashboard_coupon_hours as t (hour, city_id, delivery_terminal_id, coupon, orders, discount)
    values (h, o.city_id, o.delivery_terminal_id, o.coupon, sign, sign * o.discount_total)
    on conflict (hour, city_id, delivery_terminal_id, coupon)
    do update set orders = t.orders + excluded.orders, discount = t.discount + excluded.discount;
  end if;
  insert into dashboard_product_days as t (day, city_id, delivery_terminal_id, product_id, name, lines, amount, revenue)
  select d, o.city_id, o.delivery_terminal_id, coalesce(i.line ->> 'productId', ''), coalesce(i.line ->> 'name', ''),
         sign * count(*), sign * coalesce(sum((i.line ->> 'amount')::int), 0),
         sign * coalesce(sum((i.line ->> 'sum')::int), 0)
  from jsonb_array_elements(o.items) as i(line)
  where coalesce((i.line ->> 'isGift')::boolean, false) = false
  group by 4, 5
  -- rows locked in one order by every writer: two checkouts sharing products cannot deadlock
  order by 4, 5
  on conflict (day, city_id, delivery_terminal_id, product_id, name)
  do update set lines = t.lines + excluded.lines, amount = t.amount + excluded.amount, revenue = t.revenue + excluded.revenue;
end $$;

-- The order's row of dashboard_deliveries, read again from the order and its status log.
create function dashboard_refresh_delivery(id text) returns void language plpgsql as $$
begin
  delete from dashboard_deliveries where order_id = id;
  insert into dashboard_deliveries (order_id, created_at, city_id, delivery_terminal_id, zone_id, delivery_time, delivered_at)
  select o.id, o.created_at, o.city_id, o.delivery_terminal_id, o.zone_id, o.delivery_time, l.at
  from orders o
  cross join lateral (
    select min(s.at) as at from order_status_log s where s.order_id = o.id and s.status = 'Delivered'
  ) l
  where o.id = dashboard_refresh_delivery.id and o.status <> 'Cancelled' and o.delivery_method = 'delivery'
    and l.at is not null;
end $$;

create function dashboard_orders_changed() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform dashboard_apply_order(old, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform dashboard_apply_order(new, 1);
  end if;
  if tg_op = 'UPDATE' then
    perform dashboard_refresh_delivery(new.id);
  end if;
  -- a before-delete trigger that returned null would cancel the delete
  return old;
end $$;

create trigger dashboard_orders_inserted after insert on orders
  for each row execute function dashboard_orders_changed();
-- Only changes that move a figure: most updates (payment status, a status other than Cancelled,
-- updated_at) skip the trigger entirely.
create trigger dashboard_orders_updated after update on orders
  for each row when (
    (old.status = 'Cancelled') is distinct from (new.status = 'Cancelled')
    or old.created_at is distinct from new.created_at
    or old.city_id is distinct from new.city_id
    or old.delivery_terminal_id is distinct from new.delivery_terminal_id
    or old.payment_method is distinct from new.payment_method
    or old.total is distinct from new.total
    or old.coupon is distinct from new.coupon
    or old.discount_total is distinct from new.discount_total
    or old.items is distinct from new.items
    or old.delivery_method is distinct from new.delivery_method
    or old.zone_id is distinct from new.zone_id
    or old.delivery_time is distinct from new.delivery_time
  ) execute function dashboard_orders_changed();
-- Before the delete, while the order's cancellation reason is still there to be taken away.
create trigger dashboard_orders_deleted before delete on orders
  for each row execute function dashboard_orders_changed();

-- A reason given, changed or removed for an order already cancelled moves it between reasons.
create function dashboard_cancellation_changed() returns trigger language plpgsql as $$
declare
  o orders;
  h timestamptz;
  before_reason text := case when tg_op = 'INSERT' then '' else old.reason end;
  after_reason text := case when tg_op = 'DELETE' then '' else new.reason end;
begin
  select * into o from orders where id = coalesce(new.order_id, old.order_id);
  if not found or o.status <> 'Cancelled' or before_reason = after_reason then
    return null;
  end if;
  h := date_trunc('hour', o.created_at, 'UTC');
  insert into dashboard_cancel_hours as t (hour, city_id, delivery_terminal_id, reason, orders)
  values (h, o.city_id, o.delivery_terminal_id, before_reason, -1), (h, o.city_id, o.delivery_terminal_id, after_reason, 1)
  on conflict (hour, city_id, delivery_terminal_id, reason) do update set orders = t.orders + excluded.orders;
  return null;
end $$;

create trigger dashboard_cancellation_changed after insert or update or delete on order_cancellations
  for each row execute function dashboard_cancellation_changed();

create function dashboard_status_logged() returns trigger language plpgsql as $$
begin
  perform dashboard_refresh_delivery(coalesce(new.order_id, old.order_id));
  return null;
end $$;

create trigger dashboard_delivered_logged after insert on order_status_log
  for each row when (new.status = 'Delivered') execute function dashboard_status_logged();
create trigger dashboard_delivered_unlogged after delete on order_status_log
  for each row when (old.status = 'Delivered') execute function dashboard_status_logged();
create trigger dashboard_delivered_relogged after update on order_status_log
  for each row when (old.status = 'Delivered' or new.status = 'Delivered')
  execute function dashboard_status_logged();

-- The orders already there.
insert into dashboard_order_hours (hour, city_id, delivery_terminal_id, payment_method, orders, revenue)
select date_trunc('hour', o.created_at, 'UTC'), o.city_id, o.delivery_terminal_id, o.payment_method, count(*), sum(o.total)
from orders o where o.status <> 'Cancelled'
group by 1, 2, 3, 4;

insert into dashboard_coupon_hours (hour, city_id, delivery_terminal_id, coupon, orders, discount)
select date_trunc('hour', o.created_at, 'UTC'), o.city_id, o.delivery_terminal_id, o.coupon, count(*), sum(o.discount_total)
from orders o where o.status <> 'Cancelled' and o.coupon is not null
group by 1, 2, 3, 4;

insert into dashboard_cancel_hours (hour, city_id, delivery_terminal_id, reason, orders)
select date_trunc('hour', o.created_at, 'UTC'), o.city_id, o.delivery_terminal_id, coalesce(c.reason, ''), count(*)
from orders o left join order_cancellations c on c.order_id = o.id
where o.status = 'Cancelled'
group by 1, 2, 3, 4;

insert into dashboard_product_days (day, city_id, delivery_terminal_id, product_id, name, lines, amount, revenue)
select (o.created_at at time zone 'UTC')::date, o.city_id, o.delivery_terminal_id, coalesce(i.line ->> 'productId', ''),
       coalesce(i.line ->> 'name', ''), count(*), coalesce(sum((i.line ->> 'amount')::int), 0),
       coalesce(sum((i.line ->> 'sum')::int), 0)
from orders o cross join lateral jsonb_array_elements(o.items) as i(line)
where o.status <> 'Cancelled' and coalesce((i.line ->> 'isGift')::boolean, false) = false
group by 1, 2, 3, 4, 5;

insert into dashboard_deliveries (order_id, created_at, city_id, delivery_terminal_id, zone_id, delivery_time, delivered_at)
select o.id, o.created_at, o.city_id, o.delivery_terminal_id, o.zone_id, o.delivery_time, l.at
from orders o
join (select s.order_id, min(s.at) as at from order_status_log s where s.status = 'Delivered' group by s.order_id) l
  on l.order_id = o.id
where o.status <> 'Cancelled' and o.delivery_method = 'delivery';
