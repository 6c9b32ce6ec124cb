// A page's head for search engines and link previews: title, description, canonical address,
// robots, Open Graph and Twitter tags. One builder for both sides: the server renders it into each
// page (server/seo/pageHead.ts adds the JSON-LD), the browser applies it on client-side navigation
// (src/views/app/documentHead.ts). Templates and precedence: docs/SEO.md.
import type { Page } from '../../api/contract/pages';
import type { Catalog, City, Settings } from '../../api/entities';
import { isInformationalPage, type SitePage, type SiteRouteMatch } from '../../api/siteRoutes';
import {
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  SITE_NAME,
  absoluteUrl,
  cityOfSlug,
  cityPrefix,
  clip,
  findMenuProduct,
  isOgVariant,
  menuSectionsOf,
  ogImageUrl,
  priceText,
} from './site';

/** An operator's title and description for one page path (table seo_overrides). */
export interface SeoOverride {
  /** '/angarsk/catalog/pizza' for one city's page, '/catalog/pizza' for the page in every city. */
  path: string;
  title: string | null;
  description: string | null;
}

export interface HeadInput {
  route: SiteRouteMatch;
  /** The chain's cities. */
  cities: readonly City[];
  /** The shared catalogue (no likes). */
  catalog: Catalog;
  /** What of the settings the head reads: the delivery phone and the first slide. */
  settings: Pick<Settings, 'PHONES' | 'SLIDES'>;
  /** The city's informational page of an informational route, null when it has none. */
  page: Page | null;
  overrides: readonly SeoOverride[];
  /** PUBLIC_URL: every address in the head is absolute. */
  publicUrl: string;
}

export interface OpenGraph {
  type: 'website' | 'product';
  title: string;
  description: string;
  url: string;
  siteName: string;
  locale: 'ru_RU';
  image: { url: string; width: number | null; height: number | null; alt: string } | null;
}

/** The head without structured data: what both the server and the browser put in <head>. */
export interface Head {
  title: string;
  description: string;
  /** Absolute address of the page's one indexable form. */
  canonical: string;
  /** 'noindex, nofollow' for personal routes and missing content; null = indexable. */
  robots: string | null;
  openGraph: OpenGraph;
  twitter: { card: 'summary' | 'summary_large_image'; title: string; description: string; image: string | null };
  /** The route names a section, product or page that does not exist (the page shows its 404). */
  notFound: boolean;
}

export const NOINDEX = 'noindex, nofollow';
const PAGE_NOT_FOUND = 'Страница не найдена';
/** The title of an address no route knows (and of an informational page the city lacks). */
export const NOT_FOUND_TITLE = `${PAGE_NOT_FOUND} — ${SITE_NAME}`;
const DESCRIPTION_MAX = 160;

/** Routes with one customer's data or a flow step: never indexed (robots noindex). */
const PERSONAL_PAGE_LIST = [
  'cart',
  'checkout',
  'complete',
  'complete-error',
  'personal',
  'personal-address',
  'personal-favorite',
  'personal-history',
  'admin',
] as const satisfies readonly SitePage[];
type PersonalPage = (typeof PERSONAL_PAGE_LIST)[number];
export const PERSONAL_PAGES: readonly SitePage[] = PERSONAL_PAGE_LIST;

export const isPersonalPage = (page: SitePage): page is PersonalPage => PERSONAL_PAGES.includes(page);

const PERSONAL_TITLES: Readonly<Record<PersonalPage, string>> = {
  cart: 'Корзина',
  checkout: 'Оформление заказа',
  complete: 'Заказ оформлен',
  'complete-error': 'Заказ не оформлен',
  personal: 'Личный кабинет',
  'personal-address': 'Мои адреса',
  'personal-favorite': 'Избранное',
  'personal-history': 'История заказов',
  admin: 'Администрирование',
};

