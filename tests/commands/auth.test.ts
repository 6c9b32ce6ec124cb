// Auth decider: phone validation (SPEC §5), the code flow, logout and 401 (SPEC §4 User, §8).
import { describe, expect, it } from 'vitest';
import { TEXT_SESSION_EXPIRED } from '../../src/commands/auth.decide';
import { selectCurrentModal } from '../../src/projections/modal';
import { initialCart } from '../../src/projections/cart';
import { PRODUCT } from '../fixtures/catalog';
import { TOKEN, USER } from '../fixtures/state';
import { run, when } from './helpers';

describe('RequestCode (SPEC §5 phone)', () => {
  it("an empty phone: PhoneRejected 'Введите номер телефона', shown at the field only (no toast over the sheet)", () => {
    const { events, after } = when({ type: 'RequestCode', data: { phone: '  ' } }, { ready: { signedIn: false } });
    expect(events).toEqual([{ type: 'PhoneRejected', data: { phone: '  ', message: 'Введите номер телефона' } }]);
    expect(after.auth.flow).toEqual({ status: 'idle', error: 'Введите номер телефона' });
  });

  it("a short phone: 'Неверный формат телефона', no toast", () => {
    const { events } = when({ type: 'RequestCode', data: { phone: '8 999 123' } }, { ready: { signedIn: false } });
    expect(events).toEqual([
      { type: 'PhoneRejected', data: { phone: '8 999 123', message: 'Неверный формат телефона' } },
    ]);
  });

  it('a valid phone is normalised to +7 and 10 digits; the code flow ends in SignedIn', () => {
    const s0 = run([], { ready: { signedIn: false } });
    const requested = when({ type: 'RequestCode', data: { phone: '8 (999) 123-45-67' } }, { state: s0 });
    expect(requested.events).toEqual([{ type: 'CodeRequested', data: { phone: '+79991234567' } }]);
    const sent = when({ type: 'ConfirmCodeSent', data: { phone: '+79991234567' } }, { state: requested.after });
    expect(sent.events).toEqual([
      { type: 'CodeSent', data: { phone: '+79991234567', at: '2026-11-23T06:00:00.000Z' } },
    ]);
    expect(when({ type: 'SubmitCode', data: { code: '12a4' } }, { state: sent.after }).events).toEqual([
      { type: 'CodeRejected', data: { reason: 'invalid-format' } },
    ]);
    const submitted = when({ type: 'SubmitCode', data: { code: '1234' } }, { state: sent.after });
    expect(submitted.events).toEqual([{ type: 'CodeSubmitted', data: { phone: '+79991234567', code: '1234' } }]);
    const signed = when({ type: 'CompleteSignIn', data: { token: TOKEN, user: USER } }, { state: submitted.after });
    expect(signed.events).toEqual([{ type: 'SignedIn', data: { token: TOKEN, user: USER } }]);
    expect(signed.after.auth).toEqual({ token: TOKEN, flow: { status: 'idle', error: null } });
    expect(signed.after.user.profile).toEqual(USER);
  });

  it('SubmitCode without a requested code is rejected', () => {
    expect(when({ type: 'SubmitCode', data: { code: '1234' } }, { ready: { signedIn: false } }).events).toEqual([
      { type: 'CodeRejected', data: { reason: 'no-code-requested' } },
    ]);
  });

  it("a failed sign-in shows the server's message or 'Произошла ошибка. Попробуйте позже.'", () => {
    expect(when({ type: 'ReportSignInFailure', data: { message: '' } }).events).toEqual([
      { type: 'SignInFailed', data: { message: 'Произошла ошибка. Попробуйте позже.' } },
      {
        type: 'ToastShown',
        data: { toast: { id: 'cmd', text: 'Произошла ошибка. Попробуйте позже.', kind: 'error' } },
      },
    ]);
  });

  it('a failed sign-in while the sign-in sheet is open is shown there only, not as a toast too', () => {
    const open = run([{ type: 'OpenModal', data: { modal: { kind: 'auth' } } }], { ready: { signedIn: false } });
    expect(
      when({ type: 'ReportSignInFailure', data: { message: 'Слишком много попыток' } }, { state: open }).events,
    ).toEqual([{ type: 'SignInFailed', data: { message: 'Слишком много попыток' } }]);
  });
});

describe('Logout (SPEC §4 User)', () => {
  it('resets user, address, cart and auth state', () => {
    const s = run([
      { type: 'AddItem', data: { productId: PRODUCT.phila } },
      {
        type: 'ApplyAddresses',
        data: {
          addresses: [
            {
              id: 'a1',
              userId: USER.id,
              city: 'Ангарск',
              street: 'Ленина',
              home: '1',
              apartment: null,
              entrance: null,
              floor: null,
              intercom: null,
              comment: null,
              location: null,
            },
          ],
        },
      },
      { type: 'ApplyLikes', data: { productIds: [PRODUCT.phila] } },
      { type: 'LoadOrderHistory', data: {} },
      { type: 'ApplyOrderHistory', data: { phone: USER.phone, orders: [] } },
    ]);
    expect(s.user.history.status).toBe('loaded');
    const { events, after } = when({ type: 'Logout', data: {} }, { state: s });
    expect(events).toEqual([{ type: 'LoggedOut', data: { reason: 'user' } }]);
    expect(after.cart).toEqual(initialCart);
    expect(after.user).toEqual({ profile: null, lastOrder: null, history: { status: 'idle', orders: [] } });
    expect(after.address).toEqual({ status: 'idle', list: [], selectedId: null });
    expect(after.auth.token).toBeNull();
    expect(after.catalog.catalog?.products.some((p) => p.isLiked)).toBe(false);
    expect(when({ type: 'Logout', data: {} }, { state: after }).events).toEqual([]);
  });

  it('a 401 while signed in logs out with the session-expired toast; signed out it is a no-op', () => {
    const { events, after } = when({ type: 'ExpireSession', data: {} });
    expect(events).toEqual([
      { type: 'SessionExpired', data: {} },
      { type: 'LoggedOut', data: { reason: 'session-expired' } },
      { type: 'ToastShown', data: { toast: { id: 'cmd', text: TEXT_SESSION_EXPIRED, kind: 'error' } } },
    ]);
    expect(TEXT_SESSION_EXPIRED).toBe(
      'Ваша сессия авторизации истекла. Пожалуйста, перелогиньтесь для продолжения работы.',
    );
    expect(after.auth.token).toBeNull();
    expect(when({ type: 'ExpireSession', data: {} }, { state: after }).events).toEqual([]);
  });

  it('SignedIn closes the auth modal', () => {
    const s = run([{ type: 'AddItem', data: { productId: PRODUCT.phila } }], { ready: { signedIn: false } });
    expect(selectCurrentModal(s.modal)).toEqual({ kind: 'auth' });
    const { after } = when({ type: 'CompleteSignIn', data: { token: TOKEN, user: USER } }, { state: s });
    expect(selectCurrentModal(after.modal)).toBeNull();
  });
});
