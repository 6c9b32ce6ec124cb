// The storefront's checkout effect off the first load (issue 4): ./checkout and its browser
// adapters (./checkoutBrowser) are one chunk, imported on the first checkout event or when the
// page is first idle, whichever comes first (see ./lazy for why). Until then its events are kept
// and handed over in order. The bot check (./captchaBrowser) is a chunk of its own, shared with
// sign-in (./afterFirstPaint): both take the page's one runner, or the one given here (tests).
import { filter, merge, type SchedulerLike } from 'rxjs';
import type { AppEvent } from '../events';
import type { CaptchaRunner } from './captcha';
import type { Effect } from './deps';
import { lazyEffect, whenIdle$ } from './lazy';
import { eventsOf } from './operators';

/** Events the checkout effect answers whatever the state: seeing one, its code is needed now. */
export function wantsCheckout(event: AppEvent): boolean {
  switch (event.type) {
    case 'CheckoutOpened':
    case 'AddressCheckRequested':
    case 'OrderSubmitted':
    case 'OrderAwaitingPayment':
    case 'PaymentStarted':
    case 'OrderLoadRequested':
    case 'OrderLoaded':
    case 'OrderPlaced':
      return true;
    case 'ModalOpened':
      return event.data.modal.kind === 'address';
    default:
      return false;
  }
}

export type LazyCheckoutOptions = {
  scheduler?: SchedulerLike;
  /** The bot check (default: the page's one runner, shared with sign-in). */
  captcha?: CaptchaRunner;
  /** At most this long after subscription before the chunk loads without a checkout event. */
  idleTimeoutMs?: number;
};

export function lazyBrowserCheckout$(options: LazyCheckoutOptions = {}): Effect {
  const { idleTimeoutMs, ...checkoutOptions } = options;
  return lazyEffect(() => import('./checkoutBrowser').then((m) => m.browserCheckout$(checkoutOptions)), {
    name: 'checkout',
    startWhen: (event$) => merge(eventsOf(event$).pipe(filter(wantsCheckout)), whenIdle$(idleTimeoutMs)),
  });
}
