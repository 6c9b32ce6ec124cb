// Sends campaign messages (SMS or web push) at CAMPAIGN_SMS_PER_MINUTE, all processes together: each pass, under a
// cross-process lock on PostgreSQL, counts the messages claimed in the last minute and claims at
// most the rest (SKIP LOCKED). A claim commits before its SMS goes out, so after a crash the
// message counts as sent-or-not ('unknown') and is never sent twice. Consent withdrawn while a
// campaign runs skips the customer.
import type { AppContext, IntegrationLog } from '../../context.js';
import {
  abandonStaleClaims,
  claimRecipients,
  claimedSince,
  finishCompleted,
  recordOutcome,
  skipWithdrawn,
  type ClaimedRecipient,
} from '../../repositories/campaigns.js';
import { lockNumber } from '../../repositories/locks.js';
import { deleteSubscription, subscriptionsOf } from '../../repositories/webPush.js';
import { pushSenderOf, vapidOf } from '../webPush.js';
import { campaignMessage, campaignPushPayload, optOutLink } from './message.js';

export const CAMPAIGN_TICK_MS = 1_000;
const RATE_WINDOW_MS = 60_000;
/** A claim older than this without an outcome belongs to a process that died. */
export const STALE_CLAIM_MS = 5 * 60_000;
/** Advisory lock key of the claim (any constant unique among the server's locks). */
const CLAIM_LOCK_KEY = 724_019;

async function claimBatch(ctx: AppContext): Promise<ClaimedRecipient[]> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (ctx.config.databaseUrl !== null) await lockNumber(tx, CLAIM_LOCK_KEY);
    await skipWithdrawn(tx);
    const used = await claimedSince(tx, new Date(now.getTime() - RATE_WINDOW_MS));
    const budget = ctx.config.campaignSmsPerMinute - used;
    if (budget <= 0) return [];
    return claimRecipients(tx, budget, now);
  });
}

type Outcome = { status: 'sent' } | { status: 'failed' | 'skipped'; reason: string };

/** An advertising push can wait a day for a browser that is offline; it is not urgent. */
const CAMPAIGN_PUSH_TTL_SECONDS = 24 * 3600;

/** To every browser the customer subscribed: sent when one took it; gone subscriptions deleted. */
async function sendPush(ctx: AppContext, r: ClaimedRecipient, message: string): Promise<Outcome> {
  const targets = await ctx.db.run((db) => subscriptionsOf(db, r.user_id));
  if (targets.length === 0) return { status: 'skipped', reason: 'нет подписки на push-уведомления' };
  const vapid = await vapidOf(ctx);
  const payload = JSON.stringify(campaignPushPayload(r.campaign_id, message));
  const outcomes = await Promise.all(
    targets.map(async (target) => {
      const outcome = await pushSenderOf(ctx).send({ endpoint: target.endpoint, keys: target }, payload, vapid, {
        ttlSeconds: CAMPAIGN_PUSH_TTL_SECONDS,
        urgency: 'low',
      });
      if (outcome.kind === 'gone') await ctx.db.run((db) => deleteSubscription(db, target.endpoint));
      return outcome;
    }),
  );
  if (outcomes.some((o) => o.kind === 'sent')) return { status: 'sent' };
  const failed = outcomes.find((o) => o.kind === 'failed');
  return { status: 'failed', reason: failed?.kind === 'failed' ? failed.reason : 'подписка больше не действует' };
}

async function sendOne(ctx: AppContext, r: ClaimedRecipient): Promise<Outcome> {
  const message = campaignMessage(r.text, optOutLink(ctx.config.publicUrl, r.code));
  if (r.channel === 'push') return sendPush(ctx, r, message);
  if (r.phone === null) return { status: 'skipped', reason: 'нет телефона' };
  await ctx.sms.send(r.phone, message);
  return { status: 'sent' };
}

/** One pass: claims what the rate allows and sends it; the number of messages sent. */
export async function runCampaignsOnce(ctx: AppContext, log?: IntegrationLog): Promise<number> {
  const now = ctx.clock.now();
  await ctx.db.run((db) => abandonStaleClaims(db, new Date(now.getTime() - STALE_CLAIM_MS)));
  const batch = await claimBatch(ctx);
  let sent = 0;
  for (const r of batch) {
    const key = { campaignId: r.campaign_id, userId: r.user_id };
    let outcome: Outcome;
    try {
      outcome = await sendOne(ctx, r);
    } catch (error) {
      outcome = { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
    if (outcome.status === 'sent') {
      await ctx.db.run((db) => recordOutcome(db, key, 'sent', null));
      sent += 1;
    } else {
      // the reason is the port's or the push service's words; never a phone or an endpoint
      if (outcome.status === 'failed')
        log?.warn(
          { campaignId: r.campaign_id, channel: r.channel, reason: outcome.reason },
          'campaign: message not sent',
        );
      const reason = outcome.reason.slice(0, 500);
      await ctx.db.run((db) => recordOutcome(db, key, outcome.status, reason));
    }
  }
  await ctx.db.run((db) => finishCompleted(db, ctx.clock.now()));
  return sent;
}

export interface CampaignRunner {
  stop(): Promise<void>;
}

export function startCampaignRunner(ctx: AppContext, log: IntegrationLog): CampaignRunner {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  // a tick that finds the last pass still running skips: passes never pile up
  const timer = setInterval(() => {
    if (stopped || running !== null) return;
    running = runCampaignsOnce(ctx, log)
      .catch((error: unknown) =>
        log.warn({ err: error instanceof Error ? error.message : String(error) }, 'campaign: pass failed'),
      )
      .finally(() => {
        running = null;
      });
  }, CAMPAIGN_TICK_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
