// Profile calls (edit, deletion) and the order history (PRODUCT.md §3 History).
// See docs/ARCHITECTURE.md «Checkout, sign-in and profile effects».
import { concatMap, exhaustMap, merge, switchMap } from 'rxjs';
import { failureMessage } from './apiErrors';
import type { Effect } from './deps';
import { customerCall, reportedCall } from './calls';
import { eventsInState } from './operators';

export function profile$(): Effect {
  return (event$, state$, deps) => {
    const edit$ = eventsInState(event$, state$, 'ProfileEditRequested').pipe(
      concatMap(([e, state]) =>
        customerCall(
          deps,
          state,
          'profile edit failed',
          () => deps.api.patchUser(e.data.phone, e.data.changes),
          (user) => ({ type: 'ApplyProfile', data: { user } }),
        ),
      ),
    );
    const deletion$ = eventsInState(event$, state$, 'AccountDeletionRequested').pipe(
      exhaustMap(([e, state]) =>
        customerCall(
          deps,
          state,
          'account deletion failed',
          () => deps.api.deleteUser(e.data.phone),
          () => ({ type: 'Logout', data: {} }),
        ),
      ),
    );
    return merge(edit$, deletion$);
  };
}

/** The history page shows the latest orders, one page of the server's history. */
export const ORDER_HISTORY_LIMIT = 20;

export function orderHistory$(): Effect {
  return (event$, state$, deps) =>
    eventsInState(event$, state$, 'OrderHistoryRequested').pipe(
      switchMap(([e, state]) => {
        const phone = e.data.phone;
        return reportedCall(
          deps,
          state,
          'order history load failed',
          () => deps.api.getHistory(phone, { limit: ORDER_HISTORY_LIMIT }),
          (history) => ({ type: 'ApplyOrderHistory', data: { phone, orders: history.orders } }),
          (error) => ({ type: 'ReportOrderHistoryFailure', data: { phone, message: failureMessage(error) } }),
        );
      }),
    );
}
