-- One payload for "an order changed" on the staff channel. The orders trigger (0005), the POS
-- hand-off trigger (0108) and the courier trigger (0121) each built the same json_build_object;
-- they now call notify_staff_of_order, so a field added to the payload reaches all three.
create function notify_staff_of_order(kind text, o orders) returns void language plpgsql as $$
begin
  perform pg_notify('storefront_staff', json_build_object(
    'type', kind,
    'orderId', o.id,
    'number', o.number,
    'status', o.status,
    'paymentStatus', o.payment_status,
    'cityId', o.city_id,
    'deliveryTerminalId', o.delivery_terminal_id,
    'total', o.total
  )::text);
end;
$$;

create or replace function notify_staff_order() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.status is not distinct from new.status
     and old.payment_status is not distinct from new.payment_status then
    return null;
  end if;
  perform notify_staff_of_order(case when tg_op = 'INSERT' then 'order:new' else 'order:updated' end, new);
  return null;
end;
$$;

create or replace function notify_staff_handoff() returns trigger language plpgsql as $$
begin
  if (new.state = 'failed') is not distinct from (tg_op = 'UPDATE' and old.state = 'failed') then
    return null;
  end if;
  perform notify_staff_of_order('order:updated', o) from orders o where o.id = new.order_id;
  return null;
end;
$$;

create or replace function notify_staff_courier() returns trigger language plpgsql as $$
begin
  perform notify_staff_of_order('order:updated', o) from orders o
    where o.id = coalesce(new.order_id, old.order_id);
  return null;
end;
$$;
