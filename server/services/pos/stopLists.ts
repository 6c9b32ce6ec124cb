// Stop lists from the POS (issue item 5): each mapped terminal group's list replaces its
// restaurant's rows in stop_list, so what the storefront already refuses follows iiko. Lists of
// unmapped groups and products we do not have are left out.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { posOf } from './adapter.js';
import { writeState } from './state.js';

export async function refreshStopLists(ctx: AppContext): Promise<{ entries: number }> {
  const pos = posOf(ctx);
  if (pos.kind === 'embedded') return { entries: 0 };
  const entries = await pos.stopLists();
  const now = ctx.clock.now();
  const at = now.toISOString();
  return ctx.db.transaction(async (tx) => {
    const incoming = sql`
      incoming as (
        select distinct on (t.delivery_terminal_id, e."productId") t.delivery_terminal_id, e."productId" as product_id, e.balance
        from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as e("terminalGroupId" text, "productId" text, balance numeric)
          join pos_terminal_groups t on t.id = e."terminalGroupId" and t.delivery_terminal_id is not null
          join products p on p.id = e."productId"
      ),
      mapped as (select delivery_terminal_id from pos_terminal_groups where delivery_terminal_id is not null)`;
    // the catalogue version's triggers fire per statement: an unchanged list must write nothing
    const diff = await tx.execute<{ changes: number }>(sql`
      with ${incoming}
      select ((select count(*) from stop_list s where s.delivery_terminal_id in (select * from mapped)
          and not exists (select 1 from incoming i where i.delivery_terminal_id = s.delivery_terminal_id and i.product_id = s.product_id))
        + (select count(*) from incoming i where not exists (select 1 from stop_list s
          where s.delivery_terminal_id = i.delivery_terminal_id and s.product_id = i.product_id and s.balance = i.balance)))::int as changes`);
    if ((diff.rows[0]?.changes ?? 0) > 0) {
      await tx.execute(sql`
        with ${incoming},
        removed as (
          delete from stop_list s
          where s.delivery_terminal_id in (select * from mapped)
            and not exists (select 1 from incoming i where i.delivery_terminal_id = s.delivery_terminal_id and i.product_id = s.product_id)
          returning 1
        )
        insert into stop_list (delivery_terminal_id, product_id, balance, updated_at)
        select delivery_terminal_id, product_id, balance, ${at} from incoming
        on conflict (delivery_terminal_id, product_id) do update set balance = excluded.balance, updated_at = excluded.updated_at`);
    }
    await writeState(tx, 'stopLists', { refreshedAt: at, entries: entries.length }, now);
    return { entries: entries.length };
  });
}
