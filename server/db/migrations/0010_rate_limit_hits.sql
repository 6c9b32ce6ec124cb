-- 0010 request limits for public routes that cost something per call (POST /geocode and
-- GET /geocode/reverse call an external geocoder): one row per counted request, per limited key
-- (an IP address, a customer), kept only as a sha-256 hash. Rows live in the database so every
-- server process counts against the same limit; rows older than a bucket's window are deleted
-- as new ones arrive.

create table rate_limit_hits (
  bucket text not null,
  key_hash text not null,
  at timestamptz not null
);

create index rate_limit_hits_key_at on rate_limit_hits (bucket, key_hash, at);
create index rate_limit_hits_at on rate_limit_hits (bucket, at);
