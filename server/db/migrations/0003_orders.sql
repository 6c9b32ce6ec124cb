-- 0003 orders area: coupons and their uses, promotion settings, orders, the order status log and
-- idempotency keys of POST /order. Money is integer roubles; times are timestamptz.

-- Promo codes. The code is stored upper-case; lookups upper-case what the customer typed.
create table coupons (
  code text primary key check (code = upper(code) and length(code) between 1 and 64),
  title text not null default '',
  kind text not null check (kind in ('percent', 'fixed')),
  -- percent: 1..100; fixed: roubles off the goods
  value integer not null check (value > 0),
  -- minimum goods total (before discounts, excluding gifts, delivery and service fee)
  min_sum integer not null default 0 check (min_sum >= 0),
  valid_from timestamptz,
  valid_to timestamptz,
  -- city ids the coupon works in; empty = every city
  city_ids jsonb not null default '[]'::jsonb check (jsonb_typeof(city_ids) = 'array'),
  -- null = unlimited
  usage_limit integer check (usage_limit is null or usage_limit > 0),
  used_count integer not null default 0 check (used_count >= 0),
  per_user_limit integer check (per_user_limit is null or per_user_limit > 0),
  -- null = both; 'delivery' or 'self' = only that method
  delivery_method text check (delivery_method is null or delivery_method in ('delivery', 'self')),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  check (kind <> 'percent' or value <= 100),
  check (valid_from is null or valid_to is null or valid_from < valid_to)
);

-- Gift promotions: 'snack-gift' ({ per: 3 }: one GIFT_IDS.SNACK per 3 snacks) and 'pizza-gift'
-- ({ minSum: 2500 }: one GIFT_IDS.PIZZA from that goods total).
create table promotions (
  kind text primary key check (kind in ('snack-gift', 'pizza-gift')),
  title text not null default '',
  params jsonb not null default '{}'::jsonb,
  is_active boolean not null default true
);

create table orders (
  id text primary key default gen_random_uuid()::text,
  -- the number the customer sees
  number bigserial not null unique,
  user_id text not null references users (id),
  city_id text not null references cities (id),
  status text not null default 'Unconfirmed' check (status in (
    'Unconfirmed', 'WaitCooking', 'CookingStarted', 'CookingCompleted', 'OnWay', 'Delivered', 'Waiting', 'Closed', 'Cancelled')),
  delivery_method text not null check (delivery_method in ('delivery', 'self')),
  -- { city, street, home, apartment, entrance, floor, intercom, comment, location } for delivery
  address jsonb,
  delivery_terminal_id text not null references restaurants (delivery_terminal_id),
  zone_id text,
  -- re-priced lines: [{ productId, name, amount, price, sum, mods: [{ id, name, amount, price, groupId }], isGift }]
  items jsonb not null check (jsonb_typeof(items) = 'array'),
  goods_total integer not null check (goods_total >= 0),
  discount_total integer not null default 0 check (discount_total >= 0),
  delivery_price integer not null default 0 check (delivery_price >= 0),
  service_fee integer not null default 0 check (service_fee >= 0),
  bonus_spent integer not null default 0 check (bonus_spent >= 0),
  total integer not null check (total >= 0),
  coupon text,
  payment_method text not null check (payment_method in ('cash', 'courier-card', 'card', 'sbp')),
  payment_status text not null default 'none' check (payment_status in ('none', 'pending', 'paid', 'failed', 'refunded')),
  -- 'asap' or an ISO instant
  delivery_time text not null default 'asap',
  persons integer not null default 1 check (persons between 0 and 50),
  change_from integer check (change_from is null or change_from >= 0),
  comment text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (discount_total <= goods_total),
  check ((delivery_method = 'delivery') = (address is not null))
);
create index orders_user_idx on orders (user_id, created_at desc);

create table coupon_uses (
  code text not null references coupons (code),
  user_id text not null references users (id),
  order_id text not null references orders (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (order_id)
);
create index coupon_uses_code_user_idx on coupon_uses (code, user_id);

create table order_status_log (
  id bigserial primary key,
  order_id text not null references orders (id) on delete cascade,
  status text not null,
  at timestamptz not null default now(),
  -- 'customer', 'system', 'iiko', 'staff:<id>' …
  actor text not null
);
create index order_status_log_order_idx on order_status_log (order_id, id);

-- POST /order idempotency. A row is claimed ('running') before the order is built and turned
-- 'done' with the answer in the same transaction that writes the order.
create table idempotency_keys (
  user_id text not null references users (id) on delete cascade,
  key text not null check (length(key) between 1 and 200),
  request_hash text not null,
  state text not null check (state in ('running', 'done')),
  response_status integer,
  response_body jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
