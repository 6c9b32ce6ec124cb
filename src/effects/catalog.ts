// Catalogue loading and cart validation (PRODUCT.md §4 "Cart init and validation: refresh the
// catalogue, then drop lines…"):
// - CatalogRequested → GET /catalog → ApplyCatalog (with the catalogue version last seen) or
//   ReportCatalogFailure (only logged, PRODUCT.md §8; a 401 while signed in also expires the session);
//   a newer request replaces one in flight;
// - the first CatalogLoaded of the page → ValidateCart (a cart restored from storage is checked
//   against the fresh catalogue);
// - CartInitStarted (the cart page opened) → StartCatalogLoad, then ValidateCart once that load
//   (or the one already running) has answered.
import { catchError, defer, filter, from, map, merge, switchMap, take, withLatestFrom } from 'rxjs';
import type { AppCommand } from '../commands';
import { apiFailureCommandsIn, describeError, failureMessage, failureStatus } from './apiErrors';
import type { Effect } from './deps';
import { eventsOf, ofType } from './operators';

const VALIDATE: AppCommand = { type: 'ValidateCart', data: {} };

export function catalogLoad$(): Effect {
  return (event$, state$, deps) =>
    eventsOf(event$).pipe(
      ofType('CatalogRequested'),
      withLatestFrom(state$),
      // reportedCall written out: the core, which runs this effect, carries none of calls.ts.
      switchMap(([, state]) =>
        defer(() => deps.api.getCatalog()).pipe(
          take(1),
          map((catalog): AppCommand => ({
            type: 'ApplyCatalog',
            data: { catalog, version: state.setting.versions.catalog },
          })),
          catchError((error: unknown) => {
            deps.logger.warn('catalogue load failed', describeError(error));
            const failed: AppCommand = { type: 'ReportCatalogFailure', data: { message: failureMessage(error) } };
            // Only logged (PRODUCT.md §8); a 401 while signed in still means the session is gone.
            return from(failureStatus(error) === 401 ? [failed, ...apiFailureCommandsIn(error, state)] : [failed]);
          }),
        ),
      ),
    );
}

export function cartValidation$(): Effect {
  return (event$) => {
    const events$ = eventsOf(event$);
    const settled$ = events$.pipe(ofType('CatalogLoaded', 'CatalogLoadFailed'), take(1));
    const firstLoad$ = events$.pipe(
      ofType('CatalogLoaded'),
      take(1),
      map(() => VALIDATE),
    );
    const onCartInit$ = events$.pipe(
      ofType('CartInitStarted'),
      switchMap(() =>
        // Listen first, then ask: a load that answers at once is not missed.
        merge(
          settled$.pipe(
            filter((e) => e.type === 'CatalogLoaded'),
            map(() => VALIDATE),
          ),
          from<AppCommand[]>([{ type: 'StartCatalogLoad', data: {} }]),
        ),
      ),
    );
    return merge(firstLoad$, onCartInit$);
  };
}
