// The browser's side of the web counters: their scripts as <script async> tags (never awaited, so
// a slow or failing counter holds nothing up), the page views of the client-side router, and what
// a withdrawn consent does (the counters' cookies go, the page reloads without them).
import { Observable } from 'rxjs';
import type { EffectLogger } from '../deps';
import { ga4Counter, metrikaCounter, type CounterSink, type CounterWindow, type LoadScript } from './counters';
import type { CounterConfig, PageView } from './index';

const added = new Set<string>();

/** One <script async> per address; a failure is logged (the queued calls stay unsent). */
export function browserLoadScript(logger: EffectLogger): LoadScript {
  return (src) => {
    if (added.has(src)) return;
    added.add(src);
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    script.onerror = () => logger.warn(`analytics: script ${src} failed to load`);
    document.head.appendChild(script);
  };
}

const started = new Map<string, CounterSink>();

/** Installs the counters with an id (each once per page) and sends every hit to each. */
export function startBrowserCounters(config: CounterConfig, logger: EffectLogger): CounterSink {
  const win = window as Window & CounterWindow;
  const load = browserLoadScript(logger);
  const sinks: CounterSink[] = [];
  const once = (key: string, make: () => CounterSink) => {
    const known = started.get(key) ?? make();
    started.set(key, known);
    sinks.push(known);
  };
  if (config.metrikaId !== '')
    once(`metrika:${config.metrikaId}`, () =>
      metrikaCounter(win, config.metrikaId, config.scripts.metrika, load, Date.now()),
    );
  if (config.ga4Id !== '')
    once(`ga4:${config.ga4Id}`, () => ga4Counter(win, config.ga4Id, config.scripts.ga4, load, new Date()));
  return {
    send(hit) {
      for (const sink of sinks) {
        try {
          sink.send(hit);
        } catch (error) {
          logger.warn(`analytics: ${hit.kind} not sent`, error);
        }
      }
    },
  };
}

const pathOf = (href: string) => {
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
};

/**
 * The page at subscription, then each navigation to another address (wouter's pushState and the
 * back and forward buttons). A replaced address (the city prefix added) is the same page; a hash
 * is a place on the page.
 */
export function browserPages$(): Observable<PageView> {
  return new Observable<PageView>((subscriber) => {
    let last = window.location.href;
    subscriber.next({ url: last, referrer: document.referrer });
    const onNavigate = () => {
      const url = window.location.href;
      if (pathOf(url) === pathOf(last)) {
        last = url;
        return;
      }
      const referrer = last;
      last = url;
      subscriber.next({ url, referrer });
    };
    const onReplace = () => void (last = window.location.href);
    window.addEventListener('pushState', onNavigate);
    window.addEventListener('popstate', onNavigate);
    window.addEventListener('replaceState', onReplace);
    return () => {
      window.removeEventListener('pushState', onNavigate);
      window.removeEventListener('popstate', onNavigate);
      window.removeEventListener('replaceState', onReplace);
    };
  });
}

/** The counters' own cookies (Metrika's _ym…, GA's _ga…), on this host and its parent domains. */
export function forgetCounterCookies(): void {
  const names = document.cookie
    .split(';')
    .map((c) => c.split('=')[0]?.trim() ?? '')
    .filter((n) => /^(_ym|_ga)/.test(n));
  const parts = window.location.hostname.split('.');
  const domains = ['', ...parts.slice(0, -1).map((_, i) => `; domain=.${parts.slice(i).join('.')}`)];
  for (const name of names) for (const domain of domains) document.cookie = `${name}=; max-age=0; path=/${domain}`;
}

/** A loaded counter cannot be unloaded: the page reloads without it, its cookies gone. */
export function withdrawInBrowser(): void {
  forgetCounterCookies();
  window.location.reload();
}
