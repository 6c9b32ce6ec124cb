// The browser's checkout effect comes in its own chunk (LAZY_AREAS.checkout): an order submitted
// before that chunk has loaded still goes out once it has, and sign-in (in the account chunk) and
// checkout share the one bot-check runner given.
import { BehaviorSubject, of, Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { CaptchaInfo } from '../../src/api/contract/checkout';
import type { AppCommand } from '../../src/commands';
import type { CaptchaRunner } from '../../src/effects/captcha';
import type { EventEnvelope } from '../../src/effects/deps';
import { lazyEffects } from '../../src/views/app/lazyAreas';
import { checkoutState, order, orderSubmitted } from '../commands/checkoutFixtures';
import { envelope, fakeApi, fakeDeps } from './helpers';

const CAPTCHA: CaptchaInfo = { required: true, provider: 'smartcaptcha', siteKey: 'k' };
const opened = checkoutState([{ type: 'CheckoutOpened', data: {} }]);

describe('the lazily loaded checkout', () => {
  it('places an order submitted before its chunk loaded, with a token from the runner sign-in uses too', async () => {
    const orderTokens: (string | null)[] = [];
    const codeTokens: (string | undefined)[] = [];
    const { api } = fakeApi({
      createOrder: (b) => (orderTokens.push(b.captchaToken), of(order())),
      requestCode: (_phone, token) => (
        codeTokens.push(token),
        of({ sentTo: '+7 (***) ***-**-67', resendAfterSeconds: 60, expiresInSeconds: 300 })
      ),
    });
    const { deps, recorded } = fakeDeps(api);
    let tokens = 0;
    const captcha: CaptchaRunner = { token: async () => `token-${++tokens}` };
    const effects = lazyEffects({ checkout: { captcha }, account: { captcha } });
    const events = new Subject<EventEnvelope>();
    const state$ = new BehaviorSubject(opened);
    const out: AppCommand[] = [];
    const subs = [effects.checkout, effects.afterFirstPaint].map((effect) =>
      effect(events, state$, deps).subscribe((c) => out.push(c)),
    );

    events.next(envelope(orderSubmitted(opened, CAPTCHA)));
    await vi.waitFor(() => expect(out).toContainEqual({ type: 'CompleteOrderPlacement', data: { order: order() } }), {
      timeout: 5_000,
    });
    events.next(envelope({ type: 'CodeRequested', data: { phone: '+79991234567', captcha: CAPTCHA } }));
    await vi.waitFor(() => expect(out).toContainEqual({ type: 'ConfirmCodeSent', data: { phone: '+79991234567' } }));

    subs.forEach((s) => s.unsubscribe());
    expect(orderTokens).toEqual(['token-1']);
    expect(codeTokens).toEqual(['token-2']);
    expect(out.filter((c) => c.type === 'CompleteOrderPlacement')).toHaveLength(1);
    expect(recorded.errors).toEqual([]);
  });
});
