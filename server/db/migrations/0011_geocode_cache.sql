-- 0011 answers of the external (paid) geocoder, so one address is asked at most once per TTL by
-- every server process together (server/services/geocodeCache.ts). A row holds the normalised
-- address text ('город, улица, дом': lower case, ё as е, punctuation and spacing folded), the
-- point the geocoder gave (null: it found nothing), its precision and its spelling of the street,
-- and when it was asked; nothing about who asked. Rows past their TTL are deleted as new
-- answers arrive.

create table geocode_cache (
  address text primary key,
  lat double precision,
  lon double precision,
  precision text,
  street text,
  looked_up_at timestamptz not null,
  constraint geocode_cache_point check ((lat is null) = (lon is null)),
  constraint geocode_cache_precision check (precision is null or precision in ('house', 'street'))
);

create index geocode_cache_looked_up_at on geocode_cache (looked_up_at);
