-- 0113 SBP payments (docs/CHECKOUT.md «SBP»). Each payment now has its own deadline: a card
-- payment 30 minutes, an SBP QR 10 minutes. An expired SBP QR fails its payment but not its order,
-- and the customer may ask for a new one: an order then has several payment rows, of which at most
-- one is not 'failed' (the one that is pending, paid or refunded). sbp_link is the bank link the
-- provider gave for the QR (the test gateway's page, or CloudPayments' QrUrl).

alter table payments add column expires_at timestamptz;
update payments set expires_at = created_at + interval '30 minutes' where expires_at is null;
alter table payments alter column expires_at set default now() + interval '30 minutes';
alter table payments alter column expires_at set not null;
alter table payments add column sbp_link text;

drop index payments_order_idx;
create unique index payments_order_live_idx on payments (order_id) where status <> 'failed';
create index payments_order_created_idx on payments (order_id, created_at);
create index payments_pending_expiry_idx on payments (expires_at) where status = 'pending';
-- the sweep's look for SBP orders whose last QR expired and that nobody renewed
create index orders_sbp_awaiting_idx on orders (created_at) where payment_method = 'sbp' and payment_status = 'pending';
