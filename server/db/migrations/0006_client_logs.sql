-- 0006 bug reports: what the storefront sends from its error page or after an
-- uncaught error: the recorded event log (masked by the client and again by the server) with
-- the app version, store version, route and user agent. The report is kept as JSON text (not
-- jsonb: a recorded string may hold a NUL, which jsonb refuses). The sender's IP address is
-- kept only as a sha-256 hash, for the per-IP hourly limit that every server process shares.

create table client_logs (
  id text primary key,
  received_at timestamptz not null,
  ip_hash text not null,
  app_version text not null,
  store_version text,
  route text not null,
  user_agent text not null,
  error_message text,
  entry_count integer not null,
  size_bytes integer not null,
  report text not null
);

create index client_logs_ip_received on client_logs (ip_hash, received_at);
create index client_logs_received on client_logs (received_at desc, id);
