-- 0121 couriers: which courier (a staff member of role 'courier') carries an order. A table of its
-- own, so the order row and its hot write path stay as they are. See docs/ADMIN.md «Couriers».
create table order_couriers (
  order_id text primary key references orders (id) on delete cascade,
  staff_id text not null references staff (id),
  assigned_at timestamptz not null default now(),
  assigned_by text not null
);
create index order_couriers_staff_idx on order_couriers (staff_id);

-- An assignment changes what the order screens and the courier's page show: announce it as an
-- order change on the staff channel, as the orders trigger does for status moves.
create function notify_staff_courier() returns trigger language plpgsql as $$
declare
  o record;
begin
  select id, number, status, payment_status, city_id, delivery_terminal_id, total into o
    from orders where id = coalesce(new.order_id, old.order_id);
  if not found then
    return null;
  end if;
  perform pg_notify('storefront_staff', json_build_object(
    'type', 'order:updated',
    'orderId', o.id,
    'number', o.number,
    'status', o.status,
    'paymentStatus', o.payment_status,
    'cityId', o.city_id,
    'deliveryTerminalId', o.delivery_terminal_id,
    'total', o.total
  )::text);
  return null;
end;
$$;
create trigger order_couriers_notify_staff after insert or update or delete on order_couriers
  for each row execute function notify_staff_courier();
