-- 0001 catalogue area: cities, settings, content versions, groups, products, stop list,
-- restaurants (delivery terminals), delivery zones, the street reference and info pages.
-- Money is integer roubles. Ids are text (iiko speaks UUIDs; the demo chain uses readable ids).

-- Versions the client polls (GET /storage/version, GET /setting/version). Statement triggers
-- bump them on every write to the tables behind them, so no writer (seed, admin, sync) can forget.
create table content_versions (
  name text primary key,
  version bigint not null default 1,
  updated_at timestamptz not null default now()
);
insert into content_versions (name) values ('catalog'), ('settings');

-- Bumps every content_versions row named in the trigger's arguments.
create function bump_content_version() returns trigger language plpgsql as $$
begin
  update content_versions set version = version + 1, updated_at = now() where name = any (tg_argv);
  return null;
end;
$$;

create table cities (
  id text primary key,
  name text not null,
  slug text not null unique check (slug ~ '^[a-z0-9-]+$'),
  iiko_id text not null unique,
  city_in text not null,
  time_zone text not null default 'Asia/Irkutsk',
  position integer not null default 0
);

-- Settings with the metadata the admin area needs to edit them generically.
create table settings (
  name text primary key,
  title text not null,
  type text not null check (type in ('boolean', 'string', 'number', 'json')),
  widget text not null check (widget in ('switch', 'text', 'textarea', 'json', 'multi-switch')),
  description text not null default '',
  value jsonb not null,
  position integer not null default 0,
  updated_at timestamptz not null default now()
);

create table groups (
  id text primary key,
  name text not null,
  slug text not null unique,
  parent_group text references groups (id),
  is_included_in_menu boolean not null default true,
  is_group_modifier boolean not null default false,
  is_service_group boolean not null default false,
  is_visible boolean not null default true,
  position integer not null default 0,
  image_url text,
  updated_at timestamptz not null default now()
);

create table products (
  id text primary key,
  name text not null,
  description text not null default '',
  code text not null,
  price integer not null check (price >= 0),
  old_price integer check (old_price is null or old_price >= 0),
  weight integer check (weight is null or weight >= 0),
  nutrition jsonb,
  parent_group text not null references groups (id),
  slug text not null unique,
  image_url text,
  -- [{ id: modifier group id, required, maxAmount, modifiers: [{ modifierId, price }] }]
  group_modifiers jsonb not null default '[]',
  -- [{ code, name }]
  allergens jsonb not null default '[]',
  filters jsonb not null default '[]',
  max_per_position integer not null default 0 check (max_per_position >= 0),
  -- additionalInfo.sale: false excludes a snack from the snack gift; null when not set
  sale boolean,
  is_visible boolean not null default true,
  position integer not null default 0,
  updated_at timestamptz not null default now()
);
create index products_parent_group on products (parent_group);

create table restaurants (
  delivery_terminal_id text primary key,
  city_id text not null references cities (id),
  name text not null,
  address text not null,
  phone text not null,
  lat double precision not null,
  lon double precision not null,
  -- seven days, Sunday first: [{ open: 'HH:MM', close: 'HH:MM', isNextDay }]
  hours jsonb not null,
  cooking_minutes integer not null default 30 check (cooking_minutes > 0),
  is_online_payment_disabled boolean not null default false,
  is_active boolean not null default true,
  position integer not null default 0
);
create index restaurants_city on restaurants (city_id);

create table stop_list (
  delivery_terminal_id text not null references restaurants (delivery_terminal_id) on delete cascade,
  product_id text not null references products (id) on delete cascade,
  balance numeric not null default 0,
  updated_at timestamptz not null default now(),
  primary key (delivery_terminal_id, product_id)
);

create table delivery_zones (
  id text primary key,
  city_id text not null references cities (id),
  name text not null,
  -- closed ring of [lon, lat] pairs (GeoJSON order)
  polygon jsonb not null,
  min_sum integer not null default 0 check (min_sum >= 0),
  delivery_price integer not null default 0 check (delivery_price >= 0),
  delivery_minutes integer not null default 60 check (delivery_minutes > 0),
  delivery_terminal_id text not null references restaurants (delivery_terminal_id),
  position integer not null default 0
);
create index delivery_zones_city on delivery_zones (city_id);

-- The address reference (GET /cladr/city/:cityIikoId, and the embedded geocoder).
create table streets (
  id text primary key,
  city_iiko_id text not null references cities (iiko_id) on update cascade,
  name text not null,
  kind text not null default 'улица',
  lat double precision not null,
  lon double precision not null
);
create index streets_city on streets (city_iiko_id, name);

create table pages (
  slug text not null,
  city_id text not null references cities (id),
  title text not null,
  -- simple markdown: paragraphs separated by a blank line, '## ' headings, '- ' list items
  body text not null,
  updated_at timestamptz not null default now(),
  primary key (slug, city_id)
);

create trigger groups_bump_version after insert or update or delete or truncate on groups
  for each statement execute function bump_content_version('catalog');
create trigger products_bump_version after insert or update or delete or truncate on products
  for each statement execute function bump_content_version('catalog');
create trigger stop_list_bump_version after insert or update or delete or truncate on stop_list
  for each statement execute function bump_content_version('catalog');
create trigger settings_bump_version after insert or update or delete or truncate on settings
  for each statement execute function bump_content_version('settings');
create trigger cities_bump_version after insert or update or delete or truncate on cities
  for each statement execute function bump_content_version('settings');
create trigger restaurants_bump_version after insert or update or delete or truncate on restaurants
  for each statement execute function bump_content_version('settings');
create trigger delivery_zones_bump_version after insert or update or delete or truncate on delivery_zones
  for each statement execute function bump_content_version('settings');
