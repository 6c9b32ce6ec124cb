-- 0004 payments: online payments of orders (card, SBP) and the notifications payment
-- providers sent. An order paid online has exactly one payment row; the order counts as paid only
-- when this row is 'paid' (confirmed by the server: the test gateway's button or a signed
-- CloudPayments Pay notification). Money is integer roubles.

create table payments (
  id text primary key,
  order_id text not null references orders (id),
  user_id text not null references users (id),
  -- 'test' = the built-in test gateway, 'cloudpayments' = CloudPayments
  provider text not null check (provider in ('test', 'cloudpayments')),
  method text not null check (method in ('card', 'sbp')),
  -- pending → paid | failed; paid → refunded
  status text not null default 'pending' check (status in ('pending', 'paid', 'failed', 'refunded')),
  amount integer not null check (amount >= 0),
  currency text not null default 'RUB',
  -- CloudPayments publicId the payment goes to (per restaurant); null for the test gateway
  account text,
  -- the provider's transaction id of the successful payment
  transaction_id text,
  failure_reason text,
  refund_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  paid_at timestamptz,
  failed_at timestamptz,
  refunded_at timestamptz
);
create unique index payments_order_idx on payments (order_id);

-- Every notification a provider sent, once: a repeated one (same provider and key, e.g.
-- 'pay:<TransactionId>') is found here and changes nothing.
create table payment_events (
  id bigserial primary key,
  provider text not null,
  event_key text not null,
  payment_id text references payments (id) on delete cascade,
  kind text not null,
  payload jsonb not null default '{}'::jsonb,
  outcome text not null default '',
  created_at timestamptz not null default now(),
  unique (provider, event_key)
);
