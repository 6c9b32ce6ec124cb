// The cart's hidden delivery line (PRODUCT.md §4 "Delivery line") as events. Every decider whose
// command changes what the line depends on (the cart, where the order goes, the zones) appends
// them, computed from the state and what the command changes, never by applying its own events.
import type { CartItem, GeoPoint, Product, Settings } from '../api/entities';
import { isDeliveryLine, wantedDeliveryProduct, type DeliveryLineCart } from '../domain/cart';
import { cityZoneAt } from '../domain/deliveryZone';
import type { AppEvent } from '../events';
import { selectAddressPoint } from '../projections/deliveryZone';
import { selectCity, type AppState } from '../projections/store';
import { idSource, type Meta } from './types';

export const hiddenLine = (id: string, product: Product, isGift: boolean, fromPromocode: boolean): CartItem => ({
  id,
  product,
  quantity: 1,
  mods: [],
  isGift,
  isHidden: true,
  isServiceFee: false,
  fromPromocode,
});

/** What the delivery line follows, as it will be once the command's events apply. */
export type DeliveryInputs = {
  cart: DeliveryLineCart;
  /** The point of the address the order would go to (the zone counts only for delivery). */
  point: GeoPoint | null;
  settings: Settings | null;
};

/** At most one delivery line, holding the wanted product at its price; the others removed. */
export function deliveryLineEvents(state: AppState, next: DeliveryInputs, nextId: () => string): AppEvent[] {
  const city = selectCity(state);
  const cityData = city === undefined || next.settings === null ? undefined : next.settings.CITIES_DATA[city.iikoId];
  const zone = next.cart.deliveryMethod === 'delivery' ? cityZoneAt(next.settings, city?.id, next.point) : null;
  const wanted = wantedDeliveryProduct(next.cart, cityData, state.catalog.catalog, zone);
  const events: AppEvent[] = [];
  let kept = false;
  for (const l of next.cart.items.filter(isDeliveryLine)) {
    const keep = !kept && wanted !== undefined && l.product.id === wanted.id && l.product.price === wanted.price;
    if (keep) kept = true;
    else events.push({ type: 'DeliveryLineRemoved', data: { lineId: l.id } });
  }
  if (wanted !== undefined && !kept) {
    events.push({ type: 'DeliveryLineAdded', data: { line: hiddenLine(nextId(), wanted, false, false) } });
  }
  return events;
}

/**
 * For the deciders that move where the order goes or bring new zones: the delivery line follows
 * (one delivery price, docs/CHECKOUT.md). Not before the catalogue and settings are there: without
 * them the line cannot be priced, and the cart's own validation normalises it once they arrive.
 */
export function deliveryLineMoved(
  state: AppState,
  meta: Meta,
  change: { point: GeoPoint | null } | { settings: Settings },
): AppEvent[] {
  const settings = 'settings' in change ? change.settings : state.setting.settings;
  if (state.catalog.catalog === null || settings === null) return [];
  const point = 'point' in change ? change.point : selectAddressPoint(state);
  const nextId = idSource({ ...meta, id: `${meta.id}:zone` });
  return deliveryLineEvents(state, { cart: state.cart, point, settings }, nextId);
}
