// The personal-data consent at checkout (docs/CHECKOUT.md "Consent, once per text"):
// - CheckoutOpened while signed in, or SignedIn while /checkout is open → GET /consent →
//   ApplyConsentStatus (a customer who consented to the current /legal text is not asked again);
// - ConsentChanged to given, while signed in and the server asks for it → POST /consent with the
//   version it asked about → ApplyConsentStatus.
// Failures are only logged: the checkbox stays and the order carries the consent itself.
import { EMPTY, filter, mergeMap, switchMap, withLatestFrom, type Observable } from 'rxjs';
import type { ConsentStatus } from '../../api/contract/consent';
import type { AppCommand } from '../../commands';
import { selectIsSignedIn } from '../../projections/store';
import { loggedCall } from '../calls';
import type { Effect, EffectDeps } from '../deps';
import { eventsOf } from '../operators';

function applied(call: () => Observable<ConsentStatus>, deps: EffectDeps, what: string): Observable<AppCommand> {
  return loggedCall(deps, what, call, (s) => ({
    type: 'ApplyConsentStatus',
    data: { version: s.version, required: s.required },
  }));
}

/** Whether the customer's consent on file covers the current /legal text. */
export const loadConsent$: Effect = (event$, state$, deps) =>
  eventsOf(event$).pipe(
    filter((e) => e.type === 'CheckoutOpened' || e.type === 'SignedIn'),
    withLatestFrom(state$),
    filter(([, state]) => state.checkout.active && selectIsSignedIn(state)),
    switchMap(() => applied(() => deps.api.getConsent(), deps, 'consent status load failed')),
  );

/** A consent ticked at checkout is stored, for the version of the text the server asked about. */
export const giveConsent$: Effect = (event$, state$, deps) =>
  eventsOf(event$).pipe(
    filter((e) => e.type === 'ConsentChanged' && e.data.given),
    withLatestFrom(state$),
    mergeMap(([, state]) => {
      const onFile = state.checkout.consentOnFile;
      if (!selectIsSignedIn(state) || onFile === null || !onFile.required) return EMPTY;
      return applied(() => deps.api.giveConsent(onFile.version), deps, 'consent not stored');
    }),
  );
