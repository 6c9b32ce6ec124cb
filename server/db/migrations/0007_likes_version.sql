-- A version of the likes, so the catalogue's cache key (catalogue version + likes version) is
-- one primary-key read instead of hashing the whole likes table on every GET /catalog.
-- It is not a version clients poll: a like changes likesCount, which the next catalogue fetch
-- shows, but it must not make every open storefront reload the catalogue.
insert into content_versions (name) values ('likes') on conflict (name) do nothing;

create trigger likes_bump_version after insert or update or delete or truncate on likes
  for each statement execute function bump_content_version('likes');
