// A call the customer is not told about when it fails (PRODUCT.md §8: background loads and
// refetches): the failure is logged, and only a 401 acts, expiring the session.
import { catchError, defer, from, map, take, type Observable } from 'rxjs';
import type { AppCommand } from '../commands';
import { apiFailureCommands, describeError, failureStatus } from './apiErrors';
import type { EffectDeps } from './deps';

/** The first answer of `request` as a command; on failure, `failureText` in the log and nothing else but a 401's. */
export function quietCall<T>(
  deps: EffectDeps,
  failureText: string,
  request: () => Observable<T>,
  toCommand: (value: T) => AppCommand,
): Observable<AppCommand> {
  return defer(request).pipe(
    take(1),
    map(toCommand),
    catchError((error: unknown) => {
      deps.logger.warn(failureText, describeError(error));
      return from(failureStatus(error) === 401 ? apiFailureCommands(error, true) : []);
    }),
  );
}
