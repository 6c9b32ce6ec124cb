// Campaigns by web push (docs/ADMIN.md «Campaigns»), through the real web-push sender to the local
// fake push service: the audience is consenting customers with a subscription, the body carries the
// 38-ФЗ opt-out line, the rate limit is shared with SMS, a pass after a restart resumes with the
// pending recipients, each customer gets it once (a dead claim is never resent), and a withdrawn
// consent never gets one.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../../src/api/contract/admin/campaigns.js';
import type { AppContext } from '../../../server/context.js';
import { runCampaignsOnce, STALE_CLAIM_MS } from '../../../server/services/campaigns/runner.js';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../../fakes/push/pushService.js';
import { testServerPerFile } from '../helpers.js';
import { signedInUser } from '../ordersFixtures.js';
import { staffPerFile } from './staffFixtures.js';

let fake: FakePushService;
const server = testServerPerFile({ config: { campaignSmsPerMinute: 2, publicUrl: 'https://shop.example' } });
const manager = staffPerFile(server, 'manager');
type Person = { id: string; phone: string; devices: FakeSubscription[] };
const cast: Record<'both' | 'one' | 'smsOnly' | 'refused' | 'withdraws' | 'gone', Person> = {} as never;

async function person(consent: boolean, devices: number): Promise<Person> {
  const user = await signedInUser(server.db);
  await server.db.run((db) => db.execute(sql`update users set receive_advertising = ${consent} where id = ${user.id}`));
  const subs = Array.from({ length: devices }, () => fake.subscribe());
  for (const s of subs) {
    await server.db.run((db) =>
      db.execute(sql`insert into push_subscriptions (endpoint, user_id, p256dh, auth, created_at, updated_at)
                     values (${s.json.endpoint}, ${user.id}, ${s.json.keys.p256dh}, ${s.json.keys.auth}, now(), now())`),
    );
  }
  return { id: user.id, phone: user.phone, devices: subs };
}

beforeAll(async () => {
  fake = await startFakePushService();
  cast.both = await person(true, 2);
  cast.one = await person(true, 1);
  cast.smsOnly = await person(true, 0);
  cast.refused = await person(false, 1);
  cast.withdraws = await person(true, 1);
  cast.gone = await person(true, 1);
});
afterAll(async () => {
  await fake?.close();
});

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await server.app.inject({ method, url: `/api/v1${url}`, headers: manager.auth, payload });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

const TEXT = 'Роллы со скидкой 30% до воскресенья';
const received = (p: Person) => fake.received.filter((r) => p.devices.some((d) => d.id === r.subscriptionId));

