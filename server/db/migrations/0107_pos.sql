-- 0107 the chain's POS (docs/IIKO.md): what the sync last saw, the terminal groups and their
-- mapping to our restaurants, the order hand-off outbox, and the errors shown in /admin.

-- Small named records of the sync: 'menu:<organizationId>' {revision, importedAt},
-- 'stopLists' {refreshedAt}, 'terminals' {refreshedAt}, 'handoff' (true when orders go to a POS).
create table pos_state (
  name text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

create table pos_terminal_groups (
  id text primary key,
  organization_id text not null,
  name text not null,
  address text not null default '',
  time_zone text,
  is_alive boolean,
  checked_at timestamptz,
  -- the operator's mapping (or the same id, matched on import); null: not mapped
  delivery_terminal_id text unique references restaurants (delivery_terminal_id) on delete set null
);

-- One row per accepted order to hand off. State: pending (to create, or to look up first when
-- attempts > 0), waiting (created, following correlation_id), sent (the POS has it), failed
-- (the POS refused it; an operator may retry).
create table pos_outbox (
  order_id text primary key references orders (id) on delete cascade,
  state text not null default 'pending' check (state in ('pending', 'waiting', 'sent', 'failed')),
  attempts integer not null default 0,
  next_at timestamptz not null,
  correlation_id text,
  organization_id text,
  pos_status text,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index pos_outbox_due on pos_outbox (next_at) where state in ('pending', 'waiting');
create index pos_outbox_open on pos_outbox (state) where state = 'sent';

create table pos_errors (
  id bigserial primary key,
  at timestamptz not null default now(),
  area text not null,
  message text not null
);

-- POS-owned products: pos_owned once an import wrote one; pos_removed when the POS dropped it
-- (hidden, never deleted: history and repeat orders refer to it).
alter table products add column pos_owned boolean not null default false;
alter table products add column pos_removed boolean not null default false;

-- The outbox row is written by the order's own transaction: an accepted order is a cash or
-- courier-card order, or an online one once paid. Only while a POS takes orders ('handoff').
create function pos_enqueue_order() returns trigger language plpgsql as $$
begin
  if new.status <> 'Cancelled'
    and (new.payment_method in ('cash', 'courier-card') or new.payment_status = 'paid')
    and exists (select 1 from pos_state where name = 'handoff' and value = 'true'::jsonb) then
    insert into pos_outbox (order_id, next_at, created_at, updated_at)
    values (new.id, new.updated_at, new.updated_at, new.updated_at)
    on conflict (order_id) do nothing;
  end if;
  return null;
end;
$$;
create trigger orders_pos_enqueue after insert or update of payment_status on orders
  for each row execute function pos_enqueue_order();
