// Advertising campaigns and their recipients (migration 0124). The audience query, the claim of a
// batch under the rate limit and the outcome of each message.
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { campaignRecipients, campaigns, type CampaignStatus, type RecipientStatus } from '../db/schema/campaigns.js';
import type { CampaignChannel, CampaignFilter } from '../../src/api/contract/admin/campaigns.js';

export type CampaignRow = typeof campaigns.$inferSelect;

/** The filter with its day bounds already turned into instants in the city's time zone. */
export interface AudienceQuery {
  cityId: string | null;
  lastOrderFrom: Date | null;
  lastOrderBefore: Date | null;
  minOrders: number;
  maxOrders: number | null;
  /** sms: customers with a phone; push: customers with a push subscription. */
  channel: CampaignChannel;
}

/**
 * Consenting, not deleted customers reachable by the channel (a phone, or a push subscription),
 * whose order history matches: the city and time of
 * their last order that was not cancelled, and how many such orders they have.
 */
function audienceSql(q: AudienceQuery): SQL {
  return sql`
    with stats as (
      select user_id, count(*)::int as n, max(created_at) as last_at,
             (array_agg(city_id order by created_at desc))[1] as last_city
      from orders where status <> 'Cancelled' group by user_id
    )
    select u.id as user_id, u.phone as phone
    from users u left join stats s on s.user_id = u.id
    where u.receive_advertising and u.deleted_at is null
      and case when ${q.channel}::text = 'push'
               then exists (select 1 from push_subscriptions p where p.user_id = u.id)
               else u.phone is not null end
      and (${q.cityId}::text is null or s.last_city = ${q.cityId}::text)
      and (${q.lastOrderFrom}::timestamptz is null or s.last_at >= ${q.lastOrderFrom}::timestamptz)
      and (${q.lastOrderBefore}::timestamptz is null or s.last_at < ${q.lastOrderBefore}::timestamptz)
      and coalesce(s.n, 0) >= ${q.minOrders}::int
      and (${q.maxOrders}::int is null or coalesce(s.n, 0) <= ${q.maxOrders}::int)`;
}

export async function countAudience(db: Executor, q: AudienceQuery): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${audienceSql(q)}) a`);
  return Number(rows.rows[0]?.n ?? 0);
}

/** Creates the campaign with its recipients picked now; each gets an unguessable opt-out code. */
export async function insertCampaign(
  tx: Executor,
  c: { id: string; text: string; filter: CampaignFilter; createdBy: string; at: Date },
  q: AudienceQuery,
): Promise<number> {
  await tx.insert(campaigns).values({
    id: c.id,
    channel: q.channel,
    text: c.text,
    filter: c.filter,
    status: 'sending',
    createdBy: c.createdBy,
    createdAt: c.at,
  });
  const inserted = await tx.execute<{ n: number }>(sql`
    with added as (
      insert into campaign_recipients (campaign_id, user_id, phone, code)
      select ${c.id}, a.user_id, a.phone, substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)
      from (${audienceSql(q)}) a
      returning 1
    )
    select count(*)::int as n from added`);
  return Number(inserted.rows[0]?.n ?? 0);
}

export type RecipientCounts = Record<'total' | 'pending' | 'sent' | 'failed' | 'skipped', number>;

export async function recipientCounts(db: Executor, ids: string[]): Promise<Map<string, RecipientCounts>> {
  const out = new Map<string, RecipientCounts>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: campaignRecipients.campaignId, status: campaignRecipients.status, n: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .where(inArray(campaignRecipients.campaignId, ids))
    .groupBy(campaignRecipients.campaignId, campaignRecipients.status);
  for (const id of ids) out.set(id, { total: 0, pending: 0, sent: 0, failed: 0, skipped: 0 });
  for (const row of rows) {
    const counts = out.get(row.id);
    if (!counts) continue;
    const n = Number(row.n);
    counts.total += n;
    // a message in flight is still to come; one whose outcome was lost counts as failed
    if (row.status === 'pending' || row.status === 'sending') counts.pending += n;
    else if (row.status === 'unknown' || row.status === 'failed') counts.failed += n;
    else counts[row.status] += n;
  }
  return out;
}

export function listCampaignRows(db: Executor, limit: number): Promise<CampaignRow[]> {
  return db.select().from(campaigns).orderBy(desc(campaigns.createdAt)).limit(limit);
}

export async function findCampaign(db: Executor, id: string): Promise<CampaignRow | undefined> {
  return (await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1))[0];
}

export async function setCampaignStatus(tx: Executor, id: string, status: CampaignStatus, at: Date): Promise<void> {
  await tx.update(campaigns).set({ status, finishedAt: at }).where(eq(campaigns.id, id));
}

/**
 * Recipients whose consent was withdrawn (or account deleted, or phone removed for an SMS) since
 * they were picked: skipped. A push recipient without subscriptions left is found at sending.
 */
export async function skipWithdrawn(tx: Executor): Promise<void> {
  await tx.execute(sql`
    update campaign_recipients r set status = 'skipped'
    from users u, campaigns c
    where r.status = 'pending' and u.id = r.user_id and c.id = r.campaign_id
      and (not u.receive_advertising or u.deleted_at is not null or (c.channel = 'sms' and u.phone is null))`);
}

/** Messages claimed since `since` (sent or in flight): what the rate limit counts. */
export async function claimedSince(tx: Executor, since: Date): Promise<number> {
  const rows = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from campaign_recipients where claimed_at >= ${since}`,
  );
  return Number(rows.rows[0]?.n ?? 0);
}

