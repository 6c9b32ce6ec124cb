-- A version of the gift promotions, so POST /order and POST /checkout/quote can keep them per
-- process and check them with the other content versions in one primary-key read (see
-- server/services/checkoutReference.ts). Not a version clients poll.
insert into content_versions (name) values ('promotions') on conflict (name) do nothing;

create trigger promotions_bump_version after insert or update or delete or truncate on promotions
  for each statement execute function bump_content_version('promotions');
