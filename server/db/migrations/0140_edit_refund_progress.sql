-- 0140 an edit's refund may span several payments (the order's own and its paid surcharges,
-- docs/ORDER-EDITING.md «Money»): how much of refund_amount has come back so far, written with each
-- payment's partial refund, so a retry of the edit asks only for the rest.
alter table order_edits add column refunded_amount integer not null default 0 check (refunded_amount >= 0);
update order_edits set refunded_amount = refund_amount where refund = 'done';
