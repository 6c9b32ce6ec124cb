// Advertising campaigns for managers: preview, create (recipients picked now), list, stop.
// Sending is the campaign runner's (../campaigns/runner.ts). See docs/ADMIN.md «Campaigns».
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import {
  countAudience,
  findCampaign,
  insertCampaign,
  listCampaignRows,
  recipientCounts,
  setCampaignStatus,
  type AudienceQuery,
  type CampaignRow,
} from '../../repositories/campaigns.js';
import type { Campaign, CampaignChannel, CampaignFilter } from '../../../src/api/contract/admin/campaigns.js';
import { CAMPAIGN_MESSAGES } from '../../../src/api/contract/admin/messages.js';
import { campaignMessage, optOutLink, PUSH_BODY_MAX, smsParts } from '../campaigns/message.js';
import type { Actor } from './actor.js';
import { audit } from './audit.js';
import { dayOrInstant } from './dates.js';
import { cityTimeZone } from './orders.js';

/** The filter's days as instants in the city's time zone (the chain's zone without a city). */
async function audienceQuery(db: Executor, filter: CampaignFilter, channel: CampaignChannel): Promise<AudienceQuery> {
  if (filter.lastOrderFrom && filter.lastOrderTo && filter.lastOrderFrom > filter.lastOrderTo)
    throw unprocessable(CAMPAIGN_MESSAGES.dateRange, 'campaign-date-range');
  if (filter.minOrders !== undefined && filter.maxOrders !== undefined && filter.minOrders > filter.maxOrders)
    throw unprocessable(CAMPAIGN_MESSAGES.ordersRange, 'campaign-orders-range');
  const tz = await cityTimeZone(db, filter.cityId);
  return {
    cityId: filter.cityId ?? null,
    lastOrderFrom: filter.lastOrderFrom ? dayOrInstant(filter.lastOrderFrom, tz, 'start') : null,
    lastOrderBefore: filter.lastOrderTo ? dayOrInstant(filter.lastOrderTo, tz, 'end') : null,
    minOrders: filter.minOrders ?? 0,
    maxOrders: filter.maxOrders ?? null,
    channel,
  };
}

type Draft = { filter: CampaignFilter; text: string; channel?: CampaignChannel | undefined };

/** The message as recipients get it (an example code of the real length: the link takes the same room). */
function exampleMessage(ctx: AppContext, draft: Draft): string {
  const message = campaignMessage(draft.text, optOutLink(ctx.config.publicUrl, 'xxxxxxxxxxxxxxxx'));
  // the service worker shows 300 characters: a longer push would lose its opt-out line
  if (draft.channel === 'push' && [...message].length > PUSH_BODY_MAX)
    throw unprocessable(CAMPAIGN_MESSAGES.pushTooLong, 'campaign-push-too-long');
  return message;
}

export async function previewCampaign(
  ctx: AppContext,
  draft: Draft,
): Promise<{ recipients: number; message: string; smsParts: number }> {
  const message = exampleMessage(ctx, draft);
  const recipients = await ctx.db.run(async (db) =>
    countAudience(db, await audienceQuery(db, draft.filter, draft.channel ?? 'sms')),
  );
  return { recipients, message, smsParts: smsParts(message) };
}

function toCampaign(row: CampaignRow, counts: Campaign['counts'] | undefined): Campaign {
  return {
    id: row.id,
    channel: row.channel,
    text: row.text,
    filter: row.filter,
    status: row.status,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    counts: counts ?? { total: 0, pending: 0, sent: 0, failed: 0, skipped: 0 },
  };
}

async function campaignById(db: Executor, id: string): Promise<Campaign> {
  const row = await findCampaign(db, id);
  if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound, 'campaign-not-found');
  return toCampaign(row, (await recipientCounts(db, [id])).get(id));
}

export async function createCampaign({ ctx, ip, staff }: Actor, draft: Draft): Promise<Campaign> {
  exampleMessage(ctx, draft);
  const id = randomUUID();
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const picked = await insertCampaign(
      tx,
      { id, text: draft.text, filter: draft.filter, createdBy: staff.login, at: now },
      await audienceQuery(tx, draft.filter, draft.channel ?? 'sms'),
    );
    if (picked === 0) throw unprocessable(CAMPAIGN_MESSAGES.noRecipients, 'campaign-no-recipients');
    await audit(
      tx,
      staff,
      ip,
      { action: 'campaign.create', entity: 'campaign', entityId: id, after: { ...draft, recipients: picked } },
      now,
    );
  });
  return ctx.db.run((db) => campaignById(db, id));
}

export async function listCampaigns(db: Executor): Promise<{ campaigns: Campaign[] }> {
  const rows = await listCampaignRows(db, 100);
  const counts = await recipientCounts(
    db,
    rows.map((r) => r.id),
  );
  return { campaigns: rows.map((row) => toCampaign(row, counts.get(row.id))) };
}

export async function stopCampaign({ ctx, ip, staff }: Actor, id: string): Promise<Campaign> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await findCampaign(tx, id);
    if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound, 'campaign-not-found');
    if (row.status !== 'sending') throw conflict(CAMPAIGN_MESSAGES.finished, 'campaign-finished');
    await setCampaignStatus(tx, id, 'stopped', now);
    await audit(tx, staff, ip, { action: 'campaign.stop', entity: 'campaign', entityId: id }, now);
  });
  return ctx.db.run((db) => campaignById(db, id));
}
