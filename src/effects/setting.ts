// Settings loading: SettingsRequested → GET /setting → ApplySettings, or ReportSettingsFailure
// (only logged, PRODUCT.md §8). A newer request replaces one in flight.
import { catchError, defer, map, of, switchMap, take } from 'rxjs';
import type { AppCommand } from '../commands';
import { describeError, failureMessage } from './apiErrors';
import type { Effect } from './deps';
import { eventsOf, ofType } from './operators';

export function settingsLoad$(): Effect {
  return (event$, _state$, deps) =>
    eventsOf(event$).pipe(
      ofType('SettingsRequested'),
      switchMap(() =>
        defer(() => deps.api.getSettings()).pipe(
          take(1),
          map((settings): AppCommand => ({ type: 'ApplySettings', data: { settings } })),
          catchError((error: unknown) => {
            deps.logger.warn('settings load failed', describeError(error));
            return of<AppCommand>({ type: 'ReportSettingsFailure', data: { message: failureMessage(error) } });
          }),
        ),
      ),
    );
}
