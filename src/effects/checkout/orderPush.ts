// Web push of order statuses on /complete (docs/PUSH.md):
// - OrderLoaded for a signed-in customer who consented to push notifications → ask the browser
//   what it can do → ReportPushDevice; a browser already subscribed is stored again (the server
//   may have dropped it meanwhile) without asking anything;
// - OrderPushRequested ('Сообщить, когда заказ будет в пути?' answered yes) → GET /push/key →
//   the browser subscribes (asking its permission) → PUT /push/subscription → ConfirmOrderPush;
//   a refused permission → ReportPushDevice 'denied'; any failure → ReportOrderPushFailure.
import {
  catchError,
  defer,
  EMPTY,
  exhaustMap,
  filter,
  from,
  mergeMap,
  of,
  switchMap,
  take,
  withLatestFrom,
} from 'rxjs';
import type { AppCommand } from '../../commands';
import { selectIsSignedIn, type AppState } from '../../projections/store';
import { describeError, failureMessage } from '../apiErrors';
import type { Effect } from '../deps';
import { eventsOf } from '../operators';
import type { PushDevice } from '../pushDevice';

export const ORDER_PUSH_FAILED = 'Не удалось включить уведомления. Попробуйте позже.';

const consented = (state: AppState) => selectIsSignedIn(state) && state.user.profile?.PUSHNotifications === true;

export const orderPushOffer$: Effect = (event$, state$, deps) => {
  const device: PushDevice | undefined = deps.pushDevice;
  if (device === undefined) return EMPTY;
  return eventsOf(event$).pipe(
    filter((e) => e.type === 'OrderLoaded'),
    withLatestFrom(state$),
    filter(([, state]) => consented(state) && state.checkout.orderPush.device === 'unknown'),
    exhaustMap(() =>
      defer(() => device.state()).pipe(
        mergeMap((state) => {
          const report: AppCommand = { type: 'ReportPushDevice', data: { state } };
          if (state !== 'subscribed') return of(report);
          // already subscribed on this browser: stored again, quietly
          return from(device.current()).pipe(
            mergeMap((current) =>
              current === null
                ? of(report)
                : deps.api.subscribePush(current).pipe(
                    take(1),
                    mergeMap((): AppCommand[] => [report, { type: 'ConfirmOrderPush', data: {} }]),
                  ),
            ),
            catchError((error: unknown) => {
              deps.logger.warn('push subscription not stored again', describeError(error));
              return of(report);
            }),
          );
        }),
        catchError((error: unknown) => {
          deps.logger.warn('push state unknown', describeError(error));
          return of<AppCommand>({ type: 'ReportPushDevice', data: { state: 'unsupported' } });
        }),
      ),
    ),
  );
};

export const orderPushSubscribe$: Effect = (event$, state$, deps) => {
  const device: PushDevice | undefined = deps.pushDevice;
  return eventsOf(event$).pipe(
    filter((e) => e.type === 'OrderPushRequested'),
    withLatestFrom(state$),
    switchMap(() => {
      if (device === undefined)
        return of<AppCommand>({ type: 'ReportOrderPushFailure', data: { message: ORDER_PUSH_FAILED } });
      return deps.api.getVapidKey().pipe(
        take(1),
        mergeMap((key) => from(device.subscribe(key))),
        mergeMap((subscription) =>
          subscription === 'denied'
            ? of<AppCommand>({ type: 'ReportPushDevice', data: { state: 'denied' } })
            : deps.api.subscribePush(subscription).pipe(
                take(1),
                mergeMap(() => of<AppCommand>({ type: 'ConfirmOrderPush', data: {} })),
              ),
        ),
        catchError((error: unknown) => {
          deps.logger.warn('push subscription failed', describeError(error));
          return of<AppCommand>({
            type: 'ReportOrderPushFailure',
            data: { message: failureMessage(error, ORDER_PUSH_FAILED) },
          });
        }),
      );
    }),
  );
};
