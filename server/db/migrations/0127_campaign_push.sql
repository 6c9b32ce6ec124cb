-- 0127 campaigns by web push as well as SMS (docs/ADMIN.md «Campaigns»): the channel is chosen per
-- campaign; a push recipient is a customer with a push subscription and may have no phone.
alter table campaigns drop constraint if exists campaigns_channel_check;
alter table campaigns add constraint campaigns_channel_check check (channel in ('sms', 'push'));
alter table campaign_recipients alter column phone drop not null;
