// The delivery zone of where the order goes (issue 5: one delivery price). The client finds it as
// the server does: the same CITY_ZONES (GET /setting is built from delivery_zones) and the same
// findZone on the address's point, so the cart's delivery line and the checkout's quote agree.
import type { DeliveryZone, GeoPoint } from '../api/entities';
import { findZone } from '../domain/deliveryZone';
import { selectSelectedAddress } from './address';
import { selectCity, type AppState } from './store';

/** The point the order is delivered to, when known: the one-off address's, else the chosen saved one's. */
export function selectDeliveryPoint(s: AppState): GeoPoint | null {
  if (s.cart.deliveryMethod !== 'delivery') return null;
  const oneOff = s.checkout.oneOffAddress;
  if (oneOff !== null) return oneOff.location;
  return selectSelectedAddress(s.address)?.location ?? null;
}

/** The zone of the delivery point; null before a point is known or outside every zone (the city default applies). */
export function selectDeliveryZone(s: AppState): DeliveryZone | null {
  const point = selectDeliveryPoint(s);
  const city = selectCity(s);
  if (point === null || city === undefined) return null;
  return findZone(s.setting.settings?.CITY_ZONES[city.id] ?? [], point);
}
