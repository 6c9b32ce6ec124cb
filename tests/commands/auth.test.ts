// Auth decider: phone validation (PRODUCT.md §5), the code flow, logout and 401 (PRODUCT.md §4 User, §8).
import { describe, expect, it } from 'vitest';
import { TEXT_SESSION_EXPIRED } from '../../src/commands/auth.decide';
import { selectCurrentModal } from '../../src/projections/modal';
import { initialCart } from '../../src/projections/cart';
import { PRODUCT } from '../fixtures/catalog';
import { savedAddress } from '../fixtures/address';
import { TOKEN, USER } from '../fixtures/state';
import { app, history, ready } from './helpers';

describe('RequestCode (PRODUCT.md §5 phone)', () => {
  it("an empty phone: PhoneRejected 'Введите номер телефона', shown at the field only (no toast over the sheet)", () => {
    const { after } = app
      .given(ready({ signedIn: false }))
      .when({ type: 'RequestCode', data: { phone: '  ' } })
      .then([{ type: 'PhoneRejected', data: { phone: '  ', message: 'Введите номер телефона' } }]);
    expect(after.auth.flow).toEqual({ status: 'idle', error: 'Введите номер телефона' });
  });

  it("a short phone: 'Неверный формат телефона', no toast", () => {
    app
      .given(ready({ signedIn: false }))
      .when({ type: 'RequestCode', data: { phone: '8 999 123' } })
      .then([{ type: 'PhoneRejected', data: { phone: '8 999 123', message: 'Неверный формат телефона' } }]);
  });

  it('a valid phone is normalised to +7 and 10 digits; the code flow ends in SignedIn', () => {
    const requested = app
      .given(ready({ signedIn: false }))
      .when({ type: 'RequestCode', data: { phone: '8 (999) 123-45-67' } })
      .then([{ type: 'CodeRequested', data: { phone: '+79991234567' } }]);
    const sent = app
      .given(requested.history)
      .when({ type: 'ConfirmCodeSent', data: { phone: '+79991234567' } })
      .then([{ type: 'CodeSent', data: { phone: '+79991234567', at: '2026-11-23T06:00:00.000Z' } }]);
    app
      .given(sent.history)
      .when({ type: 'SubmitCode', data: { code: '12a4' } })
      .then([{ type: 'CodeRejected', data: { reason: 'invalid-format' } }]);
    const submitted = app
      .given(sent.history)
      .when({ type: 'SubmitCode', data: { code: '1234' } })
      .then([{ type: 'CodeSubmitted', data: { phone: '+79991234567', code: '1234' } }]);
    const signed = app
      .given(submitted.history)
      .when({ type: 'CompleteSignIn', data: { token: TOKEN, user: USER } })
      .then([{ type: 'SignedIn', data: { token: TOKEN, user: USER } }]);
    expect(signed.after.auth).toEqual({ token: TOKEN, flow: { status: 'idle', error: null } });
    expect(signed.after.user.profile).toEqual(USER);
  });

  it('SubmitCode without a requested code is rejected', () => {
    app
      .given(ready({ signedIn: false }))
      .when({ type: 'SubmitCode', data: { code: '1234' } })
      .then([{ type: 'CodeRejected', data: { reason: 'no-code-requested' } }]);
  });

  it("a failed sign-in shows the server's message or 'Произошла ошибка. Попробуйте позже.'", () => {
    app
      .given(ready())
      .when({ type: 'ReportSignInFailure', data: { message: '' } })
      .then([
        { type: 'SignInFailed', data: { message: 'Произошла ошибка. Попробуйте позже.' } },
        {
          type: 'ToastShown',
          data: { toast: { id: 'cmd', text: 'Произошла ошибка. Попробуйте позже.', kind: 'error' } },
        },
      ]);
  });

  it('a failed sign-in while the sign-in sheet is open is shown there only, not as a toast too', () => {
    app
      .given(history(ready({ signedIn: false }), [{ type: 'OpenModal', data: { modal: { kind: 'auth' } } }]))
      .when({ type: 'ReportSignInFailure', data: { message: 'Слишком много попыток' } })
      .then([{ type: 'SignInFailed', data: { message: 'Слишком много попыток' } }]);
  });
});

describe('Logout (PRODUCT.md §4 User)', () => {
  it('resets user, address, cart and auth state', () => {
    const given = history(ready(), [
      { type: 'AddItem', data: { productId: PRODUCT.phila } },
      { type: 'ApplyAddresses', data: { addresses: [savedAddress()] } },
      { type: 'ApplyLikes', data: { productIds: [PRODUCT.phila] } },
      { type: 'LoadOrderHistory', data: {} },
      { type: 'ApplyOrderHistory', data: { phone: USER.phone, orders: [] } },
      {
        type: 'ApplyRatings',
        data: {
          userId: USER.id,
          ratings: [{ orderId: 'o1', score: 5, tags: [], comment: '', createdAt: '2026-11-20T07:00:00.000Z' }],
          prompts: [],
        },
      },
    ]);
    const {
      before,
      after,
      history: loggedOut,
    } = app
      .given(given)
      .when({ type: 'Logout', data: {} })
      .then([{ type: 'LoggedOut', data: { reason: 'user' } }]);
    expect(before.user.history.status).toBe('loaded');
    expect(after.cart).toEqual(initialCart);
    expect(before.user.ratings.status).toBe('loaded');
    expect(after.user).toEqual({
      profile: null,
      lastOrder: null,
      history: { status: 'idle', orders: [] },
      ratings: { status: 'idle', byOrder: {}, prompts: [], forms: {} },
    });
    expect(after.address).toEqual({ status: 'idle', list: [], selectedId: null });
    expect(after.auth.token).toBeNull();
    expect(after.catalog.catalog?.products.some((p) => p.isLiked)).toBe(false);
    app.given(loggedOut).when({ type: 'Logout', data: {} }).thenNothing();
  });

  it('a 401 while signed in logs out with the session-expired toast; signed out it is a no-op', () => {
    const { after, history: expired } = app
      .given(ready())
      .when({ type: 'ExpireSession', data: {} })
      .then([
        { type: 'SessionExpired', data: {} },
        { type: 'LoggedOut', data: { reason: 'session-expired' } },
        { type: 'ToastShown', data: { toast: { id: 'cmd', text: TEXT_SESSION_EXPIRED, kind: 'error' } } },
      ]);
    expect(TEXT_SESSION_EXPIRED).toBe(
      'Ваша сессия авторизации истекла. Пожалуйста, перелогиньтесь для продолжения работы.',
    );
    expect(after.auth.token).toBeNull();
    app.given(expired).when({ type: 'ExpireSession', data: {} }).thenNothing();
  });

  it('SignedIn closes the auth modal', () => {
    const { before, after } = app
      .given(history(ready({ signedIn: false }), [{ type: 'AddItem', data: { productId: PRODUCT.phila } }]))
      .when({ type: 'CompleteSignIn', data: { token: TOKEN, user: USER } })
      .outcome();
    expect(selectCurrentModal(before.modal)).toEqual({ kind: 'auth' });
    expect(selectCurrentModal(after.modal)).toBeNull();
  });
});
