// The web counters' chunk (LAZY_AREAS.analytics in ./lazyAreas): the counters effect with the
// browser's ports, the visitor's choice in its cookie, and the consent banner in a React root of its
// own at the foot of the page. Loaded when the page is first idle once the settings name a counter,
// or at once by the footer's «Настройки cookie». docs/ANALYTICS.md.
import Cookies from 'js-cookie';
import type { AnalyticsSettings } from '../../api/entities';
import { createRoot, type Root } from 'react-dom/client';
import { decideCheckout } from '../../commands/checkout.decide';
import type { ChunkDeciders } from '../../commands/onDemand';
import { analytics$ } from '../../effects/analytics';
import { browserPages$, startBrowserCounters, withdrawInBrowser } from '../../effects/analytics/browser';
import { createConsentStore } from '../../effects/analytics/consent';
import type { Effect, EffectLogger } from '../../effects/deps';
import { ConsentBanner, type ConsentCounters } from '../components/ConsentBanner';

/** The effect reports a purchase as RecordPurchaseTracked, a checkout command. */
export const deciders: ChunkDeciders = { checkout: decideCheckout };

const consent = createConsentStore({
  get: (name) => Cookies.get(name),
  set: (name, value, options) => void Cookies.set(name, value, { ...options, sameSite: 'Lax' }),
});

const logger: EffectLogger = {
  warn: (message, error) => console.warn(message, error),
  error: (message, error) => console.error(message, error),
};

let banner: { root: Root; host: HTMLElement } | null = null;

function hideConsentBanner(): void {
  if (banner === null) return;
  banner.root.unmount();
  banner.host.remove();
  banner = null;
}

/** Shows the banner (again); `reopened` when the visitor asked for it, so it can be closed unchanged. */
export function showConsentBanner(analytics: AnalyticsSettings, reopened = false): void {
  const counters: ConsentCounters = { metrika: analytics.metrika !== '', ga4: analytics.ga4 !== '' };
  if (banner === null) {
    const host = document.createElement('div');
    host.dataset.consent = '';
    document.body.appendChild(host);
    banner = { root: createRoot(host), host };
  }
  banner.root.render(
    <ConsentBanner
      counters={counters}
      current={consent.current()}
      onChoose={(choice) => {
        hideConsentBanner();
        consent.choose(choice);
      }}
      {...(reopened ? { onClose: hideConsentBanner } : {})}
    />,
  );
}

/** The counters effect in the browser. */
export function browserAnalytics$(): Effect {
  return analytics$({
    consent$: consent.consent$,
    pages$: browserPages$(),
    start: (config) => startBrowserCounters(config, logger),
    ask: (c) =>
      showConsentBanner({
        metrika: c.metrikaId,
        ga4: c.ga4Id,
        metrikaScript: c.scripts.metrika,
        ga4Script: c.scripts.ga4,
      }),
    withdraw: withdrawInBrowser,
  });
}
