// Withdrawing the consent to advertising by a campaign message's opt-out code.
import type { AppContext } from '../../context.js';
import { optOutByCode } from '../../repositories/campaigns.js';

/** Whether the code was known (and its customer's consent is now withdrawn). */
export function optOut(ctx: AppContext, code: string): Promise<boolean> {
  return ctx.db.transaction((tx) => optOutByCode(tx, code));
}
