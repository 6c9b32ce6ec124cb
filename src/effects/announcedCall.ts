// A call whose start is a command of its own (StartQuote, StartPromoCalculation): the state shows
// it pending until the answer's command, or the failure's, replaces it.
import { catchError, concat, defer, from, map, of, take, type Observable, type ObservableInput } from 'rxjs';
import type { AppCommand } from '../commands';
import { describeError } from './apiErrors';
import type { EffectLogger } from './deps';

export interface AnnouncedCall<T> {
  start: AppCommand;
  call: () => ObservableInput<T>;
  answered: (answer: T) => AppCommand;
  /** Logged as a warning with the error when the call fails. */
  failureLog: string;
  failed: (error: unknown) => readonly AppCommand[];
}

/** `start`, then the first answer's command or, when the call fails, the failure's commands. */
export function announcedCall<T>(logger: EffectLogger, request: AnnouncedCall<T>): Observable<AppCommand> {
  const call = defer(request.call).pipe(
    take(1),
    map(request.answered),
    catchError((error: unknown) => {
      logger.warn(request.failureLog, describeError(error));
      return from(request.failed(error));
    }),
  );
  return concat(of(request.start), call);
}
