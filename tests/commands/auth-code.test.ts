// SubmitCode and the server's sign-in code: the server sends 6 digits ('Код для входа: 123456',
// server/services/otp.ts CODE_LENGTH), so the client must let a 6-digit code through, and a code
// it refuses must say so in the auth modal instead of doing nothing.
import { describe, expect, it } from 'vitest';
import { CODE_LENGTH } from '../../server/services/otp';
import { TEXT_CODE_FORMAT } from '../../src/commands/signIn.decide';
import type { Settings } from '../../src/api/entities';
import { settings } from '../fixtures/settings';
import { app, ready } from './helpers';

/** Signed out, a code asked for +79991234567 and sent. */
function codeSent() {
  const requested = app
    .given(ready({ signedIn: false }))
    .when({ type: 'RequestCode', data: { phone: '+7 (999) 123-45-67' } })
    .outcome();
  return app
    .given(requested.history)
    .when({ type: 'ConfirmCodeSent', data: { phone: '+79991234567' } })
    .outcome().history;
}

describe('SubmitCode with the code the server sends', () => {
  it(`a ${CODE_LENGTH}-digit code from the SMS is submitted`, () => {
    const code = '0123456789'.slice(0, CODE_LENGTH);
    app
      .given(codeSent())
      .when({ type: 'SubmitCode', data: { code } })
      .then([{ type: 'CodeSubmitted', data: { phone: '+79991234567', code } }]);
  });

  it('a malformed code is rejected with a message the auth modal shows', () => {
    const { after } = app
      .given(codeSent())
      .when({ type: 'SubmitCode', data: { code: '12a' } })
      .then([{ type: 'CodeRejected', data: { reason: 'invalid-format' } }]);
    expect(after.auth.flow).toMatchObject({ status: 'codeSent', error: TEXT_CODE_FORMAT });
  });
});

describe('SubmitCode with the name and consents of the code step (PRODUCT.md §5 login)', () => {
  it('CodeSubmitted carries them so POST /auth/token can create the user', () => {
    const profile = {
      name: 'Алиса',
      personalData: true,
      PUSHNotifications: false,
      receiveAdvertisingInformation: true,
    };
    app
      .given(codeSent())
      .when({ type: 'SubmitCode', data: { code: '123456', profile } })
      .then([{ type: 'CodeSubmitted', data: { phone: '+79991234567', code: '123456', profile } }]);
  });
});

/** The settings with SmartCaptcha's public site key; `over` says whether every code asks for the check. */
const captchaSettings = (over: Partial<Settings>): Settings => ({
  ...settings,
  CAPTCHA_SITE_KEY: 'ysc1_site',
  CAPTCHA_PROVIDER: 'smartcaptcha',
  ...over,
});

describe('RequestCode and the bot check (an invisible captcha before a sign-in code)', () => {
  const withCaptcha = (over: Partial<Settings>): Settings => captchaSettings({ IS_WITHOUT_RECAPTCHA: false, ...over });
  const requested = (s: Settings) =>
    app
      .given(ready({ signedIn: false, settings: s }))
      .when({ type: 'RequestCode', data: { phone: '+7 (999) 123-45-67' } })
      .outcome().events;

  it('asks for a token with the public site key and the server’s provider when the check is on', () => {
    expect(requested(withCaptcha({}))).toEqual([
      {
        type: 'CodeRequested',
        data: { phone: '+79991234567', captcha: { required: true, provider: 'smartcaptcha', siteKey: 'ysc1_site' } },
      },
    ]);
    expect(requested(withCaptcha({ CAPTCHA_PROVIDER: 'recaptcha' }))[0]).toMatchObject({
      data: { captcha: { provider: 'recaptcha' } },
    });
  });

  it('no bot check when IS_WITHOUT_RECAPTCHA is set, without a site key, or when the server verifies nothing', () => {
    const none = [{ type: 'CodeRequested', data: { phone: '+79991234567' } }];
    expect(requested(withCaptcha({ IS_WITHOUT_RECAPTCHA: true }))).toEqual(none);
    expect(requested(withCaptcha({ CAPTCHA_SITE_KEY: '  ' }))).toEqual(none);
    expect(requested(withCaptcha({ CAPTCHA_PROVIDER: null }))).toEqual(none);
  });

  it("the server's refusal of the bot check is shown in the form and as a toast", () => {
    const { events, after } = app
      .given(ready({ signedIn: false }))
      .when({ type: 'ReportSignInFailure', data: { message: 'Подтвердите, что вы не робот' } })
      .outcome();
    expect(events).toContainEqual({
      type: 'ToastShown',
      data: { toast: { id: 'cmd', text: 'Подтвердите, что вы не робот', kind: 'error' } },
    });
    expect(after.auth.flow).toMatchObject({ error: 'Подтвердите, что вы не робот' });
  });
});

describe('ReportCaptchaRequired: the address has used up its budget of codes (server/services/otp.ts)', () => {
  const stepUpSettings = (over: Partial<Settings> = {}): Settings =>
    captchaSettings({ IS_WITHOUT_RECAPTCHA: true, ...over });
  const requesting = (s: Settings) =>
    app
      .given(ready({ signedIn: false, settings: s }))
      .when({ type: 'RequestCode', data: { phone: '+7 (999) 123-45-67' } })
      .then([{ type: 'CodeRequested', data: { phone: '+79991234567' } }]).history;
  const stepUp = {
    type: 'ReportCaptchaRequired',
    data: { phone: '+79991234567', message: 'Подтвердите, что вы не робот' },
  } as const;

  it('asks again with the bot check, even with IS_WITHOUT_RECAPTCHA set', () => {
    const { after } = app
      .given(requesting(stepUpSettings()))
      .when(stepUp)
      .then([
        {
          type: 'CodeRequested',
          data: { phone: '+79991234567', captcha: { required: true, provider: 'smartcaptcha', siteKey: 'ysc1_site' } },
        },
      ]);
    expect(after.auth.flow).toMatchObject({ status: 'requesting', phone: '+79991234567' });
  });

  it("shows 'Подтвердите, что вы не робот' in the form and as a toast when no check can run here (no site key, no provider)", () => {
    for (const over of [{ CAPTCHA_SITE_KEY: ' ' }, { CAPTCHA_PROVIDER: null }]) {
      const { events, after } = app
        .given(requesting(stepUpSettings(over)))
        .when(stepUp)
        .outcome();
      expect(events).toContainEqual({ type: 'SignInFailed', data: { message: 'Подтвердите, что вы не робот' } });
      expect(events).toContainEqual({
        type: 'ToastShown',
        data: { toast: { id: 'cmd', text: 'Подтвердите, что вы не робот', kind: 'error' } },
      });
      expect(after.auth.flow).toMatchObject({ error: 'Подтвердите, что вы не робот' });
    }
  });

  it('a late answer after the customer cancelled changes nothing', () => {
    const cancelled = app.given(requesting(stepUpSettings())).when({ type: 'CancelSignIn', data: {} }).outcome();
    app.given(cancelled.history).when(stepUp).thenNothing();
  });
});
