-- 0111 Web push of order statuses (docs/PUSH.md). A subscription is one browser of one customer:
-- the endpoint is the push service's address for that browser, so it is the key; a browser that
-- another customer signs in on moves to them. The VAPID pair is generated once when the
-- environment names none: the first process to start inserts its pair, every process reads the
-- one row that won (id 1).

create table push_subscriptions (
  endpoint text primary key,
  user_id text not null references users (id),
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create index push_subscriptions_user_idx on push_subscriptions (user_id);

create table vapid_keys (
  id smallint primary key check (id = 1),
  public_key text not null,
  private_key text not null,
  created_at timestamptz not null
);
