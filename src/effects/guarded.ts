// No error ends an effect: each inner stream turns its failures into commands, and should one
// still escape (a bug), `guarded` logs it and resubscribes that effect. Its own module so that the
// lazily loaded effect chunks guard each of their effects by name without importing ./index
// (which would bring every effect of the first load into them).
import { catchError, EMPTY, type Observable } from 'rxjs';
import type { AppCommand } from '../commands';
import type { Effect } from './deps';

/** How often `guarded` restarts one effect before giving up on it (a bug that throws at once would loop). */
export const MAX_EFFECT_RESTARTS = 10;

/**
 * Logs an escaped error and resubscribes the effect (NgRx's default), so one bug does not end
 * it; after MAX_EFFECT_RESTARTS restarts the effect is left stopped (logged) instead of looping.
 */
export function guarded(name: string, effect: Effect, maxRestarts: number = MAX_EFFECT_RESTARTS): Effect {
  return (event$, state$, deps) => {
    let restarts = 0;
    return effect(event$, state$, deps).pipe(
      catchError((error: unknown, caught: Observable<AppCommand>) => {
        if (restarts >= maxRestarts) {
          deps.logger.error(`effect ${name} failed ${restarts + 1} times and was stopped`, error);
          return EMPTY;
        }
        restarts += 1;
        deps.logger.error(`effect ${name} failed and was restarted`, error);
        return caught;
      }),
    );
  };
}
