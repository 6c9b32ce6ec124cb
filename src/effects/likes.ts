// Likes (PRODUCT.md §4, §8): ProductLiked → POST /like, ProductUnliked → DELETE /like/{userId}/{productId}.
// The projection already applied the optimistic change; failures roll it back through commands:
// - like 409 → RejectLike ('Нельзя поставить лайк этому товару повторно');
// - like 422/403 → ReportLikeFailure with the server's message or 'Произошла ошибка при запросе'
//   (the decider's toast is then PRODUCT.md §8's 422/403 toast, shown once);
// - like, anything else → ReportLikeFailure with the server's message or 'Ошибка сервера. Попробуйте позже';
// - unlike, any failure → ReportUnlikeFailure ('Ошибка сервера. Попробуйте позже');
// - a 401 while signed in also sends ExpireSession.
// Calls for one product run in order (a quick like-unlike must reach the server in that order).
import {
  catchError,
  concatMap,
  defer,
  from,
  groupBy,
  ignoreElements,
  mergeMap,
  take,
  withLatestFrom,
  type Observable,
} from 'rxjs';
import { TEXT_REQUEST_FAILED } from '../commands/view.decide';
import type { AppCommand } from '../commands';
import type { AppEvent } from '../events';
import { selectIsSignedIn, type AppState } from '../projections/store';
import { apiFailureCommands, describeError, failureMessage, failureStatus, TEXT_SERVER_ERROR } from './apiErrors';
import type { Effect, EffectDeps } from './deps';
import { eventsOf, ofType } from './operators';

type LikeEvent = Extract<AppEvent, { type: 'ProductLiked' | 'ProductUnliked' }>;

function likeFailure(productId: string, error: unknown, signedIn: boolean): AppCommand[] {
  const status = failureStatus(error);
  if (status === 409) return [{ type: 'RejectLike', data: { productId } }];
  const fallback = status === 422 || status === 403 ? TEXT_REQUEST_FAILED : TEXT_SERVER_ERROR;
  const report: AppCommand = {
    type: 'ReportLikeFailure',
    data: { productId, message: failureMessage(error, fallback) },
  };
  return status === 401 ? [report, ...apiFailureCommands(error, signedIn)] : [report];
}

function unlikeFailure(productId: string, error: unknown, signedIn: boolean): AppCommand[] {
  const report: AppCommand = { type: 'ReportUnlikeFailure', data: { productId } };
  return failureStatus(error) === 401 ? [report, ...apiFailureCommands(error, signedIn)] : [report];
}

function call(event: LikeEvent, state: AppState, deps: EffectDeps): Observable<AppCommand> {
  const { productId, userId } = event.data;
  const liking = event.type === 'ProductLiked';
  return defer(() => (liking ? deps.api.like(userId, productId) : deps.api.unlike(userId, productId))).pipe(
    take(1),
    ignoreElements(),
    catchError((error: unknown) => {
      deps.logger.warn(liking ? 'like failed' : 'unlike failed', describeError(error));
      const signedIn = selectIsSignedIn(state);
      return from(liking ? likeFailure(productId, error, signedIn) : unlikeFailure(productId, error, signedIn));
    }),
  );
}

export function likes$(): Effect {
  return (event$, state$, deps) =>
    eventsOf(event$).pipe(
      ofType('ProductLiked', 'ProductUnliked'),
      withLatestFrom(state$),
      groupBy(([event]) => event.data.productId),
      mergeMap((perProduct$) => perProduct$.pipe(concatMap(([event, state]) => call(event, state, deps)))),
    );
}
