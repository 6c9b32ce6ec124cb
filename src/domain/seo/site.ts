// What the page head shares with the other SEO outputs, on the server and in the browser: the
// chain's name, absolute addresses, the og:image variant of a picture, prices in roubles and the
// menu as the storefront shows it. Pure: the server's feeds and JSON-LD build on it too.
import type { Catalog, City, Group, Product } from '../../api/entities';
import { buildMenuTree, menuProducts, type MenuNode } from '../catalog';
import { productPriceRange, toNoBreakSpaces } from '../price';

export { SITE_NAME } from '../siteTexts';
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
/** The /img preset that crops a picture to OG_IMAGE_WIDTH × OG_IMAGE_HEIGHT (server/routes/img.ts). */
export const OG_IMAGE_PRESET = 'og';

/** PUBLIC_URL without a trailing slash. */
export function originOf(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}

/** An absolute address of a site path ('/angarsk/catalog'). */
export function absoluteUrl(publicUrl: string, path: string): string {
  return `${originOf(publicUrl)}${path.startsWith('/') ? path : `/${path}`}`;
}

/** A picture's absolute address: /img pictures as the 1200×630 og variant, others as they are. */
export function ogImageUrl(publicUrl: string, imageUrl: string | null): string | null {
  if (imageUrl === null || imageUrl === '') return null;
  if (/^https?:\/\//i.test(imageUrl)) return imageUrl;
  if (!imageUrl.startsWith('/img/')) return absoluteUrl(publicUrl, imageUrl);
  return absoluteUrl(publicUrl, `${imageUrl}${imageUrl.includes('?') ? '&' : '?'}preset=${OG_IMAGE_PRESET}`);
}

/** True when the picture is served by /img and so comes at exactly 1200×630. */
export function isOgVariant(imageUrl: string | null): boolean {
  return imageUrl !== null && imageUrl.startsWith('/img/');
}

const rubles = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** '1 234 ₽' with no-break spaces (Intl ru-RU, RUB). */
export function formatRubles(amount: number): string {
  return toNoBreakSpaces(rubles.format(amount));
}

/** '450 ₽', or 'от 450 ₽' when required modifiers make the price vary. */
export function priceText(product: Product, catalog: Pick<Catalog, 'products'>): string {
  const range = productPriceRange(product, catalog.products);
  return range.min === range.max ? formatRubles(range.min) : `от ${formatRubles(range.min)}`;
}

export interface MenuSectionView {
  group: Group;
  products: Product[];
}

function nodeProducts(node: MenuNode): Product[] {
  return [...node.items, ...node.subgroups.flatMap(nodeProducts)];
}

/** The menu's sections (top groups) with their products, empty ones dropped, as /catalog shows. */
export function menuSectionsOf(catalog: Pick<Catalog, 'groups' | 'products'>): MenuSectionView[] {
  return buildMenuTree(catalog)
    .map((node) => ({ group: node.group, products: nodeProducts(node) }))
    .filter((s) => s.products.length > 0);
}

/** A product the menu shows, with the section it is listed under; null for any other id. */
export function findMenuProduct(
  catalog: Pick<Catalog, 'groups' | 'products'>,
  productId: string,
): { product: Product; section: Group } | null {
  if (!menuProducts(catalog).some((p) => p.id === productId)) return null;
  for (const s of menuSectionsOf(catalog)) {
    const product = s.products.find((p) => p.id === productId);
    if (product) return { product, section: s.group };
  }
  return null;
}

/** The city of a route's slug, or null (a plain route or an unknown slug). */
export function cityOfSlug(cities: readonly City[], slug: string | null): City | null {
  return slug === null ? null : (cities.find((c) => c.slug === slug) ?? null);
}

/** '/angarsk' for a city, '' without one: the prefix of every path of the city's pages. */
export function cityPrefix(city: City | null): string {
  return city === null ? '' : `/${city.slug}`;
}

/** The path of a menu section's page. */
export function sectionPath(city: City | null, group: Pick<Group, 'slug'>): string {
  return `${cityPrefix(city)}/catalog/${encodeURIComponent(group.slug)}`;
}

/** The path of a product's page, under the section it is listed in. */
export function productPath(city: City | null, section: Pick<Group, 'slug'>, product: Pick<Product, 'id'>): string {
  return `${sectionPath(city, section)}/${encodeURIComponent(product.id)}`;
}

/** Plain text of at most `max` characters, cut at a word with '…'. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}
