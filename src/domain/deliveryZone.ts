// Delivery zones: which zone (and so which minimum sum, price and terminal) an address point falls in.
// The old server trusted the zone the client sent; the server will call this on the geocoded point.
import type { DeliveryZone, GeoPoint, Settings } from '../api/entities';

/** [lon, lat], GeoJSON order, as DeliveryZone.polygon stores it. */
export type LonLat = readonly [number, number];

// Degrees; about a centimetre on the ground, far below geocoding precision.
const BOUNDARY_TOLERANCE = 1e-7;

function onSegment(x: number, y: number, [ax, ay]: LonLat, [bx, by]: LonLat): boolean {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / lengthSquared));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy)) <= BOUNDARY_TOLERANCE;
}

/**
 * Ray casting on the plane of [lon, lat] (zones are a few kilometres across, so the earth's curve
 * does not matter). Plain ray casting answers arbitrarily for points on an edge, so the boundary is
 * checked first and counts as inside: a house on the street that forms a zone's border is delivered
 * to. The ring may be closed (first point repeated) or not.
 */
export function pointInPolygon(point: GeoPoint, polygon: readonly LonLat[]): boolean {
  const x = point.lon;
  const y = point.lat;
  const n = polygon.length;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a === undefined || b === undefined) continue;
    if (onSegment(x, y, a, b)) return true;
    // Half-open rule (one end strictly above y, the other not) counts a vertex on the ray once
    // and ignores horizontal edges.
    if (a[1] > y !== b[1] > y) {
      const crossingX = a[0] + ((y - a[1]) * (b[0] - a[0])) / (b[1] - a[1]);
      if (x < crossingX) inside = !inside;
    }
  }
  return inside;
}

/** The first zone, in the given order, that holds the point; the order is the admin's priority where zones overlap. */
export function findZone<Z extends Pick<DeliveryZone, 'polygon'>>(zones: readonly Z[], point: GeoPoint): Z | null {
  return zones.find((zone) => pointInPolygon(point, zone.polygon)) ?? null;
}

/** The zone of the city that holds the point; null without settings, city or point, or outside every zone. */
export function cityZoneAt(
  settings: Pick<Settings, 'CITY_ZONES'> | null,
  cityId: string | undefined,
  point: GeoPoint | null,
): DeliveryZone | null {
  if (settings === null || cityId === undefined || point === null) return null;
  return findZone(settings.CITY_ZONES[cityId] ?? [], point);
}
