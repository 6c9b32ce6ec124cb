// Sign-in by SMS code and the signed-in user's data (PRODUCT.md §4 User, §5, §8).
import { BehaviorSubject, filter, firstValueFrom, NEVER, of, throwError } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/api/client';
import type { CaptchaInfo } from '../../src/api/contract/checkout';
import type { Address, LastOrder, Settings } from '../../src/api/entities';
import { createStore } from '../../src/commands/bus';
import { decide } from '../../src/commands/decide';
import { runEffects } from '../../src/effects';
import { settings } from '../fixtures/settings';
import { savedAddress } from '../fixtures/address';
import { readyState } from '../fixtures/state';
import type { RequestCodeAnswer, SignInAnswer } from '../../src/api/storefrontApi';
import type { AppCommand } from '../../src/commands';
import { signIn$ } from '../../src/effects/auth';
import type { CaptchaRunner } from '../../src/effects/captcha';
import type { EventEnvelope } from '../../src/effects/deps';
import type { AppState } from '../../src/projections/store';
import { envelope, failsThenRecovers, failure, fakeApi, fakeDeps } from './helpers';
import { signedIn, signedOut, TOKEN, USER } from './state';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const PHONE = '+79991234567';
const SENT: RequestCodeAnswer = { sentTo: '+7 (***) ***-**-67', resendAfterSeconds: 60, expiresInSeconds: 300 };
const ADDRESS: Address = savedAddress();
const LAST: LastOrder = { products: [] };

describe('sign-in effect', () => {
  it('CodeRequested → POST /auth/code → ConfirmCodeSent; a failure → ReportSignInFailure with the server message', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const requested = envelope({ type: 'CodeRequested', data: { phone: PHONE } });
      const { event$, answer } = failsThenRecovers(
        { hot, cold },
        requested,
        failure(429, 'Повторите через 60 секунд'),
        SENT,
      );
      const { api } = fakeApi({ requestCode: answer });
      const result = signIn$()(event$, new BehaviorSubject(signedOut()), fakeDeps(api).deps);
      expectObservable(result, '^ 1s !').toBe('5ms f 9ms c', {
        f: { type: 'ReportSignInFailure', data: { message: 'Повторите через 60 секунд' } },
        c: { type: 'ConfirmCodeSent', data: { phone: PHONE } },
      });
    });
  });

  it("CodeSubmitted → POST /auth/token → CompleteSignIn; a network failure says 'Произошла ошибка. Попробуйте позже.'", () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }) => {
      const submitted = envelope({ type: 'CodeSubmitted', data: { phone: PHONE, code: '1234' } });
      const signedInAnswer: SignInAnswer = { token: TOKEN, user: USER };
      const { event$, answer } = failsThenRecovers({ hot, cold }, submitted, failure(0), signedInAnswer);
      const { api, calls } = fakeApi({ signIn: answer });
      const result = signIn$()(event$, new BehaviorSubject(signedOut()), fakeDeps(api).deps);
      expectObservable(result, '^ 1s !').toBe('5ms f 9ms c', {
        f: { type: 'ReportSignInFailure', data: { message: 'Произошла ошибка. Попробуйте позже.' } },
        c: { type: 'CompleteSignIn', data: { token: TOKEN, user: USER } },
      });
      flush();
      expect(calls[0]).toEqual({ method: 'signIn', args: [{ phone: PHONE, code: '1234' }] });
    });
  });

  it('once signed in, loads addresses, likes, last order and balance (also for a restored session)', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      const { api } = fakeApi({
        getAddresses: () => cold('5ms a|', { a: [ADDRESS] }),
        getLikes: () => cold('6ms l|', { l: ['p1'] }),
        getLastOrder: () => cold('7ms o|', { o: LAST }),
        getBalance: () => cold('8ms b|', { b: 900 }),
      });
      // Signed out, then signed in at 10 ms; the same user again changes nothing.
      const state$ = hot<AppState>('s 9ms i 9ms j', {
        s: signedOut(),
        i: signedIn(),
        j: signedIn([{ type: 'BalanceLoaded', data: { balance: 1 } }]),
      });
      expectObservable(signIn$()(NEVER, state$, fakeDeps(api).deps), '^ 1s !').toBe('15ms a l o b', {
        a: { type: 'ApplyAddresses', data: { addresses: [ADDRESS] } },
        l: { type: 'ApplyLikes', data: { productIds: ['p1'] } },
        o: { type: 'ApplyLastOrder', data: { lastOrder: LAST } },
        b: { type: 'ApplyBalance', data: { balance: 900 } },
      });
    });
  });

  it('user data failures are only logged; a 401 expires the session', () => {
    newScheduler().run(({ cold, expectObservable, flush }) => {
      const { api } = fakeApi({
        getAddresses: () => cold('5ms #', undefined, failure(500)),
        getLikes: () => cold('5ms #', undefined, failure(401)),
        getLastOrder: () => cold('5ms #', undefined, failure(403)),
        getBalance: () => of(10),
      });
      const { deps, recorded } = fakeDeps(api);
      const expired: AppCommand = { type: 'ExpireSession', data: {} };
      expectObservable(signIn$()(NEVER, new BehaviorSubject(signedIn()), deps), '^ 1s !').toBe('b 4ms x', {
        b: { type: 'ApplyBalance', data: { balance: 10 } },
        x: expired,
      });
      flush();
      expect(recorded.warnings).toEqual(['addresses load failed', 'likes load failed', 'last order load failed']);
    });
  });
});