describe('push campaigns', () => {
  it('the preview counts the channel’s audience: push needs a subscription, SMS a phone; consent for both', async () => {
    const push = await call('POST', '/admin/campaigns/preview', { filter: {}, text: TEXT, channel: 'push' });
    expect(push.status, JSON.stringify(push.body)).toBe(200);
    expect(push.body.recipients).toBe(4); // both, one, withdraws, gone
    const sms = await call('POST', '/admin/campaigns/preview', { filter: {}, text: TEXT, channel: 'sms' });
    expect(sms.body.recipients).toBe(5); // smsOnly too
    const unspecified = await call('POST', '/admin/campaigns/preview', { filter: {}, text: TEXT });
    expect(unspecified.body.recipients).toBe(5);
    expect(push.body.message).toBe(`${TEXT}\nРеклама. Отказаться от рассылки: https://shop.example/u/xxxxxxxxxxxxxxxx`);
  });

  it('a push longer than the notification shows (300 characters with the opt-out line) is refused in Russian', async () => {
    const long = 'Скидка '.repeat(40);
    const res = await call('POST', '/admin/campaigns/preview', { filter: {}, text: long, channel: 'push' });
    expect(res).toEqual({
      status: 422,
      body: expect.objectContaining({
        message: 'Push-уведомление не длиннее 300 символов вместе со строкой об отказе: сократите текст',
      }) as unknown,
    });
    const sms = await call('POST', '/admin/campaigns/preview', { filter: {}, text: long, channel: 'sms' });
    expect(sms.status).toBe(200);
    const created = await call('POST', '/admin/campaigns', { filter: {}, text: long, channel: 'push' });
    expect(created.status).toBe(422);
  });

  it('sends at the rate limit, once to every browser, resumes after a restart, skips a withdrawn consent', async () => {
    const created = await call('POST', '/admin/campaigns', { filter: {}, text: TEXT, channel: 'push' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const campaign = created.body as unknown as Campaign;
    expect(campaign).toMatchObject({ channel: 'push', counts: { total: 4, pending: 4 } });

    await server.db.run((db) =>
      db.execute(sql`update users set receive_advertising = false where id = ${cast.withdraws.id}`),
    );
    // the browser unsubscribed: its push service answers 410
    fake.unsubscribe(cast.gone.devices[0] as FakeSubscription);
    const smsBefore = server.sms.length;

    // CAMPAIGN_SMS_PER_MINUTE = 2 counts pushes too: two claimed in the first minute
    await runCampaignsOnce(server.ctx);
    await runCampaignsOnce(server.ctx);
    const claimed = async () =>
      Number(
        (
          await server.db.run((db) =>
            db.execute<{ n: number }>(
              sql`select count(*)::int as n from campaign_recipients where campaign_id = ${campaign.id} and claimed_at is not null`,
            ),
          )
        ).rows[0]?.n,
      );
    expect(await claimed()).toBe(2);

    // a restart: a fresh context (no sender, no state in memory) picks up the pending one
    server.clock.advance(60_001);
    const { webPush: _sender, ...memoryless } = server.ctx;
    const restarted: AppContext = memoryless;
    await runCampaignsOnce(restarted);
    expect(await claimed()).toBe(3);
    server.clock.advance(60_001);
    await runCampaignsOnce(restarted);

    expect(received(cast.both)).toHaveLength(2);
    expect(received(cast.one)).toHaveLength(1);
    expect(received(cast.withdraws)).toHaveLength(0);
    expect(received(cast.refused)).toHaveLength(0);
    expect(received(cast.gone)).toHaveLength(0);
    expect(server.sms.length).toBe(smsBefore);
    for (const push of [...received(cast.both), ...received(cast.one)]) {
      const payload = JSON.parse(push.text) as { title: string; body: string; url: string };
      expect(payload.title).toBe('Реклама');
      expect(payload.url).toBe('/');
      expect(payload.body).toMatch(
        /^Роллы со скидкой 30% до воскресенья\nРеклама\. Отказаться от рассылки: https:\/\/shop\.example\/u\/[0-9a-f]{16}$/,
      );
    }
    // the gone browser's subscription is deleted
    const left = await server.db.run((db) =>
      db.execute<{ n: number }>(sql`select count(*)::int as n from push_subscriptions where user_id = ${cast.gone.id}`),
    );
    expect(left.rows[0]?.n).toBe(0);

    const list = await call('GET', '/admin/campaigns');
    const row = (list.body.campaigns as Campaign[]).find((c) => c.id === campaign.id);
    expect(row).toMatchObject({ status: 'done', counts: { total: 4, pending: 0, sent: 2, failed: 1, skipped: 1 } });

    // more passes send nothing again
    const total = fake.received.length;
    server.clock.advance(120_000);
    await runCampaignsOnce(server.ctx);
    expect(fake.received.length).toBe(total);
  });

  it('a claim whose process died is never sent again', async () => {
    const created = await call('POST', '/admin/campaigns', {
      filter: {},
      text: 'Новое меню уже на сайте',
      channel: 'push',
    });
    const campaign = created.body as unknown as Campaign;
    expect(campaign.counts.total).toBe(2); // both and one; gone has no subscription now
    // a process claimed both's message and died before sending it
    await server.db.run((db) =>
      db.execute(sql`update campaign_recipients set status = 'sending', claimed_at = ${server.clock.now()}
                     where campaign_id = ${campaign.id} and user_id = ${cast.both.id}`),
    );
    const before = { both: received(cast.both).length, one: received(cast.one).length };
    server.clock.advance(STALE_CLAIM_MS + 1_000);
    await runCampaignsOnce(server.ctx);
    server.clock.advance(60_001);
    await runCampaignsOnce(server.ctx);
    expect(received(cast.both)).toHaveLength(before.both);
    expect(received(cast.one)).toHaveLength(before.one + 1);
    const list = await call('GET', '/admin/campaigns');
    const row = (list.body.campaigns as Campaign[]).find((c) => c.id === campaign.id);
    expect(row).toMatchObject({ status: 'done', counts: { total: 2, sent: 1, failed: 1 } });
  });
});
