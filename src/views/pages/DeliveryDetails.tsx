// The delivery page's facts from the settings: the city's zones drawn as a map
// with the restaurants on it and listed with their minimum sum, price and time, the free delivery
// threshold, and every restaurant with its address, phone and hours.
import type { DeliveryZone, Restaurant, WeekHours } from '../../api/entities';
import { formatPrice } from '../../domain/price';
import { selectFreeDeliveryFrom } from '../app/selectors';
import { jsonEqual, useSelector } from '../app/store';
import styles from './DeliveryDetails.module.css';

/** Monday first, as people read a week; WeekHours is Sunday first. */
const WEEK = [
  { index: 1, name: 'Пн' },
  { index: 2, name: 'Вт' },
  { index: 3, name: 'Ср' },
  { index: 4, name: 'Чт' },
  { index: 5, name: 'Пт' },
  { index: 6, name: 'Сб' },
  { index: 0, name: 'Вс' },
] as const;

/** Runs of days with the same hours: 'Пн–Чт 10:00–23:00', 'Вс выходной'. */
export function formatWeekHours(hours: WeekHours): string[] {
  const text = (i: number): string => {
    const d = hours[i];
    if (d === undefined || d.open === d.close) return 'выходной';
    if (d.open === '00:00' && d.close === '00:01' && d.isNextDay) return 'круглосуточно';
    return `${d.open}–${d.close}`;
  };
  const runs: { from: string; to: string; hours: string }[] = [];
  for (const day of WEEK) {
    const h = text(day.index);
    const last = runs.at(-1);
    if (last !== undefined && last.hours === h) last.to = day.name;
    else runs.push({ from: day.name, to: day.name, hours: h });
  }
  return runs.map((r) => `${r.from === r.to ? r.from : `${r.from}–${r.to}`} ${r.hours}`);
}

const ZONE_COLOURS = ['#cc2a24', '#2b6cb0', '#1f9d55', '#b7791f', '#6b46c1', '#c05621'];

/** Zones and restaurants projected into a 400 × 300 box (equirectangular, scaled by latitude). */
function ZoneMap({ zones, restaurants }: { zones: readonly DeliveryZone[]; restaurants: readonly Restaurant[] }) {
  const points = [
    ...zones.flatMap((z) => z.polygon),
    ...restaurants.map((r): [number, number] => [r.location.lon, r.location.lat]),
  ];
  if (points.length === 0) return null;
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  const [minLon, maxLon, minLat, maxLat] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const kx = Math.cos(((minLat + maxLat) / 2) * (Math.PI / 180));
  const w = Math.max((maxLon - minLon) * kx, 1e-6);
  const h = Math.max(maxLat - minLat, 1e-6);
  const pad = 12;
  const scale = Math.min((400 - 2 * pad) / w, (300 - 2 * pad) / h);
  const x = (lon: number) => pad + (lon - minLon) * kx * scale;
  const y = (lat: number) => pad + (maxLat - lat) * scale;
  return (
    <svg className={styles.map} viewBox="0 0 400 300" role="img" aria-label="Карта зон доставки и ресторанов">
      {zones.map((z, i) => (
        <polygon
          key={z.id}
          points={z.polygon.map(([lon, lat]) => `${x(lon).toFixed(1)},${y(lat).toFixed(1)}`).join(' ')}
          fill={ZONE_COLOURS[i % ZONE_COLOURS.length]}
          fillOpacity={0.18}
          stroke={ZONE_COLOURS[i % ZONE_COLOURS.length]}
          strokeWidth={2}
        />
      ))}
      {restaurants.map((r) => (
        <circle
          key={r.deliveryTerminalId}
          cx={x(r.location.lon)}
          cy={y(r.location.lat)}
          r={6}
          fill="#1d1d1f"
          stroke="#fff"
          strokeWidth={2}
        />
      ))}
    </svg>
  );
}

export function DeliveryDetails() {
  const cityId = useSelector((s) => s.city.selectedId);
  const zones = useSelector((s) => (cityId === null ? [] : (s.setting.settings?.CITY_ZONES[cityId] ?? [])), jsonEqual);
  const restaurants = useSelector(
    (s) => (cityId === null ? [] : (s.setting.settings?.DELIVERY_TERMINALS[cityId] ?? [])),
    jsonEqual,
  );
  const freeFrom = useSelector(selectFreeDeliveryFrom);
  if (zones.length === 0 && restaurants.length === 0) return null;
  return (
    <section className={styles.details} aria-labelledby="delivery-details">
      <h2 id="delivery-details">Зоны доставки и рестораны</h2>
      {freeFrom !== null && <p className={styles.free}>Бесплатная доставка от {formatPrice(freeFrom)}</p>}
      <div className={styles.layout}>
        <ZoneMap zones={zones} restaurants={restaurants} />
        <ul className={styles.zones}>
          {zones.map((z, i) => (
            <li key={z.id}>
              {/* A fill attribute, not an inline style: the server-rendered page's CSP refuses style attributes. */}
              <svg className={styles.swatch} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                <rect width="12" height="12" rx="3" fill={ZONE_COLOURS[i % ZONE_COLOURS.length]} />
              </svg>
              <strong>{z.name}</strong>
              <span>
                заказ от {formatPrice(z.minSum)}, доставка {formatPrice(z.deliveryPrice)}, около {z.deliveryMinutes} мин
              </span>
            </li>
          ))}
        </ul>
      </div>
      <h3>Рестораны</h3>
      <ul className={styles.restaurants}>
        {restaurants.map((r) => (
          <li key={r.deliveryTerminalId}>
            <strong>{r.name}</strong>
            <span>{r.address}</span>
            <a href={`tel:${r.phone.replace(/[^\d+]/g, '')}`}>{r.phone}</a>
            <span className={styles.hours}>{formatWeekHours(r.hours).join(', ')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
