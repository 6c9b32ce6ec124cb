import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { DeliveryZone } from '../../src/api/entities';
import { cityZoneAt, findZone, pointInPolygon } from '../../src/domain/deliveryZone';
import { numRuns } from './fcRuns';

type Ring = [number, number][];
const at = (lon: number, lat: number) => ({ lon, lat });
/** The closed ring of the rectangle from (west, south) to (east, north). */
const box = (west: number, south: number, east: number, north: number): Ring => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];

const square: Ring = box(0, 0, 10, 10);
// A 'U': the notch 3..6 × 3..9 is cut out of the 0..9 × 0..9 square.
const letterU: Ring = [
  [0, 0],
  [9, 0],
  [9, 9],
  [6, 9],
  [6, 3],
  [3, 3],
  [3, 9],
  [0, 9],
  [0, 0],
];

describe('pointInPolygon (ray casting; rings are [lon, lat] as in GeoJSON)', () => {
  it('inside and outside a square', () => {
    expect(pointInPolygon(at(5, 5), square)).toBe(true);
    expect(pointInPolygon(at(15, 5), square)).toBe(false);
    expect(pointInPolygon(at(-0.001, 5), square)).toBe(false);
  });

  it('a concave polygon: the notch of a U is outside, its arms inside', () => {
    expect(pointInPolygon(at(4.5, 6), letterU)).toBe(false);
    expect(pointInPolygon(at(1.5, 6), letterU)).toBe(true);
    expect(pointInPolygon(at(7.5, 6), letterU)).toBe(true);
    expect(pointInPolygon(at(4.5, 1.5), letterU)).toBe(true);
  });

  it('a ray through vertices and along a horizontal edge is counted right', () => {
    expect(pointInPolygon(at(1.5, 3), letterU)).toBe(true); // ray at y=3 runs along the notch floor
    expect(pointInPolygon(at(10, 3), letterU)).toBe(false);
    expect(pointInPolygon(at(-1, 9), letterU)).toBe(false); // ray at y=9 touches the tops of both arms
  });

  it('a point on the boundary counts as inside (a house on the border street is delivered to)', () => {
    expect(pointInPolygon(at(10, 5), square)).toBe(true);
    expect(pointInPolygon(at(5, 0), square)).toBe(true);
    expect(pointInPolygon(at(0, 0), square)).toBe(true);
    expect(pointInPolygon(at(4.5, 3), letterU)).toBe(true); // the notch floor
    expect(pointInPolygon(at(3, 6), letterU)).toBe(true); // the notch wall
  });

  it('an unclosed ring is closed implicitly', () => {
    const open: Ring = box(0, 0, 10, 10).slice(0, 4);
    expect(pointInPolygon(at(5, 5), open)).toBe(true);
    expect(pointInPolygon(at(0, 5), open)).toBe(true);
    expect(pointInPolygon(at(11, 5), open)).toBe(false);
  });

  it('reads the ring as [lon, lat]: a band 1° wide in longitude, 10° tall in latitude', () => {
    const band: Ring = box(10, 50, 11, 60);
    expect(pointInPolygon({ lat: 55, lon: 10.5 }, band)).toBe(true);
    expect(pointInPolygon({ lat: 10.5, lon: 55 }, band)).toBe(false);
  });

  it('real coordinates: a zone around central Angarsk (lon 103.9, lat 52.5)', () => {
    const angarsk: Ring = box(103.8, 52.45, 104.0, 52.58);
    expect(pointInPolygon({ lat: 52.5444, lon: 103.8882 }, angarsk)).toBe(true);
    expect(pointInPolygon({ lat: 52.2978, lon: 104.2964 }, angarsk)).toBe(false); // Irkutsk
  });

  it('property: agrees with the obvious test on rectangles, boundary included', () => {
    const coord = fc.integer({ min: -1000, max: 1000 });
    fc.assert(
      fc.property(coord, coord, coord, coord, coord, coord, (x1, x2, y1, y2, px, py) => {
        fc.pre(x1 !== x2 && y1 !== y2);
        const [l, r] = [Math.min(x1, x2), Math.max(x1, x2)];
        const [b, t] = [Math.min(y1, y2), Math.max(y1, y2)];
        const rect: Ring = box(l, b, r, t);
        expect(pointInPolygon(at(px, py), rect)).toBe(px >= l && px <= r && py >= b && py <= t);
        // Orientation does not matter.
        expect(pointInPolygon(at(px, py), [...rect].reverse())).toBe(px >= l && px <= r && py >= b && py <= t);
      }),
      { numRuns },
    );
  });

  it('property: a point inside the U notch, off its edges, is never inside the U', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 3, max: 6, noNaN: true, minExcluded: true, maxExcluded: true }),
        fc.double({ min: 3, max: 9, noNaN: true, minExcluded: true, maxExcluded: true }),
        (x, y) => {
          fc.pre(x - 3 > 1e-6 && 6 - x > 1e-6 && y - 3 > 1e-6); // within 1e-7° counts as the boundary
          expect(pointInPolygon(at(x, y), letterU)).toBe(false);
        },
      ),
      { numRuns },
    );
  });
});

describe('findZone', () => {
  const zone = (id: string, polygon: Ring): DeliveryZone => ({
    id,
    cityId: 'angarsk',
    name: id,
    polygon,
    minSum: 700,
    deliveryPrice: 150,
    deliveryMinutes: 60,
    deliveryTerminalId: 't1',
  });
  const centre = zone('centre', square);
  const east: DeliveryZone = zone('east', box(5, 0, 20, 10));

  it('finds the zone holding the point', () => {
    expect(findZone([centre, east], at(15, 5))).toBe(east);
    expect(findZone([centre, east], at(2, 5))).toBe(centre);
  });

  it('where zones overlap, the first in the list wins', () => {
    expect(findZone([centre, east], at(7, 5))).toBe(centre);
    expect(findZone([east, centre], at(7, 5))).toBe(east);
  });

  it('is null outside every zone', () => {
    expect(findZone([centre, east], at(25, 5))).toBeNull();
    expect(findZone([], at(0, 0))).toBeNull();
  });

  it("cityZoneAt looks in the city's CITY_ZONES; null without settings, city or point", () => {
    const settings = { CITY_ZONES: { angarsk: [centre, east] } };
    expect(cityZoneAt(settings, 'angarsk', at(15, 5))).toBe(east);
    expect(cityZoneAt(settings, 'shelekhov', at(15, 5))).toBeNull();
    expect(cityZoneAt(null, 'angarsk', at(15, 5))).toBeNull();
    expect(cityZoneAt(settings, undefined, at(15, 5))).toBeNull();
    expect(cityZoneAt(settings, 'angarsk', null)).toBeNull();
  });
});
