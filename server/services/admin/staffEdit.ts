// One staff edit: the change and its audit entries commit together in one transaction (a
// rolled-back change leaves no entry), stamped with the moment the edit began.
import type { Executor } from '../../db/database.js';
import type { Actor } from './actor.js';
import { audit, type AuditRecord } from './audit.js';

/** Writes one audit entry of the edit under way, as the acting member, in its transaction. */
export type RecordAudit = (record: AuditRecord) => Promise<void>;

/**
 * Runs `change` in a transaction with `record` bound to it and to the member; `committed`
 * (e.g. telling storefronts the settings changed) runs once the transaction has committed.
 */
export async function staffEdit<T>(
  { ctx, ip, staff }: Actor,
  change: (tx: Executor, record: RecordAudit, now: Date) => Promise<T>,
  committed?: () => Promise<unknown>,
): Promise<T> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction((tx) => change(tx, (record) => audit(tx, staff, ip, record, now), now));
  if (committed) await committed();
  return result;
}
