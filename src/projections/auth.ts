// Auth projection: the bearer token and the sign-in flow.
import { produce, type Draft } from 'immer';
import type { AppEvent } from '../events';
import { applyCase, type CaseReducers } from './define';

export type AuthFlow =
  | { status: 'idle'; error: string | null }
  | { status: 'requesting'; phone: string }
  | { status: 'codeSent'; phone: string; sentAt: string; error: string | null }
  | { status: 'verifying'; phone: string; sentAt: string };

export type AuthState = { token: string | null; flow: AuthFlow };
export const initialAuth: AuthState = { token: null, flow: { status: 'idle', error: null } };

export const authReducers: CaseReducers<AuthState> = {
  CodeRequested: (d, e) => void (d.flow = { status: 'requesting', phone: e.data.phone }),
  PhoneRejected: (d, e) => void (d.flow = { status: 'idle', error: e.data.message }),
  CodeSent: (d, e) => void (d.flow = { status: 'codeSent', phone: e.data.phone, sentAt: e.data.at, error: null }),
  CodeSubmitted: (d, e) => {
    const sentAt = d.flow.status === 'codeSent' ? d.flow.sentAt : '';
    d.flow = { status: 'verifying', phone: e.data.phone, sentAt };
  },
  CodeRejected: (d, e) => {
    // TEXT_CODE_FORMAT of commands/signIn.decide (not imported: projections do not depend on deciders)
    if (d.flow.status === 'codeSent' && e.data.reason === 'invalid-format') d.flow.error = 'Введите код из SMS';
  },
  SignInFailed: (d, e) => {
    if (d.flow.status === 'verifying' || d.flow.status === 'codeSent') {
      d.flow = { status: 'codeSent', phone: d.flow.phone, sentAt: d.flow.sentAt, error: e.data.message };
    } else {
      d.flow = { status: 'idle', error: e.data.message };
    }
  },
  SignInCancelled: (d) => void (d.flow = { status: 'idle', error: null }),
  SignedIn: (d, e) => {
    d.token = e.data.token;
    d.flow = { status: 'idle', error: null };
  },
  LoggedOut: (d) => {
    d.token = null;
    d.flow = { status: 'idle', error: null };
  },
};

export function applyAuth(draft: Draft<AuthState>, event: AppEvent): void {
  applyCase(authReducers, draft, event);
}
export function evolveAuth(state: AuthState, event: AppEvent): AuthState {
  return produce(state, (d) => applyAuth(d, event));
}