/** The route's path without its city prefix, as written in overrides and sitemaps. */
export function plainPathOf(route: SiteRouteMatch, catalog: Pick<Catalog, 'groups' | 'products'>): string {
  const p = route.params;
  switch (route.page) {
    case 'index':
      return '/';
    case 'catalog-section':
      return `/catalog/${encodeURIComponent(p.section ?? '')}`;
    case 'product': {
      const found = findMenuProduct(catalog, p.productId ?? '');
      const section = found?.section.slug ?? p.section ?? '';
      return `/catalog/${encodeURIComponent(section)}/${encodeURIComponent(p.productId ?? '')}`;
    }
    case 'personal-address':
      return '/personal/address';
    case 'personal-favorite':
      return '/personal/favorite';
    case 'personal-history':
      return '/personal/history';
    case 'admin':
      return p.rest ? `/admin/${p.rest}` : '/admin';
    default:
      return `/${route.page}`;
  }
}

/**
 * The page's overridden fields, each from its city's own row first, then from the row for every
 * city; null where neither has text (the template applies).
 */
export function overrideFor(
  overrides: readonly SeoOverride[],
  city: City | null,
  plainPath: string,
): { title: string | null; description: string | null } {
  const ownPath = city === null ? null : `${cityPrefix(city)}${plainPath === '/' ? '' : plainPath}`;
  const rows = [overrides.find((o) => o.path === ownPath), overrides.find((o) => o.path === plainPath)];
  const pick = (field: 'title' | 'description') =>
    rows.map((r) => r?.[field]?.trim() ?? '').find((text) => text !== '') ?? null;
  return { title: pick('title'), description: pick('description') };
}

interface Generated {
  title: string;
  description: string;
  ogType: OpenGraph['type'];
  image: string | null;
  imageAlt: string;
  notFound: boolean;
}

