// Campaigns end to end in Chromium against the real server: a manager previews and sends an SMS
// campaign from /admin; the server's runner sends it through the SMS port (the outbox here) to the
// consenting customers only, once each; the opt-out link in the message works from a phone. Then a
// web-push campaign: through the real web-push sender to the local fake push service (which checks
// the VAPID token and decrypts), to the one consenting customer with a subscription, once — never
// to a subscribed customer who refused advertising.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { staff } from '../../server/db/schema/admin';
import { hashPassword } from '../../server/services/admin/staff';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../fakes/push/pushService';
import { startE2E, WIDTHS, type E2E } from './harness';
import { openAdminSection } from './steps';

const MANAGER = { login: 'e2e-manager', password: 'e2e-manager-password-1' };
const CONSENTING = ['+79140000101', '+79140000102'];
const REFUSING = '+79140000103';
const TEXT = 'Ролл Филадельфия за полцены до воскресенья';
const PUSH_TEXT = 'Сет Мини в подарок к заказу от 1500 ₽';

let fake: FakePushService;
/** The browsers subscribed to push: the second consenting customer's and the refusing one's. */
let subscribedConsenting: FakeSubscription;
let subscribedRefusing: FakeSubscription;
let e2e: E2E;
beforeAll(async () => {
  fake = await startFakePushService();
  subscribedConsenting = fake.subscribe();
  subscribedRefusing = fake.subscribe();
  e2e = await startE2E({
    prepare: async (db) => {
      const passwordHash = await hashPassword(MANAGER.password);
      await db.run((x) =>
        x
          .insert(staff)
          .values({ id: 'staff-manager-e2e', login: MANAGER.login, name: 'Мария', role: 'manager', passwordHash }),
      );
      for (const [phone, consent] of [...CONSENTING.map((p) => [p, true] as const), [REFUSING, false] as const]) {
        const id = randomUUID();
        await db.run((x) =>
          x.execute(
            sql`insert into users (id, phone, name, receive_advertising) values (${id}, ${phone}, 'Клиент', ${consent})`,
          ),
        );
        const subscription =
          phone === CONSENTING[1] ? subscribedConsenting : phone === REFUSING ? subscribedRefusing : null;
        if (subscription !== null)
          await db.run((x) =>
            x.execute(sql`insert into push_subscriptions (endpoint, user_id, p256dh, auth, created_at, updated_at)
              values (${subscription.json.endpoint}, ${id}, ${subscription.json.keys.p256dh}, ${subscription.json.keys.auth}, now(), now())`),
          );
      }
    },
  });
});
afterAll(async () => {
  await e2e?.close();
  await fake?.close();
});

/** How many times the outbox logged this campaign's text to `phone`. */
function received(phone: string): number {
  return e2e.server.log().split(`SMS (outbox) to ${phone}: ${TEXT}`).length - 1;
}

/** Signs the manager in on /admin's form shown on `page` and opens «Рассылки». */
async function openCampaignsAsManager(page: Page): Promise<void> {
  await page.getByLabel('Логин').fill(MANAGER.login);
  await page.getByLabel('Пароль').fill(MANAGER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await openAdminSection(page, 'Рассылки');
}

describe('campaigns', () => {
  it('a manager sends a campaign that reaches consenting customers only, once each; the opt-out link works', async () => {
    const { page, problems } = await e2e.open('/admin', { width: WIDTHS.desktop });
    onTestFailed(async () => {
      await e2e.screenshot(page, 'campaigns-FAILED');
    });
    await openCampaignsAsManager(page);
    await page.getByLabel('Текст сообщения').fill(TEXT);
    await page.getByRole('button', { name: 'Предпросмотр' }).click();
    const preview = page.getByRole('status', { name: 'Предпросмотр рассылки' });
    await preview.getByText('2 клиента').waitFor();
    await preview.getByText(/Реклама\. Отказаться от рассылки: http/).waitFor();
    await preview.getByRole('button', { name: 'Отправить' }).click();
    await page.getByRole('button', { name: 'Да, отправить' }).click();
    const table = page.getByRole('table', { name: 'Рассылки' });
    await table.getByText('2 из 2').waitFor({ timeout: 30_000 });
    await table.getByText('завершена').waitFor({ timeout: 30_000 });
    await e2e.screenshot(page, 'admin-campaigns-1280');

    expect(CONSENTING.map(received)).toEqual([1, 1]);
    expect(received(REFUSING)).toBe(0);

    // the customer taps the link in the SMS on their phone
    const code = new RegExp(`SMS \\(outbox\\) to \\${CONSENTING[0]}: [^"]*?/u/([0-9a-f]{16})`).exec(
      e2e.server.log(),
    )?.[1];
    expect(code).toBeDefined();
    const phone = await e2e.open(`/u/${code ?? ''}`, { width: WIDTHS.phone });
    await phone.page.getByRole('heading', { name: 'Вы отписались от рассылки' }).waitFor();
    expect(problems()).toEqual([]);
  });

  it('a web-push campaign is previewed and sent to the consenting subscribed customer only, once', async () => {
    const { page, problems } = await e2e.open('/admin', { width: WIDTHS.desktop });
    onTestFailed(async () => {
      await e2e.screenshot(page, 'campaigns-push-FAILED');
      console.error('fake refused:', fake.refused);
    });
    await openCampaignsAsManager(page);
    await page.getByRole('radio', { name: 'Push-уведомление' }).check();
    await page.getByLabel('Текст сообщения').fill(PUSH_TEXT);
    await page.getByRole('button', { name: 'Предпросмотр' }).click();
    const preview = page.getByRole('status', { name: 'Предпросмотр рассылки' });
    await preview.getByText('1 клиент').waitFor();
    await preview.getByText('(push-уведомление)').waitFor();
    await preview.getByText(/Реклама\. Отказаться от рассылки: http/).waitFor();
    await preview.getByRole('button', { name: 'Отправить' }).click();
    await page.getByRole('button', { name: 'Да, отправить' }).click();
    const row = page.getByRole('table', { name: 'Рассылки' }).getByRole('row').filter({ hasText: PUSH_TEXT });
    await row.getByText('1 из 1').waitFor({ timeout: 30_000 });
    await row.getByText('завершена').waitFor({ timeout: 30_000 });
    await row.getByText('Push-уведомление').waitFor();
    await e2e.screenshot(page, 'admin-campaigns-push-1280');

    expect(fake.refused).toEqual([]);
    expect(fake.received.map((r) => r.subscriptionId)).toEqual([subscribedConsenting.id]);
    const push = fake.received[0];
    expect(push?.vapid.aud).toBe(fake.origin);
    const payload = JSON.parse(push?.text ?? '{}') as { title: string; body: string; url: string };
    expect(payload.title).toBe('Реклама');
    expect(payload.url).toBe('/');
    expect(payload.body).toMatch(
      new RegExp(`^${PUSH_TEXT}\\nРеклама\\. Отказаться от рассылки: http\\S+/u/[0-9a-f]{16}$`),
    );
    expect(problems()).toEqual([]);
  });
});
