// One API call of an effect, answered by a command: the first answer is taken, and a failure is
// logged and turned into commands as the call's kind says (PRODUCT.md §8).
import { catchError, defer, from, map, take, type Observable } from 'rxjs';
import type { AppCommand } from '../commands';
import type { AppState } from '../projections/store';
import {
  apiFailureCommands,
  apiFailureCommandsIn,
  describeError,
  failureCommandsOrToast,
  failureStatus,
} from './apiErrors';
import type { EffectDeps } from './deps';

/** What every kind of call takes: the log's words for its failure, the request, the command its answer makes. */
type CallOf<T> = [failureText: string, request: () => Observable<T>, toCommand: (value: T) => AppCommand];

function call<T>(
  deps: EffectDeps,
  failureText: string,
  request: () => Observable<T>,
  toCommand: (value: T) => AppCommand,
  onFailure: (error: unknown) => AppCommand[],
): Observable<AppCommand> {
  return defer(request).pipe(
    take(1),
    map(toCommand),
    catchError((error: unknown) => {
      deps.logger.warn(failureText, describeError(error));
      return from(onFailure(error));
    }),
  );
}

/** A call whose failure is only logged: the customer is not told and no command follows. */
export function loggedCall<T>(deps: EffectDeps, ...what: CallOf<T>): Observable<AppCommand> {
  return call(deps, ...what, () => []);
}

/** A background load or refetch the customer is not told about: only a 401 acts, expiring the session. */
export function quietCall<T>(deps: EffectDeps, ...what: CallOf<T>): Observable<AppCommand> {
  return call(deps, ...what, (error) => (failureStatus(error) === 401 ? apiFailureCommands(error, true) : []));
}

/**
 * A change the customer asked for: a failure gives §8's commands, else the try-later toast.
 * `state` is the one the request was made in.
 */
export function customerCall<T>(deps: EffectDeps, state: AppState, ...what: CallOf<T>): Observable<AppCommand> {
  return call(deps, ...what, (error) => failureCommandsOrToast(error, state));
}

/**
 * A load whose failure the page shows: a failure gives `failed(error)`, and a 401 while signed in
 * also expires the session. `state` is the one the request was made in.
 */
export function reportedCall<T>(
  deps: EffectDeps,
  state: AppState,
  failureText: string,
  request: () => Observable<T>,
  toCommand: (value: T) => AppCommand,
  failed: (error: unknown) => AppCommand,
): Observable<AppCommand> {
  return call(deps, failureText, request, toCommand, (error) => [
    failed(error),
    ...(failureStatus(error) === 401 ? apiFailureCommandsIn(error, state) : []),
  ]);
}
