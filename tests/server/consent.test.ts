// Personal-data consent once per /legal text (docs/CHECKOUT.md "Consent, once per text"): stored
// at sign-in with its time, channel and text version; asked again only when /legal changes.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONSENT_VERSION_CHANGED_MESSAGE, type ConsentStatus } from '../../src/api/contract/consent.js';
import { pages } from '../../server/db/schema/catalog.js';
import { personalDataConsents } from '../../server/db/schema/consents.js';
import { testServerPerFile } from './helpers.js';
import { signIn } from './customers.js';

const server = testServerPerFile();

const api = (method: 'GET' | 'POST', headers: Record<string, string>, payload?: unknown) =>
  server.app.inject({
    method,
    url: '/api/v1/consent',
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('personal-data consent', () => {
  it('the consent given at sign-in is stored with when, the channel and the /legal version: checkout does not ask again', async () => {
    const me = await signIn(server);
    const status = (await api('GET', me.auth)).json<ConsentStatus>();
    expect(status.required).toBe(false);
    expect(status.last).toEqual({ givenAt: expect.any(String), channel: 'sign-in', version: status.version });
    const rows = await server.db.run((db) =>
      db.select().from(personalDataConsents).where(eq(personalDataConsents.userId, me.user.id)),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.legalVersion).toBe(status.version);
  });

  it('a change of the /legal text asks again; consent at checkout to the new text is stored as such', async () => {
    const me = await signIn(server);
    const before = (await api('GET', me.auth)).json<ConsentStatus>();
    await server.db.run((db) =>
      db
        .update(pages)
        .set({ body: 'Новая редакция политики обработки персональных данных.' })
        .where(and(eq(pages.slug, 'legal'), eq(pages.cityId, 'city-angarsk'))),
    );
    const after = (await api('GET', me.auth)).json<ConsentStatus>();
    expect(after.version).not.toBe(before.version);
    expect(after.required).toBe(true);

    // The text the customer saw is no longer current: refused with a Russian message, nothing stored.
    const stale = await api('POST', me.auth, { channel: 'checkout', version: before.version });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().message).toBe(CONSENT_VERSION_CHANGED_MESSAGE);

    const given = await api('POST', me.auth, { channel: 'checkout', version: after.version });
    expect(given.statusCode).toBe(200);
    expect(given.json<ConsentStatus>()).toMatchObject({
      required: false,
      last: { channel: 'checkout', version: after.version },
    });
    expect((await api('GET', me.auth)).json<ConsentStatus>().required).toBe(false);
  });

  it('needs a signed-in customer (401) and a valid body (400 with a Russian message)', async () => {
    expect((await api('GET', {})).statusCode).toBe(401);
    const me = await signIn(server);
    const bad = await api('POST', me.auth, { channel: 'sign-in', version: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[а-я]/i);
  });
});