export type ClaimedRecipient = {
  campaign_id: string;
  user_id: string;
  phone: string | null;
  code: string;
  text: string;
  channel: CampaignChannel;
};

/** Claims up to `limit` pending recipients of running campaigns, oldest campaign first. */
export async function claimRecipients(tx: Executor, limit: number, at: Date): Promise<ClaimedRecipient[]> {
  const rows = await tx.execute<ClaimedRecipient>(sql`
    with pick as (
      select r.campaign_id, r.user_id from campaign_recipients r
      join campaigns c on c.id = r.campaign_id
      where r.status = 'pending' and c.status = 'sending'
      order by c.created_at, r.campaign_id, r.user_id
      limit ${limit}
      for update of r skip locked
    )
    update campaign_recipients r set status = 'sending', claimed_at = ${at}
    from pick, campaigns c
    where r.campaign_id = pick.campaign_id and r.user_id = pick.user_id and c.id = r.campaign_id
    returning r.campaign_id, r.user_id, r.phone, r.code, c.text, c.channel`);
  return rows.rows;
}

export async function recordOutcome(
  db: Executor,
  r: { campaignId: string; userId: string },
  status: Extract<RecipientStatus, 'sent' | 'failed' | 'skipped'>,
  error: string | null,
): Promise<void> {
  await db
    .update(campaignRecipients)
    .set({ status, error })
    .where(
      and(
        eq(campaignRecipients.campaignId, r.campaignId),
        eq(campaignRecipients.userId, r.userId),
        eq(campaignRecipients.status, 'sending'),
      ),
    );
}

/** Claims older than `before` whose outcome no one recorded (their process died): never resent. */
export async function abandonStaleClaims(db: Executor, before: Date): Promise<void> {
  await db
    .update(campaignRecipients)
    .set({ status: 'unknown', error: 'процесс остановился во время отправки' })
    .where(and(eq(campaignRecipients.status, 'sending'), lt(campaignRecipients.claimedAt, before)));
}

/** Running campaigns with no one left to reach are done. */
export async function finishCompleted(db: Executor, at: Date): Promise<void> {
  await db.execute(sql`
    update campaigns c set status = 'done', finished_at = ${at}
    where c.status = 'sending' and not exists (
      select 1 from campaign_recipients r
      where r.campaign_id = c.id and r.status in ('pending', 'sending'))`);
}

/** The customer behind an opt-out code; withdraws their consent to advertising. */
export async function optOutByCode(tx: Executor, code: string): Promise<boolean> {
  const rows = await tx.execute<{ user_id: string }>(sql`
    update users u set receive_advertising = false
    from campaign_recipients r
    where r.code = ${code} and u.id = r.user_id
    returning u.id as user_id`);
  return rows.rows.length > 0;
}
