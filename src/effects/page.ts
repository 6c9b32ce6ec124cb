// Informational pages (about, delivery, legal, …): PageRequested → GET /page/{slug}/{cityId} →
// ApplyPage. A failure → ReportPageFailure with its HTTP status (InfoPage shows the error page
// with it: 404 for a page the city does not have) and the server's message or 'Произошла ошибка.
// Попробуйте позже.'. The route is public: no failure of it ends a session. Requests for one page:
// the latest wins; different pages load side by side. What the server answered enters the log
// (PageLoaded, PageLoadFailed), so a replay shows the page without a server.
import { catchError, defer, groupBy, map, mergeMap, of, switchMap, take, type Observable } from 'rxjs';
import type { AppCommand } from '../commands';
import type { EventOf } from '../events';
import { pageKey } from '../projections/page';
import { describeError, failureMessage, failureStatus } from './apiErrors';
import type { Effect, EffectDeps } from './deps';
import { eventsOf, ofType } from './operators';

function load(event: EventOf<'PageRequested'>, deps: EffectDeps): Observable<AppCommand> {
  const { slug, cityId } = event.data;
  return defer(() => deps.api.getPage(slug, cityId)).pipe(
    take(1),
    map((page): AppCommand => ({ type: 'ApplyPage', data: { slug, cityId, page } })),
    catchError((error: unknown) => {
      deps.logger.warn(`page ${pageKey(slug, cityId)} failed to load`, describeError(error));
      return of<AppCommand>({
        type: 'ReportPageFailure',
        data: { slug, cityId, status: failureStatus(error), message: failureMessage(error) },
      });
    }),
  );
}

export function pages$(): Effect {
  return (event$, _state$, deps) =>
    eventsOf(event$).pipe(
      ofType('PageRequested'),
      groupBy((event) => pageKey(event.data.slug, event.data.cityId)),
      mergeMap((perPage$) => perPage$.pipe(switchMap((event) => load(event, deps)))),
    );
}
