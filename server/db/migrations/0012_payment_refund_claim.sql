-- 0012 one refund at a time per payment. A refund is asked of the provider only by the request
-- that set refund_started_at (from null, or from a claim older than the stale limit: a process
-- that died mid-call), so a staff retry while a cancellation's refund is still with the provider
-- cannot ask for the money back twice (server/services/payments.ts refundOrderPayment). A failed
-- refund clears it; a done one keeps it with the payment 'refunded'.

alter table payments add column refund_started_at timestamptz;
