-- 0105 Each personal-data consent a customer gives: when, where (at sign-in or at checkout) and
-- to which version of the /legal text (a hash of its pages). A customer is asked again only when
-- the current version has no consent of theirs (server/services/consents.ts).

create table personal_data_consents (
  id bigint generated always as identity primary key,
  user_id text not null references users (id),
  given_at timestamptz not null,
  channel text not null check (channel in ('sign-in', 'checkout')),
  legal_version text not null
);

create index personal_data_consents_user_idx on personal_data_consents (user_id, given_at desc);
