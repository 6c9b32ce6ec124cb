// Saved addresses (PRODUCT.md §4 Addresses):
// - AddressCreateRequested → POST /address/ → RecordAddressCreated (the decider selects it);
// - AddressCreated → GET /address/by-user-id/{userId} → ApplyAddresses (the list is refetched);
// - AddressDeleteRequested → DELETE /address/{id} → RecordAddressDeleted.
// Create failures: PRODUCT.md §8's 401/422/403 commands, else a 'Произошла ошибка. Попробуйте позже.'
// toast. Refetch and delete failures are only logged (PRODUCT.md §8), except a 401.
import { concatMap, merge, mergeMap, switchMap, type Observable } from 'rxjs';
import type { AppCommand } from '../commands';
import type { Effect, EffectDeps } from './deps';
import { eventsInState, eventsOf, ofType } from './operators';
import { customerCall, quietCall } from './calls';

/** The user's saved addresses → ApplyAddresses; a failure is only logged (PRODUCT.md §8), except a 401. */
export function loadAddresses(deps: EffectDeps, userId: string, failureText: string): Observable<AppCommand> {
  return quietCall(
    deps,
    failureText,
    () => deps.api.getAddresses(userId),
    (addresses) => ({ type: 'ApplyAddresses', data: { addresses } }),
  );
}

export function addresses$(): Effect {
  return (event$, state$, deps) => {
    const events$ = eventsOf(event$);
    const create$ = eventsInState(event$, state$, 'AddressCreateRequested').pipe(
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
      switchMap((e) => loadAddresses(deps, e.data.address.userId, 'address list refetch failed')),
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
