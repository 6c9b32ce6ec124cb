// The restaurants' stop list: products a restaurant cannot make now (PRODUCT.md, stop list).
import type { Executor } from '../../db/database.js';
import { isStopped, listStopList, resumeProduct, stopProduct } from '../../repositories/menu.js';
import { findRestaurant } from '../../repositories/restaurants.js';
import { notFound } from '../../http/errors.js';
import type { StopListEntry } from '../../../src/api/entities.js';
import type { Actor } from './actor.js';
import { staffEdit } from './staffEdit.js';
import { MENU_MESSAGES, publishCatalog } from './menu.js';
import { requireProduct } from './products.js';

export async function readStopList(db: Executor): Promise<StopListEntry[]> {
  const byTerminal = new Map<string, StopListEntry>();
  for (const r of await listStopList(db)) {
    const entry = byTerminal.get(r.deliveryTerminalId) ?? { deliveryTerminalId: r.deliveryTerminalId, items: [] };
    entry.items.push({ productId: r.productId, balance: Number(r.balance) });
    byTerminal.set(r.deliveryTerminalId, entry);
  }
  return [...byTerminal.values()];
}

export async function toggleStopList(
  actor: Actor,
  deliveryTerminalId: string,
  productId: string,
  stopped: boolean,
): Promise<{ stopped: boolean; version: string }> {
  await staffEdit(actor, async (tx, record, now) => {
    if (!(await findRestaurant(tx, deliveryTerminalId)))
      throw notFound(MENU_MESSAGES.restaurantNotFound, 'restaurant-not-found');
    await requireProduct(tx, productId);
    const was = await isStopped(tx, deliveryTerminalId, productId);
    if (was === stopped) return;
    if (stopped) await stopProduct(tx, deliveryTerminalId, productId, now);
    else await resumeProduct(tx, deliveryTerminalId, productId);
    await record({
      action: 'stop-list.toggle',
      entity: 'stop-list',
      entityId: `${deliveryTerminalId}/${productId}`,
      before: { stopped: was },
      after: { stopped },
    });
  });
  const version = await publishCatalog(actor.ctx);
  return { stopped, version };
}
