// auth: the session's decider (Logout, ExpireSession) and the texts the first load needs. The
// sign-in flow's decider is signIn.decide.ts: it comes with the chunks that dispatch its
// commands, whereas a 401 can end the session from any request (effects/apiErrors). Only types
// from the schemas (auth.ts): the first load runs it without them.
import type { AppEvent } from '../events';
import type { AppState } from '../projections/store';
import type { SessionCommand } from './auth';
import type { Meta } from './types';
import { toastShown } from './view.decide';

/** PRODUCT.md §8: 401 while signed in. */
export const TEXT_SESSION_EXPIRED =
  'Ваша сессия авторизации истекла. Пожалуйста, перелогиньтесь для продолжения работы.';
/** PRODUCT.md §5/§8 generic sign-in failure; also the API errors' "try later" (effects/apiErrors). */
export const TEXT_SIGN_IN_FAILED = 'Произошла ошибка. Попробуйте позже.';

export function decideSession(command: SessionCommand, state: AppState, meta: Meta): AppEvent[] {
  switch (command.type) {
    case 'Logout':
      return state.auth.token === null && state.user.profile === null
        ? []
        : [{ type: 'LoggedOut', data: { reason: 'user' } }];
    case 'ExpireSession':
      if (state.auth.token === null) return [];
      return [
        { type: 'SessionExpired', data: {} },
        { type: 'LoggedOut', data: { reason: 'session-expired' } },
        toastShown(meta.id, TEXT_SESSION_EXPIRED),
      ];
    default: {
      const unreachable: never = command;
      throw new Error(`unknown session command ${JSON.stringify(unreachable)}`);
    }
  }
}
