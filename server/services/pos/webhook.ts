// iiko's webhook (issue item 7): POST /api/v1/pos/iiko/webhook with the authToken configured in
// iikoWeb in its Authorization header. Anything else is 401 and changes nothing; a body that is
// not iiko's list of events is 400. Order events move our orders; StopListUpdate and
// NomenclatureUpdate schedule a refresh (refreshQueue.ts) that runs after the answer, instead of
// waiting for the next poll.
import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { HttpError, unauthorized } from '../../http/errors.js';
import { orderInfoFrom } from '../../integrations/pos/iiko/adapter.js';
import { DeliveryOrderInfo, WebhookEvents } from '../../integrations/pos/iiko/schemas.js';
import { recordError } from '../../repositories/posState.js';
import { scheduleRefresh } from './refreshQueue.js';
import { applyOrderInfo } from './statusSync.js';

export const WEBHOOK_MESSAGES = {
  unauthorized: 'Неверный токен уведомления iiko',
  malformed: 'Уведомление iiko не в ожидаемом формате',
} as const;

function sameToken(expected: string, given: string | undefined): boolean {
  if (expected === '' || given === undefined) return false;
  const raw = given.startsWith('Bearer ') ? given.slice(7) : given;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(raw.trim(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function handleIikoWebhook(
  ctx: AppContext,
  authorization: string | undefined,
  raw: Buffer,
): Promise<{ accepted: number; ignored: number }> {
  const token = ctx.config.iiko?.webhookToken ?? '';
  if (!sameToken(token, authorization)) throw unauthorized(WEBHOOK_MESSAGES.unauthorized);
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, WEBHOOK_MESSAGES.malformed, 'bad-webhook');
  }
  const events = WebhookEvents.safeParse(json);
  if (!events.success) throw new HttpError(400, WEBHOOK_MESSAGES.malformed, 'bad-webhook');
  let accepted = 0;
  let ignored = 0;
  const organizations = new Set(ctx.config.iiko?.organizationIds ?? []);
  for (const event of events.data) {
    if (event.organizationId && !organizations.has(event.organizationId)) {
      ignored += 1;
      continue;
    }
    try {
      switch (event.eventType) {
        case 'DeliveryOrderUpdate':
        case 'DeliveryOrderError': {
          const info = DeliveryOrderInfo.safeParse(event.eventInfo);
          if (info.success && (await applyOrderInfo(ctx, orderInfoFrom(info.data)))) accepted += 1;
          else ignored += 1;
          break;
        }
        case 'StopListUpdate':
          scheduleRefresh(ctx, 'stop-lists');
          accepted += 1;
          break;
        case 'NomenclatureUpdate':
          scheduleRefresh(ctx, 'menu');
          accepted += 1;
          break;
        default:
          ignored += 1;
      }
    } catch (error) {
      // iiko is answered either way (it would resend); the poll catches up
      const message = error instanceof Error ? error.message : String(error);
      await ctx.db.run((db) => recordError(db, 'webhook', `${event.eventType}: ${message}`, ctx.clock.now()));
      ignored += 1;
    }
  }
  return { accepted, ignored };
}
