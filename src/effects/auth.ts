// Sign-in by phone and SMS code, and loading a signed-in user's data (PRODUCT.md §4, §5, §8).
// See docs/ARCHITECTURE.md «Checkout, sign-in and profile effects».
import { catchError, defer, distinctUntilChanged, EMPTY, map, merge, of, switchMap, take, type Observable } from 'rxjs';
import { ApiFailure } from '../api/client';
import { CAPTCHA_REQUIRED_CODE } from '../api/contract/authCodes';
import type { AppCommand } from '../commands';
import { captchaToken$, type CaptchaRunner } from './captcha';
import { selectIsSignedIn, type AppState } from '../projections/store';
import { describeError, failureMessage } from './apiErrors';
import type { Effect, EffectDeps } from './deps';
import { eventsOf, ofType } from './operators';
import { quietCall } from './calls';
import { loadAddresses } from './address';
import { loadBalance } from './balance';

const signInFailure = (error: unknown): AppCommand => ({
  type: 'ReportSignInFailure',
  data: { message: failureMessage(error) },
});

type SignedInUser = { userId: string; phone: string; token: string };

function signedInUser(state: AppState): SignedInUser | null {
  const profile = state.user.profile;
  const token = state.auth.token;
  if (!selectIsSignedIn(state) || profile === null || token === null) return null;
  return { userId: profile.id, phone: profile.phone, token };
}

const sameUser = (a: SignedInUser | null, b: SignedInUser | null): boolean =>
  a === b || (a !== null && b !== null && a.userId === b.userId && a.phone === b.phone && a.token === b.token);

/** Addresses, likes, last order and balance of the signed-in user. */
export function loadUserData(deps: EffectDeps, user: SignedInUser): Observable<AppCommand> {
  return merge(
    loadAddresses(deps, user.userId, 'addresses load failed'),
    quietCall(
      deps,
      'likes load failed',
      () => deps.api.getLikes(user.userId),
      (productIds) => ({ type: 'ApplyLikes', data: { productIds } }),
    ),
    quietCall(
      deps,
      'last order load failed',
      () => deps.api.getLastOrder(user.userId),
      (lastOrder) => ({ type: 'ApplyLastOrder', data: { lastOrder } }),
    ),
    loadBalance(deps, user.phone, 'balance load failed'),
  );
}

export type SignInEffectOptions = {
  /** The bot check (the browser's runner, shared with checkout); none: no token is ever sent. */
  captcha?: CaptchaRunner;
};

export function signIn$(options: SignInEffectOptions = {}): Effect {
  return (event$, state$, deps) => {
    const events$ = eventsOf(event$);
    const codeRequests$ = events$.pipe(
      ofType('CodeRequested'),
      switchMap((e) =>
        captchaToken$(options.captcha, e.data.captcha, deps).pipe(
          switchMap((token) => deps.api.requestCode(e.data.phone, token ?? undefined).pipe(take(1))),
          map((): AppCommand => ({ type: 'ConfirmCodeSent', data: { phone: e.data.phone } })),
          catchError((error: unknown) => {
            deps.logger.warn('sign-in code request failed', describeError(error));
            if (e.data.captcha === undefined && error instanceof ApiFailure && error.code === CAPTCHA_REQUIRED_CODE) {
              return of<AppCommand>({
                type: 'ReportCaptchaRequired',
                data: { phone: e.data.phone, message: failureMessage(error) },
              });
            }
            return of(signInFailure(error));
          }),
        ),
      ),
    );
    const codeChecks$ = events$.pipe(
      ofType('CodeSubmitted'),
      switchMap((e) =>
        defer(() => deps.api.signIn({ phone: e.data.phone, code: e.data.code, ...e.data.profile })).pipe(
          take(1),
          map((answer): AppCommand => ({ type: 'CompleteSignIn', data: { token: answer.token, user: answer.user } })),
          catchError((error: unknown) => {
            deps.logger.warn('sign-in failed', describeError(error));
            return of(signInFailure(error));
          }),
        ),
      ),
    );
    const userData$ = state$.pipe(
      map(signedInUser),
      distinctUntilChanged(sameUser),
      switchMap((user) => (user === null ? EMPTY : loadUserData(deps, user))),
    );
    return merge(codeRequests$, codeChecks$, userData$);
  };
}
