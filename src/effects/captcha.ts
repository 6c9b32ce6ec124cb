// The invisible bot check shared by sign-in (POST /auth/code) and checkout (POST /order): one
// runner (the browser's lives in ./captchaBrowser, loading its script on first use), and one
// way to get a token from it. Whether a check is needed is decided by the deciders and carried
// by the event (CodeRequested from the settings, OrderSubmitted from the quote).
import { catchError, defer, type Observable, of, take } from 'rxjs';
import type { CaptchaInfo } from '../api/contract/checkout';
import { describeError } from './apiErrors';
import type { EffectDeps } from './deps';

/** The invisible bot check: a token for the given site key (loads its script on first use). */
export interface CaptchaRunner {
  token(info: CaptchaInfo): Promise<string>;
}

/**
 * A token when a check is asked for and a runner is present, else null. PRODUCT.md §8: a widget that
 * fails to load or run is only logged; the request goes without a token and the server decides.
 */
export function captchaToken$(
  runner: CaptchaRunner | undefined,
  info: CaptchaInfo | null | undefined,
  deps: EffectDeps,
): Observable<string | null> {
  if (info === null || info === undefined || !info.required || runner === undefined) return of(null);
  return defer(() => runner.token(info)).pipe(
    take(1),
    catchError((error: unknown) => {
      deps.logger.warn('bot check failed', describeError(error));
      return of(null);
    }),
  );
}
