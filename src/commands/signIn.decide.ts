// auth: the sign-in flow's decider (code request, code, result, cancel) and its texts. Not part
// of the first load: it comes with the chunks that dispatch these commands (the auth modal, the
// sign-in effect) through ./signIn.provide. Only types from the schemas (auth.ts).
import type { CaptchaInfo } from '../api/contract/checkout';
import type { Settings } from '../api/entities';
import { PHONE_EMPTY_MESSAGE, validatePhone } from '../domain/phone';
import type { AppEvent } from '../events';
import type { AppState } from '../projections/store';
import type { SignInCommand } from './auth';
import { TEXT_SIGN_IN_FAILED } from './auth.decide';
import type { Meta } from './types';
import { toastShown } from './view.decide';

/** The SMS code: the server sends 6 digits (server/services/otp.ts); the earlier storefront sent 4. */
export const CODE_PATTERN = /^\d{4,8}$/;
/** Shown in the auth modal when the typed code is not a code at all. */
export const TEXT_CODE_FORMAT = 'Введите код из SMS';

type CaptchaSettings = Pick<Settings, 'IS_WITHOUT_RECAPTCHA' | 'CAPTCHA_SITE_KEY' | 'CAPTCHA_PROVIDER'>;

/**
 * The bot check the server asks for once an address has used up its budget of codes: whatever
 * IS_WITHOUT_RECAPTCHA says, none without a site key or when the server verifies nothing
 * (CAPTCHA_PROVIDER null).
 */
export function stepUpCaptcha(settings: CaptchaSettings | null): CaptchaInfo | null {
  if (settings === null) return null;
  const provider = settings.CAPTCHA_PROVIDER;
  const siteKey = settings.CAPTCHA_SITE_KEY.trim();
  if (provider === null || siteKey === '') return null;
  return { required: true, provider, siteKey };
}

/** The sign-in code's bot check on every send: the step-up one, unless IS_WITHOUT_RECAPTCHA. */
export function signInCaptcha(settings: CaptchaSettings | null): CaptchaInfo | null {
  return settings === null || settings.IS_WITHOUT_RECAPTCHA ? null : stepUpCaptcha(settings);
}

function signInFailed(message: string, state: AppState, meta: Meta): AppEvent[] {
  const text = message.trim() || TEXT_SIGN_IN_FAILED;
  // The open sign-in sheet shows it in its form; a toast only when it has been closed since.
  const authOpen = state.modal.stack.some((m) => m.kind === 'auth');
  const failed: AppEvent = { type: 'SignInFailed', data: { message: text } };
  return authOpen ? [failed] : [failed, toastShown(meta.id, text)];
}

export function decideSignIn(command: SignInCommand, state: AppState, meta: Meta): AppEvent[] {
  const flow = state.auth.flow;
  switch (command.type) {
    case 'RequestCode': {
      const v = validatePhone(command.data.phone);
      if (!v.ok) {
        const message = v.message === PHONE_EMPTY_MESSAGE ? 'Введите номер телефона' : 'Неверный формат телефона';
        // Only the sign-in sheet asks for a code, and it shows the message at the phone field; a
        // toast as well said it twice and, on a phone, covered 'Получить код'.
        return [{ type: 'PhoneRejected', data: { phone: command.data.phone, message } }];
      }
      if (flow.status === 'requesting' && flow.phone === v.phone) return [];
      const captcha = signInCaptcha(state.setting.settings);
      return [{ type: 'CodeRequested', data: captcha === null ? { phone: v.phone } : { phone: v.phone, captcha } }];
    }
    case 'ConfirmCodeSent':
      return [{ type: 'CodeSent', data: { phone: command.data.phone, at: meta.now } }];
    case 'SubmitCode': {
      if (flow.status !== 'codeSent') return [{ type: 'CodeRejected', data: { reason: 'no-code-requested' } }];
      const code = command.data.code.trim();
      if (!CODE_PATTERN.test(code)) return [{ type: 'CodeRejected', data: { reason: 'invalid-format' } }];
      const profile = command.data.profile;
      return [
        {
          type: 'CodeSubmitted',
          data: profile === undefined ? { phone: flow.phone, code } : { phone: flow.phone, code, profile },
        },
      ];
    }
    case 'CompleteSignIn': {
      const { token, user } = command.data;
      if (state.auth.token === token && JSON.stringify(state.user.profile) === JSON.stringify(user)) return [];
      return [{ type: 'SignedIn', data: { token, user } }];
    }
    case 'ReportSignInFailure':
      return signInFailed(command.data.message, state, meta);
    case 'ReportCaptchaRequired': {
      const { phone } = command.data;
      // A late answer for a request the customer has left (cancelled, or another phone) changes nothing.
      if (flow.status !== 'requesting' || flow.phone !== phone) return [];
      const captcha = stepUpCaptcha(state.setting.settings);
      return captcha === null
        ? signInFailed(command.data.message, state, meta)
        : [{ type: 'CodeRequested', data: { phone, captcha } }];
    }
    case 'CancelSignIn': {
      const authOpen = state.modal.stack.some((m) => m.kind === 'auth');
      return flow.status === 'idle' && flow.error === null && !authOpen ? [] : [{ type: 'SignInCancelled', data: {} }];
    }
    default: {
      const unreachable: never = command;
      throw new Error(`unknown sign-in command ${JSON.stringify(unreachable)}`);
    }
  }
}
