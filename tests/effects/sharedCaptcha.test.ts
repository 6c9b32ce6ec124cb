// @vitest-environment jsdom
// Sign-in and checkout are two lazily loaded chunks and share one bot-check runner: the
// page's, created by whichever asks first (./captchaBrowser sharedBrowserCaptchaRunner).
import { BehaviorSubject, of, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { CaptchaInfo } from '../../src/api/contract/checkout';
import { afterFirstPaint$ } from '../../src/effects/afterFirstPaint';
import { sharedBrowserCaptchaRunner } from '../../src/effects/captchaBrowser';
import { browserCheckoutAdapters } from '../../src/effects/checkoutBrowser';
import type { EventEnvelope } from '../../src/effects/deps';
import { envelope, fakeApi, fakeDeps, STEADY_VERSIONS } from './helpers';
import { signedOut } from './state';

const CAPTCHA: CaptchaInfo = { required: true, provider: 'smartcaptcha', siteKey: 'k' };

describe("the page's one bot-check runner", () => {
  it('is created once, and both the checkout adapters and sign-in take it', async () => {
    const runner = sharedBrowserCaptchaRunner();
    if (runner === undefined) throw new Error('a browser has a runner');
    expect(sharedBrowserCaptchaRunner()).toBe(runner);
    expect(browserCheckoutAdapters().captcha).toBe(runner);

    // Sign-in without a runner given: the token comes from the shared one.
    const asked: CaptchaInfo[] = [];
    runner.token = async (info) => (asked.push(info), 'shared-token');
    const tokens: (string | undefined)[] = [];
    const { api } = fakeApi({
      requestCode: (_phone, token) => (
        tokens.push(token),
        of({ sentTo: '+7 (***) ***-**-67', resendAfterSeconds: 60, expiresInSeconds: 300 })
      ),
      ...STEADY_VERSIONS,
    });
    const events = new Subject<EventEnvelope>();
    const sub = afterFirstPaint$()(events, new BehaviorSubject(signedOut()), fakeDeps(api).deps).subscribe();
    events.next(envelope({ type: 'CodeRequested', data: { phone: '+79991234567', captcha: CAPTCHA } }));
    await new Promise<void>((r) => setTimeout(r, 0));
    sub.unsubscribe();
    expect(asked).toEqual([CAPTCHA]);
    expect(tokens).toEqual(['shared-token']);
  });
});
