-- 0109 a hand-off that iiko keeps failing (no answer, timeouts, 5xx) is retried for a while, then
-- flagged (docs/IIKO.md): the window starts when the row is created, or again when an operator
-- presses «Отправить снова» (retried_at).
alter table pos_outbox add column retried_at timestamptz;
