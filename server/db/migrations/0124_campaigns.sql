-- 0124 advertising campaigns (docs/ADMIN.md «Campaigns»): an SMS to the customers who consented
-- to advertising, picked by a filter when the campaign is created. Each recipient is a row, claimed
-- before its message is sent, so a restart resumes where it stopped and no one gets it twice.
create table campaigns (
  id text primary key default gen_random_uuid()::text,
  channel text not null check (channel in ('sms')),
  text text not null,
  filter jsonb not null,
  status text not null check (status in ('sending', 'done', 'stopped')),
  created_by text not null,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index campaigns_created_idx on campaigns (created_at desc);

create table campaign_recipients (
  campaign_id text not null references campaigns (id) on delete cascade,
  user_id text not null,
  phone text not null,
  -- the customer's one-click opt-out link (/u/<code>) in this campaign's message
  code text not null unique,
  -- pending → sending (claimed, counted by the rate limit) → sent | failed; skipped: consent
  -- withdrawn before the turn came; unknown: claimed by a process that died before it recorded
  -- the outcome (never sent again: at most once)
  status text not null default 'pending'
    check (status in ('pending', 'sending', 'sent', 'failed', 'skipped', 'unknown')),
  claimed_at timestamptz,
  error text,
  primary key (campaign_id, user_id)
);
create index campaign_recipients_pending_idx on campaign_recipients (campaign_id) where status = 'pending';
create index campaign_recipients_claimed_idx on campaign_recipients (claimed_at) where claimed_at is not null;
