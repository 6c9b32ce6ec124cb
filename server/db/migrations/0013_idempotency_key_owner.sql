-- The process that claimed a running POST /order key: its boot id (random per process start,
-- server/db/database.ts). A claim whose owner is gone is taken over at once instead of after
-- IDEMPOTENCY_STALE_MS (server/services/orders.ts); null for claims made before this column.
alter table idempotency_keys add column owner bigint;
