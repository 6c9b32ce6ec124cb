// Placing and loading an order:
// - OrderSubmitted → the bot check when asked → POST /order (Idempotency-Key) →
//   CompleteOrderPlacement, ReportOrderRefusal (4xx) or ReportOrderFailure (no answer);
// - OrderLoadRequested → GET /order/{id} → ApplyOrder / ReportOrderLoadFailure (the latest wins).
import { catchError, from, map, mergeMap, type Observable, of, switchMap, take } from 'rxjs';
import type { AppCommand } from '../../commands';
import { CHECKOUT_TEXT } from '../../domain/checkoutText';
import { apiFailureCommandsIn, describeError, failureMessage, failureStatus } from '../apiErrors';
import type { Effect } from '../deps';
import { eventsInState } from '../operators';
import { captchaToken$ } from '../captcha';
import { reportedCall } from '../calls';
import { ApiFailure } from '../../api/client';
import type { CheckoutEffectOptions } from './shared';

/** OrderSubmitted → the bot check when asked → POST /order → placement, refusal (4xx) or failure (no answer). */
export function placeOrder$(options: CheckoutEffectOptions = {}): Effect {
  return (event$, state$, deps) =>
    eventsInState(event$, state$, 'OrderSubmitted').pipe(
      mergeMap(([e, state]) =>
        captchaToken$(options.captcha, e.data.captcha, deps).pipe(
          mergeMap((captchaToken) =>
            deps.api.createOrder({ ...e.data.body, captchaToken }, e.data.idempotencyKey).pipe(take(1)),
          ),
          map((order): AppCommand => ({ type: 'CompleteOrderPlacement', data: { order } })),
          catchError((error: unknown): Observable<AppCommand> => {
            deps.logger.warn('order submission failed', describeError(error));
            const status = failureStatus(error);
            if (error instanceof ApiFailure && status !== null && status >= 400 && status < 500 && status !== 409) {
              const refusal: AppCommand = {
                type: 'ReportOrderRefusal',
                data: { status, code: error.code, message: error.serverMessage },
              };
              return from([refusal, ...(status === 401 ? apiFailureCommandsIn(error, state) : [])]);
            }
            const text = status === 409 ? failureMessage(error, CHECKOUT_TEXT.noAnswer) : CHECKOUT_TEXT.noAnswer;
            return of<AppCommand>({ type: 'ReportOrderFailure', data: { message: text } });
          }),
        ),
      ),
    );
}

/** OrderLoadRequested → GET /order/{id} → ApplyOrder / ReportOrderLoadFailure (the latest wins). */
export const loadOrder$: Effect = (event$, state$, deps) =>
  eventsInState(event$, state$, 'OrderLoadRequested').pipe(
    switchMap(([e, state]) =>
      reportedCall(
        deps,
        state,
        'order load failed',
        () => deps.api.getOrder(e.data.orderId),
        (order) => ({ type: 'ApplyOrder', data: { order } }),
        (error) => ({
          type: 'ReportOrderLoadFailure',
          data: { orderId: e.data.orderId, message: failureMessage(error) },
        }),
      ),
    ),
  );
