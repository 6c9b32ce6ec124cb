// Personal-data consent, once per /legal text (docs/CHECKOUT.md "Consent, once per text"): each
// consent is stored with its time, channel and the version of the text; the customer is asked
// again only when the text of /legal has changed since their last consent.
import { createHash } from 'node:crypto';
import {
  CONSENT_VERSION_CHANGED_MESSAGE,
  type ConsentChannel,
  type ConsentStatus,
} from '../../src/api/contract/consent.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/database.js';
import { unprocessable } from '../http/errors.js';
import { insertConsent, lastConsent, legalPages, type ConsentRow } from '../repositories/consents.js';

/** The version of the /legal text: a short sha-256 of every city's legal page (title and body). */
export async function currentLegalVersion(db: Executor): Promise<string> {
  const hash = createHash('sha256');
  for (const page of await legalPages(db)) hash.update(`${page.cityId}\n${page.title}\n${page.body}\n\u0000`);
  return hash.digest('hex').slice(0, 16);
}

function statusOf(version: string, last: ConsentRow | undefined): ConsentStatus {
  return {
    version,
    required: last?.legalVersion !== version,
    last:
      last === undefined
        ? null
        : { givenAt: last.givenAt.toISOString(), channel: last.channel, version: last.legalVersion },
  };
}

export async function consentStatus(db: Executor, userId: string): Promise<ConsentStatus> {
  return statusOf(await currentLegalVersion(db), await lastConsent(db, userId));
}

/** Stores a consent to the current text. `shownVersion`: the text the customer saw; 422 when it changed since. */
export async function recordConsent(
  db: Executor,
  userId: string,
  channel: ConsentChannel,
  now: Date,
  shownVersion?: string,
): Promise<ConsentStatus> {
  const version = await currentLegalVersion(db);
  if (shownVersion !== undefined && shownVersion !== version)
    throw unprocessable(CONSENT_VERSION_CHANGED_MESSAGE, 'consent-version-changed');
  const row = await insertConsent(db, { userId, givenAt: now, channel, legalVersion: version });
  return statusOf(version, row);
}

/** GET /consent. */
export function getConsentStatus(ctx: AppContext, userId: string): Promise<ConsentStatus> {
  return ctx.db.run((db) => consentStatus(db, userId));
}

/** POST /consent: the customer ticked the consent at checkout, having been shown `version`. */
export function giveCheckoutConsent(ctx: AppContext, userId: string, version: string): Promise<ConsentStatus> {
  return ctx.db.transaction((tx) => recordConsent(tx, userId, 'checkout', ctx.clock.now(), version));
}
