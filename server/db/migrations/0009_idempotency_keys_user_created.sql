-- Every POST /order claim deletes the customer's stored answers older than a week (user_id and
-- created_at; server/services/orders.ts). With only the primary key (user_id, key) that read
-- every key the customer has (2,558 index entries, 0.23 ms a claim, after the benchmark's 1,500
-- orders of one customer); this index finds only the old ones. It also serves what the
-- created_at index did, which nothing else reads.
create index idempotency_keys_user_created_idx on idempotency_keys (user_id, created_at);
drop index idempotency_keys_created_idx;
