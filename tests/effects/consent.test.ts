// The checkout's consent effects (docs/CHECKOUT.md "Consent, once per text"): the status is read when
// a signed-in customer opens /checkout, and a consent ticked there is stored for the asked version.
import { firstValueFrom, of, Subject, BehaviorSubject, toArray, take, throwError } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { AppCommand } from '../../src/commands';
import { giveConsent$, loadConsent$ } from '../../src/effects/checkout';
import type { EventEnvelope } from '../../src/effects/deps';
import { evolveAll, type AppState } from '../../src/projections/store';
import { readyState } from '../fixtures/state';
import { envelope, failure, fakeApi, fakeDeps } from './helpers';

const STATUS = { version: 'v2', required: true, last: null };

function run(effect: typeof loadConsent$, state: AppState, stubs: Parameters<typeof fakeApi>[0], count: number) {
  const { api, calls } = fakeApi(stubs);
  const { deps, recorded } = fakeDeps(api);
  const events = new Subject<EventEnvelope>();
  const out = firstValueFrom(effect(events, new BehaviorSubject(state), deps).pipe(take(count), toArray()));
  return { events, out, calls, recorded };
}

describe('consent at checkout', () => {
  it('CheckoutOpened for a signed-in customer → GET /consent → ApplyConsentStatus', async () => {
    const state = evolveAll(readyState(), [{ type: 'CheckoutOpened', data: {} }]);
    const r = run(loadConsent$, state, { getConsent: () => of(STATUS) }, 1);
    r.events.next(envelope({ type: 'CheckoutOpened', data: {} }));
    expect(await r.out).toEqual<AppCommand[]>([
      { type: 'ApplyConsentStatus', data: { version: 'v2', required: true } },
    ]);
  });

  it('a signed-out visitor is not asked about (no call)', () => {
    const state = evolveAll(readyState({ signedIn: false }), [{ type: 'CheckoutOpened', data: {} }]);
    const r = run(loadConsent$, state, {}, 1);
    r.events.next(envelope({ type: 'CheckoutOpened', data: {} }));
    expect(r.calls).toEqual([]);
  });

  it('ticking the consent while the server asks for it stores it for the asked version', async () => {
    const state = evolveAll(readyState(), [
      { type: 'CheckoutOpened', data: {} },
      { type: 'ConsentStatusLoaded', data: { version: 'v2', required: true } },
      { type: 'ConsentChanged', data: { given: true } },
    ]);
    const r = run(giveConsent$, state, { giveConsent: () => of({ ...STATUS, required: false }) }, 1);
    r.events.next(envelope({ type: 'ConsentChanged', data: { given: true } }));
    expect(await r.out).toEqual<AppCommand[]>([
      { type: 'ApplyConsentStatus', data: { version: 'v2', required: false } },
    ]);
    expect(r.calls).toEqual([{ method: 'giveConsent', args: ['v2'] }]);
  });

  it('a failed store is only logged: the checkbox stays ticked for the order', () => {
    const state = evolveAll(readyState(), [
      { type: 'CheckoutOpened', data: {} },
      { type: 'ConsentStatusLoaded', data: { version: 'v2', required: true } },
    ]);
    const r = run(giveConsent$, state, { giveConsent: () => throwError(() => failure(500)) }, 1);
    r.events.next(envelope({ type: 'ConsentChanged', data: { given: true } }));
    expect(r.recorded.warnings).toEqual(['consent not stored']);
  });
});