/** The first paragraph of an informational page's body (its tiny markdown), as plain text. */
function firstParagraph(body: string): string {
  const blocks = body.split(/\n\s*\n/).map((b) => b.trim());
  const paragraph = blocks.find((b) => b !== '' && !b.startsWith('## ') && !b.startsWith('- '));
  return (paragraph ?? blocks.find((b) => b !== '') ?? '').replace(/^##\s+|^-\s+/gm, '');
}

function generate(input: HeadInput, city: City | null): Generated {
  const { catalog, settings, route } = input;
  const cityIn = city === null ? '' : ` ${city.cityIn}`;
  const sections = menuSectionsOf(catalog);
  const slide = settings.SLIDES[0]?.imageUrl ?? null;
  const base = { ogType: 'website' as const, image: null, imageAlt: SITE_NAME, notFound: false };
  const missing = (title: string): Generated => ({
    ...base,
    title: `${title} — ${SITE_NAME}`,
    description: `Доставка роллов и пиццы${cityIn}.`,
    notFound: true,
  });

  if (isPersonalPage(route.page)) {
    return {
      ...base,
      title: `${PERSONAL_TITLES[route.page]} — ${SITE_NAME}`,
      description: `Доставка роллов и пиццы${cityIn}.`,
    };
  }
  if (isInformationalPage(route.page)) {
    const page = input.page;
    if (page === null) return missing(PAGE_NOT_FOUND);
    const where = city === null ? SITE_NAME : `${SITE_NAME}, ${city.name}`;
    return {
      ...base,
      title: `${page.title} — ${where}`,
      description: clip(firstParagraph(page.body) || `${page.title}${cityIn}.`, DESCRIPTION_MAX),
      image: slide,
    };
  }
  switch (route.page) {
    case 'index':
      return {
        ...base,
        title: `Доставка роллов и пиццы${cityIn} — ${SITE_NAME}`,
        description:
          `Закажите роллы, пиццу и закуски с доставкой${cityIn} или заберите сами. ` +
          `Телефон ${settings.PHONES.deliveryService}.`,
        image: slide,
      };
    case 'catalog': {
      const names = sections.map((s) => s.group.name.toLowerCase());
      return {
        ...base,
        title: `Меню — доставка роллов и пиццы${cityIn} — ${SITE_NAME}`,
        description: clip(`Меню ${SITE_NAME}${cityIn}: ${names.join(', ')}. Доставка и самовывоз.`, DESCRIPTION_MAX),
        image: sections[0]?.group.imageUrl ?? slide,
      };
    }
    case 'catalog-section': {
      const section = sections.find((s) => s.group.slug === route.params.section);
      if (!section) return missing('Раздел не найден');
      const names = section.products.slice(0, 5).map((p) => p.name);
      return {
        ...base,
        title: `${section.group.name} с доставкой${cityIn} — ${SITE_NAME}`,
        description: clip(`${section.group.name} в меню ${SITE_NAME}${cityIn}: ${names.join(', ')}.`, DESCRIPTION_MAX),
        image: section.group.imageUrl,
        imageAlt: section.group.name,
      };
    }
    case 'product': {
      const found = findMenuProduct(catalog, route.params.productId ?? '');
      if (!found) return missing('Блюдо не найдено');
      const { product } = found;
      const price = priceText(product, catalog);
      const where = city === null ? 'с доставкой' : `с доставкой ${city.cityIn}`;
      return {
        ...base,
        ogType: 'product',
        title: `${product.name} — ${price} ${where} — ${SITE_NAME}`,
        description: clip(
          `${product.name} за ${price} ${where}.${product.description.trim() === '' ? '' : ` ${product.description}`}`,
          DESCRIPTION_MAX,
        ),
        image: product.imageUrl,
        imageAlt: product.name,
      };
    }
    default: {
      const never: never = route.page;
      return never;
    }
  }
}

/** The page's head: the template's texts (or the operator's overrides), its addresses and tags. */
export function buildHead(input: HeadInput): Head {
  const city = cityOfSlug(input.cities, input.route.city);
  const generated = generate(input, city);
  const plainPath = plainPathOf(input.route, input.catalog);
  const personal = isPersonalPage(input.route.page);
  const override = personal ? null : overrideFor(input.overrides, city, plainPath);
  const title = override?.title ?? generated.title;
  const description = override?.description ?? generated.description;
  const path =
    input.route.page === 'admin'
      ? '/admin'
      : `${cityPrefix(city)}${plainPath === '/' && city !== null ? '' : plainPath}`;
  const canonical = absoluteUrl(input.publicUrl, path);
  const imageUrl = ogImageUrl(input.publicUrl, generated.image);
  const sized = isOgVariant(generated.image);
  return {
    title,
    description,
    canonical,
    robots: personal || generated.notFound ? NOINDEX : null,
    openGraph: {
      type: generated.ogType,
      title,
      description,
      url: canonical,
      siteName: SITE_NAME,
      locale: 'ru_RU',
      image:
        imageUrl === null
          ? null
          : {
              url: imageUrl,
              width: sized ? OG_IMAGE_WIDTH : null,
              height: sized ? OG_IMAGE_HEIGHT : null,
              alt: generated.imageAlt,
            },
    },
    twitter: {
      card: imageUrl === null ? 'summary' : 'summary_large_image',
      title,
      description,
      image: imageUrl,
    },
    notFound: generated.notFound,
  };
}

/**
 * The head's tags other than <title>, in the order the server writes them: what the browser sets
 * on client-side navigation. `name` or `property` keys the tag; an absent tag is removed.
 */
export function headMetaTags(head: Head): { attribute: 'name' | 'property'; key: string; content: string }[] {
  const og = head.openGraph;
  const name = (key: string, content: string) => ({ attribute: 'name' as const, key, content });
  const property = (key: string, content: string) => ({ attribute: 'property' as const, key, content });
  return [
    name('description', head.description),
    ...(head.robots === null ? [] : [name('robots', head.robots)]),
    property('og:type', og.type),
    property('og:site_name', og.siteName),
    property('og:locale', og.locale),
    property('og:title', og.title),
    property('og:description', og.description),
    property('og:url', og.url),
    ...(og.image === null
      ? []
      : [
          property('og:image', og.image.url),
          ...(og.image.width === null ? [] : [property('og:image:width', String(og.image.width))]),
          ...(og.image.height === null ? [] : [property('og:image:height', String(og.image.height))]),
          property('og:image:alt', og.image.alt),
        ]),
    name('twitter:card', head.twitter.card),
    name('twitter:title', head.twitter.title),
    name('twitter:description', head.twitter.description),
    ...(head.twitter.image === null ? [] : [name('twitter:image', head.twitter.image)]),
  ];
}
