// Stop lists from the POS (issue item 5): each mapped terminal group's list replaces its
// restaurant's rows in stop_list, so what the storefront already refuses follows iiko. Lists of
// unmapped groups and products we do not have are left out.
import type { AppContext } from '../../context.js';
import { replacePosStopLists } from '../../repositories/posMenu.js';
import { writeState } from '../../repositories/posState.js';
import { posOf } from './adapter.js';

export async function refreshStopLists(ctx: AppContext): Promise<{ entries: number }> {
  const pos = posOf(ctx);
  if (pos.kind === 'embedded') return { entries: 0 };
  const entries = await pos.stopLists();
  const now = ctx.clock.now();
  const at = now.toISOString();
  return ctx.db.transaction(async (tx) => {
    await replacePosStopLists(tx, entries, at);
    await writeState(tx, 'stopLists', { refreshedAt: at, entries: entries.length }, now);
    return { entries: entries.length };
  });
}
