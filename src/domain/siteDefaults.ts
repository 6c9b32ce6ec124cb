// Two small rules the server's rendering, its SEO head and the browser's session must share, so a
// page rendered on the server is the page the browser then shows.

/**
 * PRODUCT.md §4 «City selection»: without a known city cookie the city is the ANGARSK_ID setting.
 * When the listed cities do not include it (a chain that removed Angarsk), the first listed city;
 * before the list is known, the setting as it is.
 */
export function defaultCityId(settingId: string | null, cities: readonly { id: string }[]): string | null {
  if (cities.length === 0) return settingId;
  return cities.some((c) => c.id === settingId) ? settingId : (cities[0]?.id ?? null);
}

const yearFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The footer's © year at `iso`, in the city's time zone (the chain's New Year, not the server's or
 * the visitor's); UTC when the zone is unknown or not one Intl knows.
 */
export function copyrightYear(iso: string, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  let format = yearFormats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('ru-RU', { year: 'numeric', timeZone: zone });
    } catch {
      format = new Intl.DateTimeFormat('ru-RU', { year: 'numeric', timeZone: 'UTC' });
    }
    yearFormats.set(zone, format);
  }
  return format.format(Date.parse(iso));
}
