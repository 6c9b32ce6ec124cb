// What the web counters are told, derived from the core's events and the states around them
// (docs/ANALYTICS.md): a product viewed, goods added or removed, checkout started, an order
// completed, and page views. Pure: the counters' own formats are built in ./counters.
import type { Order } from '../../api/contract/orders';
import type { CartItem, Product } from '../../api/entities';
import { matchSiteRoute } from '../../api/siteRoutes';
import { goodsTotal, isGoodsLine } from '../../domain/cart';
import { isOnline } from '../../domain/payment';
import { unitPrice } from '../../domain/price';
import type { AppEvent } from '../../events';
import type { AppState } from '../../projections/store';

/** One product as both counters take it: the price of one unit with its modifiers, in roubles. */
export type HitProduct = { id: string; name: string; price: number; quantity: number; category?: string };

export type AnalyticsHit =
  | { kind: 'pageView'; url: string; referrer: string }
  | { kind: 'viewItem'; product: HitProduct }
  | { kind: 'addToCart'; product: HitProduct }
  | { kind: 'removeFromCart'; product: HitProduct }
  | { kind: 'beginCheckout'; products: HitProduct[]; value: number; coupon: string | null }
  | {
      kind: 'purchase';
      /** The order's id: what "reported once" is kept by. */
      orderId: string;
      /** The order number the customer and the restaurant speak of: the transaction id. */
      number: string;
      revenue: number;
      coupon: string | null;
      products: HitProduct[];
    };

/**
 * A page the visitor is on: its full address and the page it came from ('' for none). The title is
 * the counters' own reading of document.title: a lazily loaded page may set it later.
 */
export type PageView = { url: string; referrer: string };

function category(state: AppState, product: Product): string | undefined {
  return state.catalog.catalog?.groups.find((g) => g.id === product.parentGroup)?.name;
}

function productOf(state: AppState, product: Product, price: number, quantity: number): HitProduct {
  const name = category(state, product);
  return { id: product.id, name: product.name, price, quantity, ...(name === undefined ? {} : { category: name }) };
}

const lineProduct = (state: AppState, line: CartItem, quantity: number) =>
  productOf(state, line.product, unitPrice(line), quantity);

const findLine = (state: AppState, lineId: string) => state.cart.items.find((l) => l.id === lineId);

function findProduct(state: AppState, idOrSlug: string): Product | undefined {
  const products = state.catalog.catalog?.products ?? [];
  return products.find((p) => p.id === idOrSlug) ?? products.find((p) => p.slug === idOrSlug);
}

/** The order went through: stored for cash or the courier's card, or paid online (and not cancelled). */
export const isCompletedOrder = (order: Order): boolean =>
  order.status !== 'Cancelled' && (isOnline(order.paymentMethod) ? order.paymentStatus === 'paid' : true);

export function purchaseOf(order: Order): Extract<AnalyticsHit, { kind: 'purchase' }> {
  return {
    kind: 'purchase',
    orderId: order.id,
    number: String(order.number),
    revenue: order.total,
    coupon: order.coupon,
    products: order.items.map((l) => ({ id: l.productId, name: l.name, price: l.price, quantity: l.amount })),
  };
}

/**
 * The hits one event makes, judged against the states before and after its command. Only the
 * customer's goods count: gifts, the delivery line and the service fee are the shop's doing.
 */
export function hitsOf(event: AppEvent, before: AppState, after: AppState): AnalyticsHit[] {
  switch (event.type) {
    case 'ModalOpened': {
      if (event.data.modal.kind !== 'product') return [];
      const product = findProduct(after, event.data.modal.productId);
      return product === undefined ? [] : [{ kind: 'viewItem', product: productOf(after, product, product.price, 1) }];
    }
    case 'HalfPizzaAdded':
    case 'ItemAdded': {
      const line = event.data.line;
      return isGoodsLine(line) ? [{ kind: 'addToCart', product: lineProduct(after, line, line.quantity) }] : [];
    }
    case 'HalfPizzaMerged':
    case 'ItemMerged': {
      const line = findLine(after, event.data.lineId);
      return line !== undefined && isGoodsLine(line)
        ? [{ kind: 'addToCart', product: lineProduct(after, line, event.data.added) }]
        : [];
    }
    case 'ItemQuantityChanged': {
      const was = findLine(before, event.data.lineId);
      const line = findLine(after, event.data.lineId) ?? was;
      if (was === undefined || line === undefined || !isGoodsLine(line)) return [];
      const delta = event.data.quantity - was.quantity;
      if (delta > 0) return [{ kind: 'addToCart', product: lineProduct(after, line, delta) }];
      if (delta < 0) return [{ kind: 'removeFromCart', product: lineProduct(after, line, -delta) }];
      return [];
    }
    case 'ItemRemoved': {
      const was = findLine(before, event.data.lineId);
      return was !== undefined && isGoodsLine(was)
        ? [{ kind: 'removeFromCart', product: lineProduct(before, was, was.quantity) }]
        : [];
    }
    case 'CheckoutOpened': {
      const goods = after.cart.items.filter(isGoodsLine);
      if (goods.length === 0) return [];
      return [
        {
          kind: 'beginCheckout',
          products: goods.map((l) => lineProduct(after, l, l.quantity)),
          value: goodsTotal(goods),
          coupon: after.cart.appliedCoupon,
        },
      ];
    }
    case 'OrderPlaced':
    case 'OrderLoaded':
      return isCompletedOrder(event.data.order) ? [purchaseOf(event.data.order)] : [];
    default:
      return [];
  }
}

/** A product page is a product viewed too, unless its modal is open over the list (counted by its event). */
export function pageHits(page: PageView, state: AppState): AnalyticsHit[] {
  const hits: AnalyticsHit[] = [{ kind: 'pageView', ...page }];
  let pathname: string;
  try {
    pathname = new URL(page.url).pathname;
  } catch {
    return hits;
  }
  const match = matchSiteRoute(
    pathname,
    state.city.list.map((c) => c.slug),
  );
  const id = match?.page === 'product' ? match.params.productId : undefined;
  const product = id === undefined ? undefined : findProduct(state, id);
  // a product opened over the list moves the address to its page: its modal already counted the view
  const overList = state.modal.stack.some((m) => m.kind === 'product' && m.productId === product?.id);
  if (product !== undefined && !overList)
    hits.push({ kind: 'viewItem', product: productOf(state, product, product.price, 1) });
  return hits;
}
