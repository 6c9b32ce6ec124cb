-- 0125 order edits: an operator changes an order before cooking starts (docs/ORDER-EDITING.md).
-- One row per edit, written in the edit's own transaction with the order's new values; the key
-- (per order) makes a retried edit answer the first one, and its money state makes sure the
-- difference of an order paid online is refunded at most once.
create table order_edits (
  id text primary key,
  order_id text not null references orders (id) on delete cascade,
  idempotency_key text not null,
  staff_id text references staff (id),
  staff_login text not null,
  at timestamptz not null default now(),
  before jsonb not null,
  after jsonb not null,
  total_before integer not null,
  total_after integer not null,
  -- what happens to money paid online: none (cash, or the total did not go down), a refund of
  -- the difference (required → started → done | failed)
  refund text not null default 'not-needed'
    check (refund in ('not-needed', 'required', 'started', 'done', 'failed')),
  refund_amount integer not null default 0 check (refund_amount >= 0),
  refund_error text,
  refund_started_at timestamptz,
  unique (order_id, idempotency_key)
);
create index order_edits_order_idx on order_edits (order_id, at);

-- Money of a payment already returned by partial refunds (edits that lowered the total): a later
-- full refund (a cancellation) returns only amount - refunded_amount.
alter table payments add column refunded_amount integer not null default 0 check (refunded_amount >= 0);
