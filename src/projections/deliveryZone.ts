// The delivery zone of where the order goes (one delivery price, docs/CHECKOUT.md). The client finds
// it as the server does: the same CITY_ZONES (GET /setting is built from delivery_zones) and the same
// findZone on the address's point, so the cart's delivery line and the checkout's quote agree.
import type { DeliveryZone, GeoPoint } from '../api/entities';
import { cityZoneAt } from '../domain/deliveryZone';
import { selectSelectedAddress } from './address';
import { selectCity, type AppState } from './store';

/** The point of the address the order would go to: the one-off address's, else the chosen saved one's. */
export function selectAddressPoint(s: AppState): GeoPoint | null {
  const oneOff = s.checkout.oneOffAddress;
  if (oneOff !== null) return oneOff.location;
  return selectSelectedAddress(s.address)?.location ?? null;
}

/** The point the order is delivered to, when known (none in self-pickup). */
export function selectDeliveryPoint(s: AppState): GeoPoint | null {
  return s.cart.deliveryMethod === 'delivery' ? selectAddressPoint(s) : null;
}

/** The zone of the delivery point; null before a point is known or outside every zone (the city default applies). */
export function selectDeliveryZone(s: AppState): DeliveryZone | null {
  return cityZoneAt(s.setting.settings, selectCity(s)?.id, selectDeliveryPoint(s));
}
