// The pages' structured data (schema.org, typed with schema-dts): the chain's restaurants per
// city, the menu (Menu → MenuSection → MenuItem with an Offer) and breadcrumbs.
import type {
  BreadcrumbList,
  Menu,
  MenuItem,
  MenuSection,
  NutritionInformation,
  Offer,
  Restaurant as RestaurantLd,
  WithContext,
} from 'schema-dts';
import type { Catalog, City, Group, Product, Restaurant, Settings } from '../../src/api/entities.js';
import { openingHoursSpecification } from './openingHours.js';
import {
  SITE_NAME,
  absoluteUrl,
  cityPrefix,
  ogImageUrl,
  orderPrice,
  productPath,
  sectionPath,
  type MenuSectionView,
} from './site.js';

/** What the chain cooks (schema.org servesCuisine). */
export const SERVES_CUISINE = ['Японская', 'Итальянская', 'Роллы', 'Пицца'];

export interface MenuContext {
  publicUrl: string;
  city: City | null;
  catalog: Catalog;
  /** Products stopped at every terminal of the city (OutOfStock). */
  unavailable: ReadonlySet<string>;
}

function nutritionOf(product: Product): NutritionInformation | undefined {
  const n = product.nutrition;
  if (n === null) return undefined;
  return {
    '@type': 'NutritionInformation',
    servingSize: '100 г',
    calories: `${n.energy} kcal`,
    proteinContent: `${n.proteins} g`,
    fatContent: `${n.fats} g`,
    carbohydrateContent: `${n.carbohydrates} g`,
  };
}

export function menuItemOf(ctx: MenuContext, section: Group, product: Product): MenuItem {
  const url = absoluteUrl(ctx.publicUrl, productPath(ctx.city, section, product));
  const offer: Offer = {
    '@type': 'Offer',
    price: orderPrice(product, ctx.catalog),
    priceCurrency: 'RUB',
    availability: ctx.unavailable.has(product.id) ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
    url,
  };
  const image = ogImageUrl(ctx.publicUrl, product.imageUrl);
  const nutrition = nutritionOf(product);
  return {
    '@type': 'MenuItem',
    '@id': `${url}#item`,
    name: product.name,
    url,
    offers: offer,
    ...(product.description.trim() === '' ? {} : { description: product.description }),
    ...(image === null ? {} : { image }),
    ...(nutrition === undefined ? {} : { nutrition }),
  };
}

export function menuSectionOf(ctx: MenuContext, section: MenuSectionView): MenuSection {
  const image = ogImageUrl(ctx.publicUrl, section.group.imageUrl);
  return {
    '@type': 'MenuSection',
    name: section.group.name,
    url: absoluteUrl(ctx.publicUrl, sectionPath(ctx.city, section.group)),
    ...(image === null ? {} : { image }),
    hasMenuItem: section.products.map((p) => menuItemOf(ctx, section.group, p)),
  };
}

export function menuOf(ctx: MenuContext, sections: readonly MenuSectionView[]): WithContext<Menu> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    name: ctx.city === null ? `Меню ${SITE_NAME}` : `Меню ${SITE_NAME} ${ctx.city.cityIn}`,
    url: absoluteUrl(ctx.publicUrl, `${cityPrefix(ctx.city)}/catalog`),
    inLanguage: 'ru',
    hasMenuSection: sections.map((s) => menuSectionOf(ctx, s)),
  };
}

export function withContext<T extends MenuSection | MenuItem>(value: T): WithContext<T> {
  return { '@context': 'https://schema.org', ...value };
}

function restaurantOf(publicUrl: string, city: City, restaurant: Restaurant): RestaurantLd {
  return {
    '@type': 'Restaurant',
    name: restaurant.name,
    address: {
      '@type': 'PostalAddress',
      streetAddress: restaurant.address,
      addressLocality: city.name,
      addressCountry: 'RU',
    },
    telephone: restaurant.phone,
    geo: { '@type': 'GeoCoordinates', latitude: restaurant.location.lat, longitude: restaurant.location.lon },
    openingHoursSpecification: openingHoursSpecification(restaurant.hours),
    servesCuisine: SERVES_CUISINE,
    hasMenu: absoluteUrl(publicUrl, `${cityPrefix(city)}/catalog`),
  };
}

/**
 * The chain in a city: one Restaurant with the city's delivery hours (WORK_TIME) and phone, and
 * its restaurants, each with its own address, phone and hours, as departments.
 */
export function cityRestaurantOf(publicUrl: string, settings: Settings, city: City): WithContext<RestaurantLd> {
  const restaurants = settings.DELIVERY_TERMINALS[city.id] ?? [];
  const week = settings.WORK_TIME[city.id];
  const url = absoluteUrl(publicUrl, cityPrefix(city) || '/');
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    '@id': `${url}#restaurant`,
    name: `${SITE_NAME} ${city.cityIn}`,
    url,
    address: { '@type': 'PostalAddress', addressLocality: city.name, addressCountry: 'RU' },
    telephone: settings.PHONES.deliveryService,
    ...(week === undefined ? {} : { openingHoursSpecification: openingHoursSpecification(week) }),
    servesCuisine: SERVES_CUISINE,
    hasMenu: absoluteUrl(publicUrl, `${cityPrefix(city)}/catalog`),
    ...(restaurants.length === 0 ? {} : { department: restaurants.map((r) => restaurantOf(publicUrl, city, r)) }),
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbsOf(publicUrl: string, crumbs: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absoluteUrl(publicUrl, c.path),
    })),
  };
}
