-- Ratings after delivery (docs/CHECKOUT.md «Rating after delivery»): one per order, by its
-- customer. restaurant_id is copied from the order so the weekly averages read this table alone.
create table order_ratings (
  order_id text primary key references orders (id) on delete cascade,
  user_id text not null,
  restaurant_id text not null,
  score smallint not null check (score between 1 and 5),
  tags jsonb not null default '[]'::jsonb,
  comment text not null default '',
  created_at timestamptz not null default now()
);
create index order_ratings_restaurant_created_idx on order_ratings (restaurant_id, created_at);
create index order_ratings_user_created_idx on order_ratings (user_id, created_at desc);

-- The once-per-order prompt a customer closed without rating: it is not offered again.
create table order_rating_dismissals (
  order_id text primary key references orders (id) on delete cascade,
  user_id text not null,
  dismissed_at timestamptz not null default now()
);

-- A low rating (1–3) reaches the operators' live orders screen like any order change: the same
-- storefront_staff channel as the orders trigger of 0005_staff_audit.sql, so no writer forgets it.
create function notify_staff_low_rating() returns trigger language plpgsql as $$
declare
  o record;
begin
  select number, city_id, delivery_terminal_id into o from orders where id = new.order_id;
  perform pg_notify('storefront_staff', json_build_object(
    'type', 'order:rated',
    'orderId', new.order_id,
    'number', o.number,
    'score', new.score,
    'tags', new.tags,
    'comment', new.comment,
    'cityId', o.city_id,
    'deliveryTerminalId', o.delivery_terminal_id
  )::text);
  return null;
end;
$$;
create trigger order_ratings_notify_staff after insert on order_ratings
  for each row when (new.score <= 3) execute function notify_staff_low_rating();