describe('the bot check before a sign-in code', () => {
  const CAPTCHA: CaptchaInfo = { required: true, provider: 'smartcaptcha', siteKey: 'ysc1_site' };
  const requested = (captcha?: CaptchaInfo) =>
    envelope({ type: 'CodeRequested', data: captcha === undefined ? { phone: PHONE } : { phone: PHONE, captcha } });
  const firstCommand = (
    event: EventEnvelope,
    runner: CaptchaRunner,
    api: ReturnType<typeof fakeApi>['api'],
    deps = fakeDeps(api).deps,
  ) => firstValueFrom(signIn$({ captcha: runner })(new BehaviorSubject(event), new BehaviorSubject(signedOut()), deps));

  it('runs the invisible check with the public site key and sends its token with POST /auth/code', async () => {
    const asked: CaptchaInfo[] = [];
    const runner: CaptchaRunner = { token: async (info) => (asked.push(info), 'human-token') };
    const { api, calls } = fakeApi({ requestCode: () => of(SENT) });
    expect(await firstCommand(requested(CAPTCHA), runner, api)).toEqual({
      type: 'ConfirmCodeSent',
      data: { phone: PHONE },
    });
    expect(asked).toEqual([CAPTCHA]);
    expect(calls).toEqual([{ method: 'requestCode', args: [PHONE, 'human-token'] }]);
  });

  it('no check asked for (IS_WITHOUT_RECAPTCHA): the widget is not loaded and no token is sent', async () => {
    const asked: CaptchaInfo[] = [];
    const runner: CaptchaRunner = { token: async (info) => (asked.push(info), 'never') };
    const { api, calls } = fakeApi({ requestCode: () => of(SENT) });
    expect(await firstCommand(requested(), runner, api)).toEqual({ type: 'ConfirmCodeSent', data: { phone: PHONE } });
    expect(asked).toEqual([]);
    expect(calls).toEqual([{ method: 'requestCode', args: [PHONE, undefined] }]);
  });

  it("a widget that fails is only logged (PRODUCT.md §8); the server's refusal is reported for the toast", async () => {
    const runner: CaptchaRunner = { token: () => Promise.reject(new Error('script failed to load')) };
    const { api, calls } = fakeApi({
      requestCode: () => throwError(() => new ApiFailure(422, 'Подтвердите, что вы не робот', 'captcha-required')),
    });
    const { deps, recorded } = fakeDeps(api);
    expect(await firstCommand(requested(CAPTCHA), runner, api, deps)).toEqual({
      type: 'ReportSignInFailure',
      data: { message: 'Подтвердите, что вы не робот' },
    });
    expect(calls).toEqual([{ method: 'requestCode', args: [PHONE, undefined] }]);
    expect(recorded.warnings).toEqual(['bot check failed', 'sign-in code request failed']);
  });

  it('past the address budget: a send without a check is stepped up once (ReportCaptchaRequired); one that had a check is not', async () => {
    const asked = () => throwError(() => new ApiFailure(422, 'Подтвердите, что вы не робот', 'captcha-required'));
    const runner: CaptchaRunner = { token: async () => 'never' };
    const { api } = fakeApi({ requestCode: asked });
    expect(await firstCommand(requested(), runner, api)).toEqual({
      type: 'ReportCaptchaRequired',
      data: { phone: PHONE, message: 'Подтвердите, что вы не робот' },
    });
    expect(await firstCommand(requested(CAPTCHA), runner, api)).toEqual({
      type: 'ReportSignInFailure',
      data: { message: 'Подтвердите, что вы не робот' },
    });
    // The budget's plain refusal (no captcha configured) is shown as it is.
    const { api: refusing } = fakeApi({
      requestCode: () =>
        throwError(
          () =>
            new ApiFailure(429, 'Слишком много запросов кода из вашей сети. Попробуйте через 5 мин', 'rate-limited'),
        ),
    });
    expect(await firstCommand(requested(), runner, refusing)).toEqual({
      type: 'ReportSignInFailure',
      data: { message: 'Слишком много запросов кода из вашей сети. Попробуйте через 5 мин' },
    });
  });

  it('through the real store: asked for the check, the customer solves it and the code is sent with its token', async () => {
    const settingsWithKey: Settings = {
      ...settings,
      IS_WITHOUT_RECAPTCHA: true,
      CAPTCHA_SITE_KEY: 'ysc1_site',
      CAPTCHA_PROVIDER: 'smartcaptcha',
    };
    const answers = [
      () => throwError(() => new ApiFailure(422, 'Подтвердите, что вы не робот', 'captcha-required')),
      () => of(SENT),
    ];
    const { api, calls } = fakeApi({ requestCode: () => (answers.shift() ?? (() => NEVER))() });
    const asked: CaptchaInfo[] = [];
    const runner: CaptchaRunner = { token: async (info) => (asked.push(info), 'human-token') };
    let id = 0;
    const store = createStore({
      decide,
      initial: readyState({ signedIn: false, settings: settingsWithKey }),
      deps: { now: () => '2026-11-23T09:00:00.000Z', newId: () => `c${++id}` },
    });
    const sub = runEffects(store, fakeDeps(api).deps, signIn$({ captcha: runner }));
    try {
      store.dispatch({ type: 'RequestCode', data: { phone: '+7 (999) 123-45-67' } });
      await firstValueFrom(store.state$.pipe(filter((s) => s.auth.flow.status === 'codeSent')));
    } finally {
      sub.unsubscribe();
    }
    expect(asked).toEqual([CAPTCHA]);
    expect(calls).toEqual([
      { method: 'requestCode', args: [PHONE, undefined] },
      { method: 'requestCode', args: [PHONE, 'human-token'] },
    ]);
    expect(store.getState().view.toasts).toEqual([]);
  });
});
