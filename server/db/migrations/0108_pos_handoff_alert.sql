-- The live orders screen flags an order iiko refused ('не передан на кухню'): a hand-off that
-- fails, or leaves 'failed' (an operator's retry), is announced on the staff channel as an
-- 'order:updated' of its order, so every staff screen re-reads its list as for any other change.
create function notify_staff_handoff() returns trigger language plpgsql as $$
begin
  if (new.state = 'failed') is not distinct from (tg_op = 'UPDATE' and old.state = 'failed') then
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
  )::text)
  from orders o where o.id = new.order_id;
  return null;
end;
$$;
create trigger pos_outbox_notify_staff after insert or update of state on pos_outbox
  for each row execute function notify_staff_handoff();
