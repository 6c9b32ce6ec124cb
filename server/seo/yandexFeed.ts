// The Yandex YML feed (yml_catalog, https://yandex.ru/support/direct/feeds/requirements-yml.html):
// the shop, RUB, the menu's groups as categories and its dishes as offers. Built from the
// database on each content version; `date` is the catalogue's last change so equal content gives
// an equal body (and ETag).
import type { Catalog, Settings } from '../../src/api/entities.js';
import { menuGroupIds, menuProducts } from '../../src/domain/catalog.js';
import { escapeXml } from './escape.js';
import {
  SITE_NAME,
  absoluteUrl,
  ogImageUrl,
  orderPrice,
  productPath,
  productSections,
  unavailableProductIds,
} from './site.js';

export interface FeedSource {
  publicUrl: string;
  catalog: Catalog;
  settings: Settings;
  /** ISO time of the catalogue's last change. */
  date: string;
}

/** 'YYYY-MM-DDThh:mm:ss+00:00', the RFC 3339 form YML accepts. */
function ymlDate(iso: string): string {
  return `${iso.slice(0, 19)}+00:00`;
}

const el = (name: string, value: string | number) => `<${name}>${escapeXml(String(value))}</${name}>`;

export function yandexFeed(source: FeedSource): string {
  const { catalog, publicUrl } = source;
  const shown = new Set(menuGroupIds(catalog.groups));
  const groups = catalog.groups.filter((g) => shown.has(g.id));
  const unavailable = unavailableProductIds(catalog, source.settings, null);
  const categories = groups.map((g) => {
    const parent = g.parentGroup !== null && shown.has(g.parentGroup) ? ` parentId="${escapeXml(g.parentGroup)}"` : '';
    return `<category id="${escapeXml(g.id)}"${parent}>${escapeXml(g.name)}</category>`;
  });
  const sections = productSections(catalog);
  const offers = menuProducts(catalog).flatMap((product) => {
    const section = sections.get(product.id);
    if (!section) return [];
    const picture = ogImageUrl(publicUrl, product.imageUrl);
    const fields = [
      el('name', product.name),
      el('url', absoluteUrl(publicUrl, productPath(null, section, product))),
      el('price', orderPrice(product, catalog)),
      ...(product.oldPrice !== null && product.oldPrice > product.price ? [el('oldprice', product.oldPrice)] : []),
      el('currencyId', 'RUB'),
      el('categoryId', product.parentGroup),
      ...(picture === null ? [] : [el('picture', picture)]),
      ...(product.description.trim() === '' ? [] : [el('description', product.description)]),
      ...(product.weight === null ? [] : [el('weight', product.weight / 1000)]),
    ];
    const available = unavailable.has(product.id) ? 'false' : 'true';
    return [`<offer id="${escapeXml(product.id)}" available="${available}">${fields.join('')}</offer>`];
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<yml_catalog date="${ymlDate(source.date)}">`,
    '<shop>',
    el('name', SITE_NAME),
    el('company', SITE_NAME),
    el('url', absoluteUrl(publicUrl, '/')),
    '<currencies><currency id="RUB" rate="1"/></currencies>',
    `<categories>\n${categories.join('\n')}\n</categories>`,
    `<offers>\n${offers.join('\n')}\n</offers>`,
    '</shop>',
    '</yml_catalog>',
    '',
  ].join('\n');
}
