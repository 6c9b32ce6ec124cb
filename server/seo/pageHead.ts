// Each page's <head> for search engines and link previews: the head the browser shares
// (src/domain/seo/pageHead.ts: title, description, canonical address, robots, Open Graph and
// Twitter tags) and the JSON-LD only the server writes. The server's page rendering calls
// loadPageHeadInput (pageHeadData.ts), buildPageHead and renderPageHead. Templates and
// precedence: docs/SEO.md.
import type { Thing, WithContext } from 'schema-dts';
import type { City, Settings } from '../../src/api/entities.js';
import { isInformationalPage } from '../../src/api/siteRoutes.js';
import {
  NOINDEX,
  PERSONAL_PAGES,
  buildHead,
  headMetaTags,
  isPersonalPage,
  overrideFor,
  plainPathOf,
  type Head,
  type HeadInput,
  type OpenGraph,
  type SeoOverride,
} from '../../src/domain/seo/pageHead.js';
import { escapeHtml, jsonForScript } from './escape.js';
import { breadcrumbsOf, cityRestaurantOf, menuItemOf, menuOf, menuSectionOf, withContext } from './jsonLd.js';
import {
  cityOfSlug,
  cityPrefix,
  findMenuProduct,
  menuSectionsOf,
  productPath,
  sectionPath,
  unavailableProductIds,
} from './site.js';

export { NOINDEX, PERSONAL_PAGES, overrideFor, plainPathOf, type OpenGraph, type SeoOverride };

export interface PageHeadInput extends HeadInput {
  /** The assembled settings (services/settings.ts loadSettings): JSON-LD reads more than the head. */
  settings: Settings;
}

export interface PageHead extends Head {
  jsonLd: WithContext<Thing>[];
}

/** The page's structured data; the head's notFound and personal routes carry none. */
function jsonLdOf(input: PageHeadInput, city: City | null): WithContext<Thing>[] {
  const { catalog, settings, publicUrl, route } = input;
  const home = { name: 'Главная', path: cityPrefix(city) || '/' };
  const menuCrumb = { name: 'Меню', path: `${cityPrefix(city)}/catalog` };
  const menuCtx = { publicUrl, city, catalog, unavailable: unavailableProductIds(catalog, settings, city) };
  if (isPersonalPage(route.page)) return [];
  if (isInformationalPage(route.page)) {
    const page = input.page;
    if (page === null) return [];
    return [breadcrumbsOf(publicUrl, [home, { name: page.title, path: `${cityPrefix(city)}/${route.page}` }])];
  }
  switch (route.page) {
    case 'index':
      return (city === null ? input.cities : [city]).map((c) => cityRestaurantOf(publicUrl, settings, c));
    case 'catalog':
      return [menuOf(menuCtx, menuSectionsOf(catalog))];
    case 'catalog-section': {
      const section = menuSectionsOf(catalog).find((s) => s.group.slug === route.params.section);
      if (!section) return [];
      return [
        withContext(menuSectionOf(menuCtx, section)),
        breadcrumbsOf(publicUrl, [
          home,
          menuCrumb,
          { name: section.group.name, path: sectionPath(city, section.group) },
        ]),
      ];
    }
    case 'product': {
      const found = findMenuProduct(catalog, route.params.productId ?? '');
      if (!found) return [];
      const { product, section } = found;
      return [
        withContext(menuItemOf(menuCtx, section, product)),
        breadcrumbsOf(publicUrl, [
          home,
          menuCrumb,
          { name: section.name, path: sectionPath(city, section) },
          { name: product.name, path: productPath(city, section, product) },
        ]),
      ];
    }
    default: {
      const never: never = route.page;
      return never;
    }
  }
}

export function buildPageHead(input: PageHeadInput): PageHead {
  const head = buildHead(input);
  const personal = isPersonalPage(input.route.page);
  const city = cityOfSlug(input.cities, input.route.city);
  return { ...head, jsonLd: personal || head.notFound ? [] : jsonLdOf(input, city) };
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** The head's tags as HTML, one a line, every value escaped; goes inside <head>. */
export function renderPageHead(head: PageHead): string {
  // The description first, then the canonical link, then the rest, as the tags were always written.
  const [description, ...rest] = headMetaTags(head).map((t) => meta(t.attribute, t.key, t.content));
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    ...(description === undefined ? [] : [description]),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    ...rest,
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ];
  return lines.join('\n');
}
