-- POST /order writes most orders in ONE autocommit statement (server/services/order/place.ts,
-- the single-statement path): when a condition it checks fails (the content versions the order
-- was assessed against moved, or its Idempotency-Key claim is no longer its own), the statement
-- calls this to raise, which undoes everything the statement wrote. SQLSTATE SF001, the
-- message names the reason.
create function order_refuse(reason text) returns boolean language plpgsql as $$
begin
  raise exception using errcode = 'SF001', message = reason;
end
$$;
