// Campaigns end to end in Chromium against the real server: a manager previews and sends an SMS
// campaign from /admin; the server's runner sends it through the SMS port (the outbox here) to the
// consenting customers only, once each; the opt-out link in the message works from a phone.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { staff } from '../../server/db/schema/admin';
import { hashPassword } from '../../server/services/admin/staff';
import { startE2E, WIDTHS, type E2E } from './harness';

const MANAGER = { login: 'e2e-manager', password: 'e2e-manager-password-1' };
const CONSENTING = ['+79140000101', '+79140000102'];
const REFUSING = '+79140000103';
const TEXT = 'Ролл Филадельфия за полцены до воскресенья';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({
    prepare: async (db) => {
      const passwordHash = await hashPassword(MANAGER.password);
      await db.run((x) =>
        x
          .insert(staff)
          .values({ id: 'staff-manager-e2e', login: MANAGER.login, name: 'Мария', role: 'manager', passwordHash }),
      );
      for (const [phone, consent] of [...CONSENTING.map((p) => [p, true] as const), [REFUSING, false] as const])
        await db.run((x) =>
          x.execute(
            sql`insert into users (id, phone, name, receive_advertising) values (${randomUUID()}, ${phone}, 'Клиент', ${consent})`,
          ),
        );
    },
  });
});
afterAll(async () => {
  await e2e?.close();
});

/** How many times the outbox logged this campaign's text to `phone`. */
function received(phone: string): number {
  return e2e.server.log().split(`SMS (outbox) to ${phone}: ${TEXT}`).length - 1;
}

describe('campaigns', () => {
  it('a manager sends a campaign that reaches consenting customers only, once each; the opt-out link works', async () => {
    const { page, problems } = await e2e.open('/admin', { width: WIDTHS.desktop });
    onTestFailed(async () => {
      await e2e.screenshot(page, 'campaigns-FAILED');
    });
    await page.getByLabel('Логин').fill(MANAGER.login);
    await page.getByLabel('Пароль').fill(MANAGER.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page
      .getByRole('navigation', { name: 'Разделы панели управления' })
      .getByRole('link', { name: 'Рассылки' })
      .click();
    await page.getByRole('heading', { name: 'Рассылки', level: 1 }).waitFor();
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
});
