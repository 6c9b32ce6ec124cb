// Yandex Metrika and Google Analytics 4 behind one interface (docs/ANALYTICS.md): each installs its
// documented command queue on the page (`ym`, `gtag` over `dataLayer`), starts loading its script
// and turns the storefront's hits into its calls. The queue takes calls before the script arrives;
// a script that never arrives leaves them unsent and the page as it was.
import type { AnalyticsHit, HitProduct } from './hits';

export const CURRENCY = 'RUB';

export interface CounterSink {
  send(hit: AnalyticsHit): void;
}

/** What the counters need of `window`: their globals. */
export type CounterWindow = {
  ym?: ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
};

/** Adds a script with this address to the page (once), reporting its failure. */
export type LoadScript = (src: string) => void;

const dataLayerOf = (win: CounterWindow): unknown[] => {
  if (!Array.isArray(win.dataLayer)) win.dataLayer = [];
  return win.dataLayer;
};

/** Metrika: ecommerce in its dataLayer format, page views as `hit`, checkout as a goal. */
export function metrikaCounter(
  win: CounterWindow,
  id: string,
  scriptUrl: string,
  load: LoadScript,
  now: number,
): CounterSink {
  const counter = Number(id);
  const dataLayer = dataLayerOf(win);
  if (win.ym === undefined) {
    const queue: unknown[][] = [];
    win.ym = Object.assign((...args: unknown[]) => void queue.push(args), { a: queue, l: now });
  }
  // always the current `ym`: tag.js replaces the queueing stub with itself when it arrives
  const ym = (...args: unknown[]) => win.ym?.(...args);
  // defer: the page views are ours, one per client-side navigation (the first included)
  ym(counter, 'init', {
    defer: true,
    clickmap: true,
    trackLinks: true,
    accurateTrackBounce: true,
    webvisor: false,
    ecommerce: 'dataLayer',
  });
  load(scriptUrl);
  const products = (list: HitProduct[]) =>
    list.map((p) => ({
      id: p.id,
      name: p.name,
      price: p.price,
      quantity: p.quantity,
      ...(p.category === undefined ? {} : { category: p.category }),
    }));
  const ecommerce = (action: Record<string, unknown>) =>
    dataLayer.push({ ecommerce: { currencyCode: CURRENCY, ...action } });
  return {
    send(hit) {
      switch (hit.kind) {
        case 'pageView':
          ym(counter, 'hit', hit.url, hit.referrer === '' ? {} : { referer: hit.referrer });
          return;
        case 'viewItem':
          ecommerce({ detail: { products: products([hit.product]) } });
          return;
        case 'addToCart':
          ecommerce({ add: { products: products([hit.product]) } });
          return;
        case 'removeFromCart':
          ecommerce({ remove: { products: products([hit.product]) } });
          return;
        case 'beginCheckout':
          ym(counter, 'reachGoal', 'begin_checkout', { order_price: hit.value, currency: CURRENCY });
          return;
        case 'purchase':
          ecommerce({
            purchase: {
              actionField: {
                id: hit.number,
                revenue: hit.revenue,
                ...(hit.coupon === null ? {} : { coupon: hit.coupon }),
              },
              products: products(hit.products),
            },
          });
          return;
        default: {
          const never: never = hit;
          return never;
        }
      }
    },
  };
}

/** The gtag.js command queue: it reads Arguments objects from dataLayer, not arrays. */
function gtagOf(win: CounterWindow): (...args: unknown[]) => void {
  const dataLayer = dataLayerOf(win);
  win.gtag ??= function gtag() {
    // the Arguments object itself: gtag.js ignores arrays (eslint.config.js allows it here)
    dataLayer.push(arguments);
  };
  return win.gtag;
}

/** GA4: its recommended ecommerce events, page views as `page_view`. */
export function ga4Counter(
  win: CounterWindow,
  id: string,
  scriptUrl: string,
  load: LoadScript,
  now: Date,
): CounterSink {
  const gtag = gtagOf(win);
  gtag('js', now);
  // page views are ours, one per client-side navigation (the first included)
  gtag('config', id, { send_page_view: false });
  load(`${scriptUrl}?id=${encodeURIComponent(id)}`);
  const items = (list: HitProduct[]) =>
    list.map((p) => ({
      item_id: p.id,
      item_name: p.name,
      price: p.price,
      quantity: p.quantity,
      ...(p.category === undefined ? {} : { item_category: p.category }),
    }));
  const value = (list: HitProduct[]) => Math.round(list.reduce((s, p) => s + p.price * p.quantity, 0) * 100) / 100;
  const event = (name: string, params: Record<string, unknown>) => gtag('event', name, { send_to: id, ...params });
  return {
    send(hit) {
      switch (hit.kind) {
        case 'pageView':
          event('page_view', {
            page_location: hit.url,
            ...(hit.referrer === '' ? {} : { page_referrer: hit.referrer }),
          });
          return;
        case 'viewItem':
        case 'addToCart':
        case 'removeFromCart': {
          const name = { viewItem: 'view_item', addToCart: 'add_to_cart', removeFromCart: 'remove_from_cart' }[
            hit.kind
          ];
          event(name, { currency: CURRENCY, value: value([hit.product]), items: items([hit.product]) });
          return;
        }
        case 'beginCheckout':
          event('begin_checkout', {
            currency: CURRENCY,
            value: hit.value,
            ...(hit.coupon === null ? {} : { coupon: hit.coupon }),
            items: items(hit.products),
          });
          return;
        case 'purchase':
          event('purchase', {
            transaction_id: hit.number,
            value: hit.revenue,
            currency: CURRENCY,
            ...(hit.coupon === null ? {} : { coupon: hit.coupon }),
            items: items(hit.products),
          });
          return;
        default: {
          const never: never = hit;
          return never;
        }
      }
    },
  };
}
