-- 0013 staff sign-in that a guesser cannot block (docs/ADMIN.md "Lockout"): failures are counted
-- per address and per (login, address), and a browser that signed in before carries a signed
-- device cookie whose own failures are counted by its nonce.

-- The nonce of a valid device cookie for this login; null for an unknown device.
alter table staff_login_attempts add column device text;
create index staff_login_attempts_login_ip_idx on staff_login_attempts (login, ip, at desc);
create index staff_login_attempts_device_idx on staff_login_attempts (login, device, at desc) where device is not null;

-- Secrets the server generates once and every process shares (the device cookie's HMAC key).
-- Never sent to clients or logged.
create table server_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
