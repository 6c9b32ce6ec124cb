// Advertising campaigns: an SMS to customers who consented to advertising, picked by city, last
// order date and order count. Preview first (how many, the exact text with the opt-out line), then
// send; sending is rate-limited, resumable and at most once per customer. See docs/ADMIN.md
// «Campaigns».
import { z } from 'zod/mini';
import { Id, IsoDateTime } from '../../entities.js';
import { AdminIdParams, CalendarDay, defineAdminRoute, listOf } from './common.js';

const Count = z.int().check(z.minimum(0), z.maximum(100_000));

export const CampaignFilter = z.object({
  /** The city of the customer's last order; absent: every city. */
  cityId: z.optional(Id),
  /** Last order on or after this day (the city's time zone). */
  lastOrderFrom: z.optional(CalendarDay),
  /** Last order on or before this day. */
  lastOrderTo: z.optional(CalendarDay),
  /** Orders placed (cancelled ones not counted), at least / at most. */
  minOrders: z.optional(Count),
  maxOrders: z.optional(Count),
});
export type CampaignFilter = z.infer<typeof CampaignFilter>;

/** The text an operator writes; the opt-out line is added to it (CAMPAIGN_OPT_OUT). */
export const CampaignText = z.string().check(z.trim(), z.minLength(3), z.maxLength(600));

/** How the campaign reaches customers: an SMS to their phone, or a web push to their browsers. */
export const CampaignChannel = z.enum(['sms', 'push']);
export type CampaignChannel = z.infer<typeof CampaignChannel>;

/** Without a channel: SMS (as before push campaigns existed). */
export const CampaignDraft = z.object({
  filter: CampaignFilter,
  text: CampaignText,
  channel: z.optional(CampaignChannel),
});

export const CampaignPreview = z.object({
  /** Customers the campaign would reach now by its channel (push: those with a push subscription). */
  recipients: z.int(),
  /** The message as a customer gets it, with an example opt-out link. */
  message: z.string(),
  /** SMS parts the message takes (70 Cyrillic characters in one, 67 per part when longer). */
  smsParts: z.int(),
});

export const CampaignStatus = z.enum(['sending', 'done', 'stopped']);

export const Campaign = z.object({
  id: z.string(),
  channel: CampaignChannel,
  text: z.string(),
  filter: CampaignFilter,
  status: CampaignStatus,
  createdBy: z.string(),
  createdAt: IsoDateTime,
  finishedAt: z.nullable(IsoDateTime),
  counts: z.object({
    total: z.int(),
    pending: z.int(),
    sent: z.int(),
    failed: z.int(),
    skipped: z.int(),
  }),
});
export type Campaign = z.infer<typeof Campaign>;

export const adminPreviewCampaign = defineAdminRoute('manager', 'POST /admin/campaigns/preview', {
  summary: 'How many consenting customers a campaign would reach, and its exact text with the opt-out line',
  body: CampaignDraft,
  response: CampaignPreview,
});

export const adminCreateCampaign = defineAdminRoute('manager', 'POST /admin/campaigns', {
  summary: 'Picks the recipients now and starts sending at the rate limit (CAMPAIGN_SMS_PER_MINUTE)',
  body: CampaignDraft,
  response: Campaign,
});

export const adminListCampaigns = defineAdminRoute('manager', 'GET /admin/campaigns', {
  summary: 'Campaigns, newest first, with their progress',
  response: listOf('campaigns', Campaign),
});

export const adminStopCampaign = defineAdminRoute('manager', 'POST /admin/campaigns/:id/stop', {
  summary: 'Stops a campaign: recipients not yet reached get nothing',
  params: AdminIdParams,
  response: Campaign,
});
