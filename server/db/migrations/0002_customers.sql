-- Customers (PRODUCT.md §3 User/Address, §6 signed-in user): accounts, sessions, one-time sign-in
-- codes, the SMS outbox, saved addresses, likes and the bonus ledger.
-- Everything that must hold across several server processes (sessions, code limits) is here.

create table users (
  id text primary key default gen_random_uuid()::text,
  -- '+7' and 10 digits. Null once the account is deleted (anonymised); unique among the rest.
  phone text unique check (phone is null or phone ~ '^\+7[0-9]{10}$'),
  name text not null default '',
  -- Bonus balance in whole roubles: the running sum of bonus_ledger, kept in the same transaction.
  balance integer not null default 0 check (balance >= 0),
  zone_id text,
  personal_data boolean not null default false,
  push_notifications boolean not null default false,
  receive_advertising boolean not null default false,
  allergens jsonb not null default '[]'::jsonb check (jsonb_typeof(allergens) = 'array'),
  created_at timestamptz not null default now(),
  deleted_at timestamptz,
  check (deleted_at is not null or phone is not null)
);

-- A session token is 32 random bytes; only its sha-256 (hex) is stored.
create table sessions (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  user_id text not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index sessions_user_idx on sessions (user_id) where revoked_at is null;

-- One row per code sent. The rows are also the rate-limit counters (per phone and per IP).
-- status: 'pending' while the SMS is being handed over, 'sent', or 'failed' (never valid).
create table otp_codes (
  id text primary key default gen_random_uuid()::text,
  phone text not null,
  -- sha-256 hex of salt:phone:code; the code itself is never stored.
  code_hash text not null,
  salt text not null,
  ip text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  attempts integer not null default 0 check (attempts >= 0),
  used_at timestamptz
);
create index otp_codes_phone_idx on otp_codes (phone, created_at desc);
create index otp_codes_ip_idx on otp_codes (ip, created_at desc);

-- The embedded SMS provider writes here (and to the log) instead of sending.
create table sms_outbox (
  id text primary key default gen_random_uuid()::text,
  phone text not null,
  text text not null,
  created_at timestamptz not null default now(),
  status text not null default 'queued'
);
create index sms_outbox_created_idx on sms_outbox (created_at desc);

create table addresses (
  id text primary key default gen_random_uuid()::text,
  user_id text not null references users (id) on delete cascade,
  city text not null,
  street text not null,
  home text not null,
  apartment text,
  entrance text,
  floor text,
  intercom text,
  comment text,
  lat double precision check (lat is null or lat between -90 and 90),
  lon double precision check (lon is null or lon between -180 and 180),
  created_at timestamptz not null default now(),
  check ((lat is null) = (lon is null))
);
create index addresses_user_idx on addresses (user_id, created_at);

-- No foreign key to products: the catalogue is re-synced from the POS and may drop a product
-- a customer liked; such likes simply stop showing.
create table likes (
  user_id text not null references users (id) on delete cascade,
  product_id text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, product_id)
);
create index likes_product_idx on likes (product_id);

-- Every change of a bonus balance; users.balance = sum(delta) for the user.
create table bonus_ledger (
  id text primary key default gen_random_uuid()::text,
  user_id text not null references users (id) on delete cascade,
  delta integer not null check (delta <> 0),
  reason text not null,
  order_id text,
  created_at timestamptz not null default now()
);
create index bonus_ledger_user_idx on bonus_ledger (user_id, created_at);
