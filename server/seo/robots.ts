// robots.txt: personal routes and the staff and API areas closed to crawlers, plain and under
// every city, and the sitemap named by its absolute address.
import type { City } from '../../src/api/entities.js';
import { absoluteUrl } from './site.js';

/** Path prefixes no crawler needs ('/complete' also covers '/complete-error'). */
export const DISALLOWED_PREFIXES = ['/admin', '/api', '/cart', '/checkout', '/personal', '/complete'] as const;
/** The ones that also exist under a city (the staff area and the API never do). */
const CITY_DISALLOWED = ['/cart', '/checkout', '/personal', '/complete'] as const;

export function robotsTxt(publicUrl: string, cities: readonly Pick<City, 'slug'>[]): string {
  const lines = [
    'User-agent: *',
    ...DISALLOWED_PREFIXES.map((p) => `Disallow: ${p}`),
    ...cities.flatMap((c) => CITY_DISALLOWED.map((p) => `Disallow: /${c.slug}${p}`)),
    // ?query variants of the same page (utm tags, filters) are one page
    'Clean-param: utm_source&utm_medium&utm_campaign&utm_content&utm_term',
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
  ];
  return `${lines.join('\n')}\n`;
}
