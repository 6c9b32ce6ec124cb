-- 0005 admin area: staff accounts and their sessions, sign-in attempts (the lockout
-- counters, per login and per IP, shared by every server process), the audit log of staff
-- actions, order cancellations (reason, refund state) and the staff live-orders notification.

create table staff (
  id text primary key default gen_random_uuid()::text,
  -- lower-case, what the person types to sign in
  login text not null unique check (login = lower(login) and login ~ '^[a-z0-9._-]{3,64}$'),
  name text not null default '',
  role text not null check (role in ('admin', 'operator')),
  -- argon2id PHC string; the password itself is never stored
  password_hash text not null,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  last_login_at timestamptz
);

-- A staff token is 'st_' + 32 random bytes (base64url); only its sha-256 (hex) is stored.
create table staff_sessions (
  id text primary key default gen_random_uuid()::text,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  staff_id text not null references staff (id) on delete cascade,
  ip text not null default '',
  user_agent text not null default '',
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index staff_sessions_staff_idx on staff_sessions (staff_id) where revoked_at is null;

-- Every sign-in attempt; failures since the last success drive the back-off.
create table staff_login_attempts (
  id bigserial primary key,
  login text not null,
  ip text not null,
  success boolean not null,
  at timestamptz not null default now()
);
create index staff_login_attempts_login_idx on staff_login_attempts (login, at desc);
create index staff_login_attempts_ip_idx on staff_login_attempts (ip, at desc);

-- Who did what: one row per staff action, with the object before and after (JSON, secrets removed).
create table audit_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  staff_id text references staff (id) on delete set null,
  staff_login text not null,
  action text not null,
  entity text not null,
  entity_id text not null default '',
  before jsonb,
  after jsonb,
  ip text not null default ''
);
create index audit_log_at_idx on audit_log (at desc);
create index audit_log_entity_idx on audit_log (entity, entity_id, at desc);
create index audit_log_staff_idx on audit_log (staff_id, at desc);

-- A cancellation by staff: the reason the customer is told, and whether money must go back.
-- refund: 'not-needed' (nothing paid online), 'required' (paid online, refund not yet made),
-- 'done', 'failed'.
create table order_cancellations (
  order_id text primary key references orders (id) on delete cascade,
  reason text not null check (length(reason) between 1 and 500),
  staff_id text references staff (id) on delete set null,
  refund text not null check (refund in ('not-needed', 'required', 'done', 'failed')),
  refund_error text,
  at timestamptz not null default now()
);

create index orders_created_idx on orders (created_at desc);
create index orders_city_status_idx on orders (city_id, status, created_at desc);

-- Staff screens learn of new and changed orders live: every process LISTENs on storefront_staff
-- and hands the payload to its staff WebSockets (server/routes/ws.ts). A trigger, so that no
-- writer (checkout, payments, POS sync, admin) can forget to announce a change.
create function notify_staff_order() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.status is not distinct from new.status
     and old.payment_status is not distinct from new.payment_status then
    return null;
  end if;
  perform pg_notify('storefront_staff', json_build_object(
    'type', case when tg_op = 'INSERT' then 'order:new' else 'order:updated' end,
    'orderId', new.id,
    'number', new.number,
    'status', new.status,
    'paymentStatus', new.payment_status,
    'cityId', new.city_id,
    'deliveryTerminalId', new.delivery_terminal_id,
    'total', new.total
  )::text);
  return null;
end;
$$;
create trigger orders_notify_staff after insert or update on orders
  for each row execute function notify_staff_order();
