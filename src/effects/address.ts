// Saved addresses (PRODUCT.md §4 Addresses):
// - AddressCreateRequested → POST /address/ → RecordAddressCreated (the decider selects it);
// - AddressCreated → GET /address/by-user-id/{userId} → ApplyAddresses (the list is refetched);
// - AddressDeleteRequested → DELETE /address/{id} → RecordAddressDeleted.
// Create failures: PRODUCT.md §8's 401/422/403 commands, else a 'Произошла ошибка. Попробуйте позже.'
// toast. Refetch and delete failures are only logged (PRODUCT.md §8), except a 401.
import { catchError, concatMap, defer, from, map, merge, mergeMap, of, switchMap, take, withLatestFrom } from 'rxjs';
import type { AppCommand } from '../commands';
import { selectIsSignedIn } from '../projections/store';
import { apiFailureCommands, describeError, failureStatus, TEXT_TRY_LATER } from './apiErrors';
import type { Effect } from './deps';
import { eventsOf, ofType } from './operators';

export function addresses$(): Effect {
  return (event$, state$, deps) => {
    const events$ = eventsOf(event$);
    const create$ = events$.pipe(
      ofType('AddressCreateRequested'),
      withLatestFrom(state$),
      concatMap(([e, state]) =>
        defer(() => deps.api.createAddress({ ...e.data.address, userId: e.data.userId })).pipe(
          take(1),
          map((address): AppCommand => ({ type: 'RecordAddressCreated', data: { address } })),
          catchError((error: unknown) => {
            deps.logger.warn('address create failed', describeError(error));
            const mapped = apiFailureCommands(error, selectIsSignedIn(state));
            return mapped.length > 0
              ? from(mapped)
              : of<AppCommand>({ type: 'ShowToast', data: { text: TEXT_TRY_LATER, kind: 'error' } });
          }),
        ),
      ),
    );
    const refetch$ = events$.pipe(
      ofType('AddressCreated'),
      switchMap((e) =>
        defer(() => deps.api.getAddresses(e.data.address.userId)).pipe(
          take(1),
          map((addresses): AppCommand => ({ type: 'ApplyAddresses', data: { addresses } })),
          catchError((error: unknown) => {
            deps.logger.warn('address list refetch failed', describeError(error));
            return from(failureStatus(error) === 401 ? apiFailureCommands(error, true) : []);
          }),
        ),
      ),
    );
    const delete$ = events$.pipe(
      ofType('AddressDeleteRequested'),
      mergeMap((e) =>
        defer(() => deps.api.deleteAddress(e.data.addressId)).pipe(
          take(1),
          map((): AppCommand => ({ type: 'RecordAddressDeleted', data: { addressId: e.data.addressId } })),
          catchError((error: unknown) => {
            deps.logger.warn('address delete failed', describeError(error));
            return from(failureStatus(error) === 401 ? apiFailureCommands(error, true) : []);
          }),
        ),
      ),
    );
    return merge(create$, refetch$, delete$);
  };
}
