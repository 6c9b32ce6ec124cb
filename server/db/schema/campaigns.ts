// Tables of migrations 0124_campaigns.sql and 0127_campaign_push.sql: advertising campaigns and their recipients.
import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { CampaignChannel, CampaignFilter } from '../../../src/api/contract/admin/campaigns.js';
import { createdAt, tz } from './columns.js';

export type CampaignStatus = 'sending' | 'done' | 'stopped';
export type RecipientStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped' | 'unknown';

export const campaigns = pgTable('campaigns', {
  id: text('id').primaryKey(),
  channel: text('channel').$type<CampaignChannel>().notNull(),
  text: text('text').notNull(),
  filter: jsonb('filter').$type<CampaignFilter>().notNull(),
  status: text('status').$type<CampaignStatus>().notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: createdAt(),
  finishedAt: tz('finished_at'),
});

export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: text('campaign_id').notNull(),
    userId: text('user_id').notNull(),
    phone: text('phone'),
    code: text('code').notNull(),
    status: text('status').$type<RecipientStatus>().notNull(),
    claimedAt: tz('claimed_at'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.userId] })],
);
