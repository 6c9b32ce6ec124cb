// Ratings after delivery (docs/CHECKOUT.md «Rating after delivery»): whenever a customer is signed
// in, their ratings and the deliveries to offer this visit are loaded (ApplyRatings; failures only
// logged, a 401 expires the session); OrderRatingSubmitted → POST /order/{id}/rating, answered by
// ApplyOrderRating or ReportOrderRatingRefusal with the server's Russian message (a 409 also
// reloads the ratings, so the rating given elsewhere shows); RatingPromptDismissed → POST
// /order/{id}/rating/dismiss, failures only logged (the prompt is already closed).
import {
  catchError,
  concatMap,
  defer,
  distinctUntilChanged,
  EMPTY,
  from,
  ignoreElements,
  map,
  merge,
  mergeMap,
  switchMap,
  take,
  withLatestFrom,
  type Observable,
} from 'rxjs';
import type { SitePage } from '../api/siteRoutes';
import { matchSiteRoute } from '../api/siteRoutes';
import type { AppCommand } from '../commands';
import { RATING_MESSAGES } from '../domain/rating';
import { selectIsSignedIn, type AppState } from '../projections/store';
import { apiFailureCommandsIn, describeError, failureMessage, failureStatus } from './apiErrors';
import { quietCall } from './calls';
import type { Effect, EffectDeps } from './deps';
import { eventsOf, ofType } from './operators';

const signedInUserId = (state: AppState): string | null =>
  selectIsSignedIn(state) ? (state.user.profile?.id ?? null) : null;

/** The pages of an order in progress or just placed: the visit's rating prompt never covers them. */
const ORDER_PAGES: ReadonlySet<SitePage> = new Set(['cart', 'checkout', 'complete', 'complete-error']);

function loadRatings(deps: EffectDeps, state: AppState, userId: string): Observable<AppCommand> {
  return quietCall(
    deps,
    'ratings load failed',
    () => deps.api.getRatings(userId),
    ({ ratings, prompts }) => {
      const page = matchSiteRoute(
        deps.location.pathname(),
        state.city.list.map((c) => c.slug),
      )?.page;
      const promptHere = page === undefined || !ORDER_PAGES.has(page);
      return { type: 'ApplyRatings', data: { userId, ratings, prompts, promptHere } };
    },
  );
}

export function ratings$(): Effect {
  return (event$, state$, deps) => {
    const events$ = eventsOf(event$);
    const load$ = state$.pipe(
      map((state) => ({ state, userId: signedInUserId(state) })),
      distinctUntilChanged((a, b) => a.userId === b.userId),
      switchMap(({ state, userId }) => (userId === null ? EMPTY : loadRatings(deps, state, userId))),
    );
    const submit$ = events$.pipe(
      ofType('OrderRatingSubmitted'),
      withLatestFrom(state$),
      mergeMap(([e, state]) => {
        const { orderId, score, tags, comment } = e.data;
        return defer(() => deps.api.rateOrder(orderId, { score, tags, comment })).pipe(
          take(1),
          map((rating): AppCommand => ({ type: 'ApplyOrderRating', data: { rating } })),
          catchError((error: unknown) => {
            deps.logger.warn('rating failed', describeError(error));
            const refusal: AppCommand = {
              type: 'ReportOrderRatingRefusal',
              data: { orderId, message: failureMessage(error, RATING_MESSAGES.failed) },
            };
            const status = failureStatus(error);
            const userId = signedInUserId(state);
            if (status === 409 && userId !== null) return merge(from([refusal]), loadRatings(deps, state, userId));
            return from([refusal, ...(status === 401 ? apiFailureCommandsIn(error, state) : [])]);
          }),
        );
      }),
    );
    const dismiss$ = events$.pipe(
      ofType('RatingPromptDismissed'),
      concatMap((e) =>
        defer(() => deps.api.dismissRating(e.data.orderId)).pipe(
          take(1),
          ignoreElements(),
          catchError((error: unknown) => {
            deps.logger.warn('rating prompt dismissal failed', describeError(error));
            return EMPTY;
          }),
        ),
      ),
    );
    return merge(load$, submit$, dismiss$);
  };
}
