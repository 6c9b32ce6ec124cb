// The SEO helpers only the server's outputs use (JSON-LD offers, the Yandex feed, stop-list
// availability); the ones the page head shares with the browser live in src/domain/seo/site.ts.
import type { Catalog, City, Group, Product, Settings } from '../../src/api/entities.js';
import { stoppedProductIds } from '../../src/domain/catalog.js';
import { productPriceRange } from '../../src/domain/price.js';
import { menuSectionsOf } from '../../src/domain/seo/site.js';

export * from '../../src/domain/seo/site.js';

/** The lowest price a product can be ordered for (its required modifiers' cheapest choices). */
export function orderPrice(product: Product, catalog: Pick<Catalog, 'products'>): number {
  return productPriceRange(product, catalog.products).min;
}

/** Each menu product's section (the top group it is listed under), in one pass. */
export function productSections(catalog: Pick<Catalog, 'groups' | 'products'>): Map<string, Group> {
  const out = new Map<string, Group>();
  for (const s of menuSectionsOf(catalog)) for (const p of s.products) if (!out.has(p.id)) out.set(p.id, s.group);
  return out;
}

/** The city's delivery terminals, or every terminal of the chain when no city is given. */
export function terminalsOf(settings: Settings, city: City | null): string[] {
  const lists =
    city === null ? Object.values(settings.DELIVERY_TERMINALS) : [settings.DELIVERY_TERMINALS[city.id] ?? []];
  return lists.flat().map((r) => r.deliveryTerminalId);
}

/**
 * Products no terminal of the city can cook now (stopped at every one of them). A city without
 * restaurants stops nothing here: the storefront has nowhere to send an order either way.
 */
export function unavailableProductIds(catalog: Catalog, settings: Settings, city: City | null): Set<string> {
  const terminals = terminalsOf(settings, city);
  if (terminals.length === 0) return new Set();
  const stopped = terminals.map((t) => new Set(stoppedProductIds(catalog.stopList, t)));
  const [first, ...rest] = stopped;
  return new Set([...(first ?? [])].filter((id) => rest.every((s) => s.has(id))));
}
