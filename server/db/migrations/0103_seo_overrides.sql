-- 0103 Operators' titles and descriptions of storefront pages (server/seo/overrides.ts, docs/SEO.md).
-- `path` is a page path without the host: '/angarsk/catalog/pizza' for one city's page,
-- '/catalog/pizza' for that page in every city. An empty or null field keeps the generated text.
-- The 'seo' and 'pages' content versions key the cached sitemap and feed (server/seo/cache.ts).

create table seo_overrides (
  path text primary key check (path ~ '^/' and length(path) <= 500),
  title text check (title is null or length(title) <= 200),
  description text check (description is null or length(description) <= 500),
  updated_at timestamptz not null default now()
);

insert into content_versions (name) values ('seo'), ('pages') on conflict (name) do nothing;

create trigger seo_overrides_bump_version after insert or update or delete or truncate on seo_overrides
  for each statement execute function bump_content_version('seo');
create trigger pages_bump_version after insert or update or delete or truncate on pages
  for each statement execute function bump_content_version('pages');
