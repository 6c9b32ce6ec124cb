// Boot: on start, load settings, cities and the catalogue; once settings and cities have
// answered (or failed), read the city cookies → StartSession (the decider picks the city, or the
// default ANGARSK_ID, records the page's opening time and prompts for a city on a first visit).
import { catchError, concat, defer, EMPTY, filter, ignoreElements, map, merge, of, shareReplay, take } from 'rxjs';
import type { AppCommand } from '../commands';
import { describeError } from './apiErrors';
import { COOKIE_NAMES } from './city';
import type { Effect, EffectDeps } from './deps';
import { eventsOf } from './operators';

export function readCityCookies(deps: Pick<EffectDeps, 'cookies'>): AppCommand {
  return {
    type: 'StartSession',
    data: {
      cityCookie: deps.cookies.get(COOKIE_NAMES.cityId) ?? null,
      citySelectedCookie: deps.cookies.get(COOKIE_NAMES.citySelected) ?? null,
    },
  };
}

export function boot$(): Effect {
  return (event$, _state$, deps) =>
    defer(() => {
      // Watch for the settings answer before asking for it (a fake or cached answer may be instant).
      const settingsSettled$ = eventsOf(event$).pipe(
        filter((e) => e.type === 'SettingsLoaded' || e.type === 'SettingsLoadFailed'),
        take(1),
        shareReplay(1),
      );
      const cities$ = defer(() => deps.api.getCities()).pipe(
        take(1),
        map((cities): AppCommand => ({ type: 'ApplyCities', data: { cities } })),
        catchError((error: unknown) => {
          deps.logger.warn('cities load failed', describeError(error));
          return EMPTY;
        }),
      );
      return merge(
        settingsSettled$.pipe(ignoreElements()),
        of<AppCommand[]>({ type: 'StartSettingsLoad', data: {} }, { type: 'StartCatalogLoad', data: {} }),
        concat(cities$, settingsSettled$.pipe(map(() => readCityCookies(deps)))),
      );
    });
}
