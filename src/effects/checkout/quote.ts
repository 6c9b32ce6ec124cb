// Quote, streets and address check of the open checkout:
// - CheckoutOpened, and while /checkout is open every change of what, where, when or how →
//   (debounced) POST /checkout/quote → ApplyQuote / ReportQuoteFailure (the latest wins);
// - CheckoutOpened or the address modal → GET /cladr/city/{iikoId} → ApplyStreets (suggestions);
// - AddressCheckRequested → POST /geocode → ApplyAddressCheck / ReportAddressCheckFailure.
import { catchError, defer, EMPTY, filter, map, of, switchMap, take, withLatestFrom } from 'rxjs';
import type { AppCommand } from '../../commands';
import { buildQuoteBody, quoteKey } from '../../projections/orderBody';
import type { AppEvent } from '../../events';
import { selectCity } from '../../projections/store';
import { announcedCall } from '../announcedCall';
import { repricesCart } from '../cartRepricing';
import { apiFailureCommandsIn, describeError, failureMessage, failureStatus } from '../apiErrors';
import type { Effect } from '../deps';
import { eventsOf, ofType } from '../operators';
import { stateWhenQuiet } from '../timing';
import { QUOTE_DEBOUNCE_MS, type CheckoutEffectOptions } from './shared';

/** Events after which the open checkout asks for a new quote. */
export function needsQuote(event: AppEvent): boolean {
  if (repricesCart(event)) return true;
  switch (event.type) {
    case 'CheckoutOpened':
    case 'GiftAdded':
    case 'GiftRemoved':
    case 'RestaurantSelected':
    case 'RestaurantUnmatched':
    case 'DeliveryTimeChanged':
    case 'AddressSelected':
    case 'AddressCreated':
    case 'AddressesLoaded':
    case 'AddressDeleted':
    case 'OneOffAddressChosen':
    case 'PaymentMethodChanged':
    case 'ChangeFromChanged':
    case 'CatalogLoaded':
    case 'SettingsLoaded':
      return true;
    default:
      return false;
  }
}

/** While /checkout is open, every change of what, where, when or how → (debounced) a new quote; the latest wins. */
export function quoteOnChange$(options: CheckoutEffectOptions = {}): Effect {
  return (event$, state$, deps) =>
    eventsOf(event$).pipe(
      filter(needsQuote),
      withLatestFrom(state$),
      filter(([, state]) => state.checkout.active),
      stateWhenQuiet(state$, options.quoteDebounceMs ?? QUOTE_DEBOUNCE_MS, options.scheduler),
      switchMap((state) => {
        const body = buildQuoteBody(state);
        if (body === null || !state.checkout.active || body.items.length === 0) return EMPTY;
        const key = quoteKey(body);
        const q = state.checkout.quote;
        if (q.status === 'ready' && q.key === key) return EMPTY;
        return announcedCall(deps.logger, {
          start: { type: 'StartQuote', data: { key } },
          call: () => deps.api.quoteCheckout(body),
          answered: (quote) => ({ type: 'ApplyQuote', data: { key, quote } }),
          failureLog: 'checkout quote failed',
          failed: (error) => [
            { type: 'ReportQuoteFailure', data: { key, message: failureMessage(error) } },
            ...(failureStatus(error) === 401 ? apiFailureCommandsIn(error, state) : []),
          ],
        });
      }),
    );
}

/** The checkout page or the address modal → the chosen city's street reference, once per city. */
export const loadStreets$: Effect = (event$, state$, deps) =>
  eventsOf(event$).pipe(
    filter(
      (e) =>
        e.type === 'CheckoutOpened' ||
        e.type === 'AddressCheckRequested' ||
        (e.type === 'ModalOpened' && e.data.modal.kind === 'address'),
    ),
    withLatestFrom(state$),
    map(([, state]) => selectCity(state)?.iikoId ?? null),
    filter((iikoId): iikoId is string => iikoId !== null),
    withLatestFrom(state$),
    filter(([iikoId, state]) => state.checkout.streets?.cityIikoId !== iikoId),
    switchMap(([cityIikoId]) =>
      defer(() => deps.api.getStreets(cityIikoId)).pipe(
        take(1),
        map((streets): AppCommand => ({ type: 'ApplyStreets', data: { cityIikoId, streets } })),
        catchError((error: unknown) => {
          deps.logger.warn('street reference load failed', describeError(error));
          return EMPTY;
        }),
      ),
    ),
  );

/** AddressCheckRequested → POST /geocode → ApplyAddressCheck / ReportAddressCheckFailure. */
export const checkAddress$: Effect = (event$, state$, deps) =>
  eventsOf(event$).pipe(
    ofType('AddressCheckRequested'),
    withLatestFrom(state$),
    switchMap(([e, state]) => {
      const { street, home } = e.data;
      const cityId = state.city.selectedId;
      if (cityId === null) return EMPTY;
      return defer(() => deps.api.geocode({ cityId, street, home })).pipe(
        take(1),
        map((answer): AppCommand => ({ type: 'ApplyAddressCheck', data: { street, home, answer } })),
        catchError((error: unknown) => {
          deps.logger.warn('address check failed', describeError(error));
          return of<AppCommand>({
            type: 'ReportAddressCheckFailure',
            data: { street, home, message: failureMessage(error) },
          });
        }),
      );
    }),
  );
