// The visitor's choice about web analytics (docs/ANALYTICS.md): kept in a first-party cookie for a
// year, so it survives reloads and is shared by every tab, and changeable from the footer. Until a
// choice is made nothing is loaded or sent.
import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import type { CookieJar } from '../deps';

export type Consent = 'granted' | 'refused' | 'unset';

export const CONSENT_COOKIE = 'analyticsConsent';
/** How long the choice is remembered (then asked again). */
export const CONSENT_DAYS = 365;

export function readConsent(cookies: Pick<CookieJar, 'get'>): Consent {
  const value = cookies.get(CONSENT_COOKIE);
  return value === 'granted' || value === 'refused' ? value : 'unset';
}

export interface ConsentStore {
  /** The current choice, then every change. */
  consent$: Observable<Consent>;
  current(): Consent;
  choose(choice: 'granted' | 'refused'): void;
}

export function createConsentStore(cookies: CookieJar): ConsentStore {
  const subject = new BehaviorSubject<Consent>(readConsent(cookies));
  return {
    consent$: subject.pipe(distinctUntilChanged()),
    current: () => subject.getValue(),
    choose(choice) {
      cookies.set(CONSENT_COOKIE, choice, { expires: CONSENT_DAYS, path: '/' });
      subject.next(choice);
    },
  };
}
