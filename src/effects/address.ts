// Saved addresses (PRODUCT.md §4 Addresses):
// - AddressCreateRequested → POST /address/ → RecordAddressCreated (the decider selects it);
// - AddressCreated → GET /address/by-user-id/{userId} → ApplyAddresses (the list is refetched);
// - AddressDeleteRequested → DELETE /address/{id} → RecordAddressDeleted.
// Create failures: PRODUCT.md §8's 401/422/403 commands, else a 'Произошла ошибка. Попробуйте позже.'
// toast. Refetch and delete failures are only logged (PRODUCT.md §8), except a 401.
import { concatMap, merge, mergeMap, switchMap, withLatestFrom } from 'rxjs';
import type { Effect } from './deps';
import { eventsOf, ofType } from './operators';
import { customerCall, quietCall } from './calls';

export function addresses$(): Effect {
  return (event$, state$, deps) => {
    const events$ = eventsOf(event$);
    const create$ = events$.pipe(
      ofType('AddressCreateRequested'),
      withLatestFrom(state$),
      concatMap(([e, state]) =>
        customerCall(
          deps,
          state,
          'address create failed',
          () => deps.api.createAddress({ ...e.data.address, userId: e.data.userId }),
          (address) => ({ type: 'RecordAddressCreated', data: { address } }),
        ),
      ),
    );
    const refetch$ = events$.pipe(
      ofType('AddressCreated'),
      switchMap((e) =>
        quietCall(
          deps,
          'address list refetch failed',
          () => deps.api.getAddresses(e.data.address.userId),
          (addresses) => ({ type: 'ApplyAddresses', data: { addresses } }),
        ),
      ),
    );
    const delete$ = events$.pipe(
      ofType('AddressDeleteRequested'),
      mergeMap((e) =>
        quietCall(
          deps,
          'address delete failed',
          () => deps.api.deleteAddress(e.data.addressId),
          () => ({ type: 'RecordAddressDeleted', data: { addressId: e.data.addressId } }),
        ),
      ),
    );
    return merge(create$, refetch$, delete$);
  };
}
