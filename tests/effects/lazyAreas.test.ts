// The lazily loaded areas of src/views/app/lazyAreas.ts: the account effects load on the first
// event one of them acts on, at once for a page that starts signed in, or when the page is idle,
// and then see the events kept meanwhile; checkout loads on its own events. The idle callback is a
// stub here, so that each test decides when the page is idle.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BehaviorSubject, of, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StorefrontApi } from '../../src/api/storefrontApi';
import type { AppCommand } from '../../src/commands';
import { createRootEffect } from '../../src/effects';
import { CART_REPRICING_EVENTS } from '../../src/effects/cartRepricing';
import type { EventEnvelope } from '../../src/effects/deps';
import { triggeredBy } from '../../src/effects/lazy';
import type { AppEvent } from '../../src/events';
import type { AppState } from '../../src/projections/store';
import { LAZY_AREAS, lazyEffects } from '../../src/views/app/lazyAreas';
import { PRODUCT } from '../fixtures/catalog';
import { envelope, fakeApi, fakeDeps, STEADY_VERSIONS } from './helpers';
import { signedIn, signedOut, TOKEN, USER } from './state';

const liked: AppEvent = { type: 'ProductLiked', data: { productId: PRODUCT.phila, userId: USER.id } };
const unliked: AppEvent = { type: 'ProductUnliked', data: { productId: PRODUCT.phila, userId: USER.id } };
const cityModal: AppEvent = { type: 'ModalOpened', data: { modal: { kind: 'city' } } };
const wantsAccount = (event: AppEvent) => triggeredBy(LAZY_AREAS.account.trigger, event);
const wantsCheckout = (event: AppEvent) => triggeredBy(LAZY_AREAS.checkout.trigger, event);

describe('the account trigger: the events that load its chunk', () => {
  it.each<AppEvent>([
    { type: 'CodeRequested', data: { phone: '+79991234567' } },
    { type: 'CodeSubmitted', data: { phone: '+79991234567', code: '1234' } },
    liked,
    unliked,
    { type: 'CouponApplied', data: { coupon: 'SALE10' } },
    { type: 'LineHighlighted', data: { lineId: 'l1' } },
    { type: 'AddressDeleteRequested', data: { addressId: 'a1' } },
    { type: 'AccountDeletionRequested', data: { phone: USER.phone } },
    // a page asks for its data as it mounts (InfoPage, HistoryPage)
    { type: 'PageRequested', data: { slug: 'about', cityId: 'city-angarsk' } },
    { type: 'OrderHistoryRequested', data: { phone: USER.phone } },
    { type: 'AuthRequired', data: { reason: 'like' } },
    { type: 'ModalOpened', data: { modal: { kind: 'auth' } } },
    { type: 'ModalOpened', data: { modal: { kind: 'userEdit' } } },
  ])('$type $data wants the chunk', (event) => {
    expect(wantsAccount(event)).toBe(true);
  });

  it.each<AppEvent>([
    cityModal,
    { type: 'ModalOpened', data: { modal: { kind: 'address' } } },
    { type: 'ModalClosed', data: { kind: 'auth' } },
    { type: 'SettingsLoadFailed', data: { message: 'down' } },
    { type: 'CityPromptShown', data: {} },
    { type: 'CheckoutOpened', data: {} },
    // every boot has one: the chunk would load during the first paint (idle after load instead)
    { type: 'SessionStarted', data: { cityId: null, openedAt: '2026-11-23T06:00:00.000Z' } },
  ])('$type $data does not', (event) => {
    expect(wantsAccount(event)).toBe(false);
  });

  // The promo effect acts on what effects/promo `needsPromoRecalc` names (the repricing events and
  // its own); the trigger list does not import the promo effect into the first load, so it is read here.
  it('names every event the promo recalculation acts on but the boot', () => {
    const source = readFileSync(resolve(import.meta.dirname, '../../src/effects/promo.ts'), 'utf8');
    const body = /export function needsPromoRecalc[\s\S]*?\n}\n/.exec(source)?.[0] ?? '';
    const promoEvents = [
      ...CART_REPRICING_EVENTS,
      ...[...body.matchAll(/event\.type === '(\w+)'/g)].map((m) => m[1] ?? ''),
    ];
    expect(body).toContain('repricesCart(event)');
    expect(promoEvents).toEqual(expect.arrayContaining(['ItemAdded', 'CouponApplied', 'SignedIn', 'SessionStarted']));
    expect(
      promoEvents.filter((type) => !(LAZY_AREAS.account.trigger.events as readonly string[]).includes(type)),
    ).toEqual(['SessionStarted']);
  });
});

describe('the checkout trigger', () => {
  it.each<AppEvent>([
    { type: 'CheckoutOpened', data: {} },
    { type: 'OrderLoadRequested', data: { orderId: 'o1' } },
    { type: 'ModalOpened', data: { modal: { kind: 'address' } } },
  ])('$type $data loads the checkout chunk', (event) => {
    expect(wantsCheckout(event)).toBe(true);
  });

  it.each<AppEvent>([cityModal, liked, { type: 'ModalOpened', data: { modal: { kind: 'auth' } } }])(
    '$type $data does not',
    (event) => {
      expect(wantsCheckout(event)).toBe(false);
    },
  );
});

type IdleCall = { callback: () => void; timeout: number | undefined };

