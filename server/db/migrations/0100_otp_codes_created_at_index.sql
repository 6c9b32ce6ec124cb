-- 0100 sign-in code rows are swept by age (server/services/otp.ts `sweepOldRows`), not only per
-- phone as before: a shared address's budget of codes is counted over a day, so each row is kept
-- a day, and the rows of phones that never ask again must still go. This index keeps the sweep
-- from reading the whole table.

create index otp_codes_created_at_idx on otp_codes (created_at);
