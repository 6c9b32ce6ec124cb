-- 0132 surcharges (docs/ORDER-EDITING.md «Paid online, the total goes up»). An operator's edit
-- that raises the total of an order paid online asks the customer for the difference as a second
-- payment of the same order: purpose 'surcharge', keyed by the edit (edit_id, unique), so a
-- retried or replayed edit never creates it twice. The order's own payment keeps its rule (at most
-- one not failed); an order has at most one surcharge pending at a time. pay_url is the link the
-- customer pays it by (the test gateway's page, CloudPayments' invoice link), link_id the
-- provider's id of that link (to cancel it when the surcharge is voided). Existing rows are the
-- orders' own payments: the default backfills them.

alter table payments add column purpose text not null default 'order' check (purpose in ('order', 'surcharge'));
alter table payments add column edit_id text references order_edits (id);
alter table payments add column pay_url text;
alter table payments add column link_id text;
alter table payments add constraint payments_surcharge_edit_check
  check ((purpose = 'surcharge') = (edit_id is not null));

drop index payments_order_live_idx;
create unique index payments_order_live_idx on payments (order_id) where status <> 'failed' and purpose = 'order';
create unique index payments_surcharge_edit_idx on payments (edit_id) where edit_id is not null;
create unique index payments_surcharge_pending_idx on payments (order_id) where purpose = 'surcharge' and status = 'pending';

-- What an edit asks the customer to pay on top (0: nothing).
alter table order_edits add column surcharge_amount integer not null default 0 check (surcharge_amount >= 0);