describe('the lazily loaded account effects', () => {
  let idle: IdleCall[] = [];
  let cancelled: number[] = [];

  beforeEach(() => {
    idle = [];
    cancelled = [];
    vi.stubGlobal(
      'requestIdleCallback',
      (callback: () => void, options?: { timeout?: number }) => idle.push({ callback, timeout: options?.timeout }) - 1,
    );
    vi.stubGlobal('cancelIdleCallback', (handle: number) => void cancelled.push(handle));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The chunk's effect over plain subjects, on an api whose user-data and like calls answer. */
  function run(state: AppState, more: Partial<StorefrontApi> = {}) {
    const { api, calls } = fakeApi({
      ...more,
      getAddresses: () => of([]),
      getLikes: () => of([]),
      getLastOrder: () => of({ products: [] }),
      getBalance: () => of(500),
      like: () => of(undefined),
      unlike: () => of(undefined),
      ...STEADY_VERSIONS,
    });
    const { deps, recorded } = fakeDeps(api);
    const events = new Subject<EventEnvelope>();
    const out: AppCommand[] = [];
    const sub = lazyEffects({ idleTimeoutMs: 1_500 })
      .afterFirstPaint(events, new BehaviorSubject(state), deps)
      .subscribe((c) => out.push(c));
    const called = () => calls.map((c) => c.method);
    return { events, out, sub, calls, called, recorded };
  }

  /** Long enough for a dynamic import that has been asked for to arrive. */
  const settle = () => new Promise<void>((r) => setTimeout(r, 50));

  it('loads on the first trigger event and hands it, and the events kept meanwhile, over in order, each once', async () => {
    const { events, sub, calls, called, recorded } = run(signedOut());
    events.next(envelope(cityModal));
    await settle();
    expect(called()).toEqual([]);

    events.next(envelope(liked));
    events.next(envelope(unliked)); // kept while the chunk arrives
    await vi.waitFor(() => expect(called()).toContain('unlike'), { timeout: 5_000 });
    expect(calls.filter((c) => c.method === 'like' || c.method === 'unlike')).toEqual([
      { method: 'like', args: [USER.id, PRODUCT.phila] },
      { method: 'unlike', args: [USER.id, PRODUCT.phila] },
    ]);
    expect(idle).toHaveLength(1);
    expect(idle[0]?.timeout).toBe(1_500);
    expect(cancelled).toEqual([0]); // the trigger won: the idle callback is not waited for
    sub.unsubscribe();
    expect(recorded.errors).toEqual([]);
  });

  it('an anonymous visit without a trigger waits for the idle callback, then hands over what it kept', async () => {
    const { events, sub, calls, recorded } = run(signedOut());
    events.next(envelope(cityModal));
    events.next(envelope({ type: 'SessionStarted', data: { cityId: null, openedAt: '2026-11-23T06:00:00.000Z' } }));
    await settle();
    expect(calls).toEqual([]);
    expect(idle).toHaveLength(1);
    expect(cancelled).toEqual([]);

    idle[0]?.callback();
    await settle();
    events.next(envelope(liked));
    await vi.waitFor(() => expect(calls).toEqual([{ method: 'like', args: [USER.id, PRODUCT.phila] }]), {
      timeout: 5_000,
    });
    sub.unsubscribe();
    expect(recorded.errors).toEqual([]);
  });

  it('an informational page loads the chunk at once: PageRequested gets its ApplyPage without waiting for idle', async () => {
    const asked = { slug: 'about', cityId: 'city-angarsk' };
    const about = { ...asked, title: 'О компании', body: 'Текст', updatedAt: '2026-11-20T00:00:00.000Z' };
    const { events, out, sub, recorded } = run(signedOut(), { getPage: () => of(about) });
    events.next(envelope({ type: 'PageRequested', data: asked }));
    await vi.waitFor(() => expect(out).toEqual([{ type: 'ApplyPage', data: { ...asked, page: about } }]), {
      timeout: 5_000,
    });
    expect(cancelled).toEqual([0]);
    sub.unsubscribe();
    expect(recorded.errors).toEqual([]);
  });

  it('a page that starts signed in loads at once: the restored session gets its user data without waiting for idle', async () => {
    const { sub, called, recorded } = run(signedIn());
    await vi.waitFor(
      () =>
        expect(called()).toEqual(expect.arrayContaining(['getAddresses', 'getLikes', 'getLastOrder', 'getBalance'])),
      { timeout: 5_000 },
    );
    expect(idle).toEqual([]); // the idle callback is not even asked for
    sub.unsubscribe();
    expect(recorded.errors).toEqual([]);
  });
});

describe('the root effect keeps the token revocation in the first load', () => {
  it('revokes the token at a logout that comes before the chunk (the chunk would only see the state after it, without the token)', () => {
    vi.stubGlobal('requestIdleCallback', () => 0);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    try {
      const { api, calls } = fakeApi({ logout: () => of(undefined) });
      const { deps } = fakeDeps(api);
      const events = new Subject<EventEnvelope>();
      const state$ = new BehaviorSubject(signedIn());
      const sub = createRootEffect(lazyEffects())(events, state$, deps).subscribe();
      const loggedOut: AppEvent = { type: 'LoggedOut', data: { reason: 'user' } };
      const after = signedIn([loggedOut]);
      expect(after.auth.token).toBeNull();
      state$.next(after);
      events.next(envelope(loggedOut));
      sub.unsubscribe();
      expect(calls.filter((c) => c.method === 'logout')).toEqual([{ method: 'logout', args: [TOKEN] }]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
