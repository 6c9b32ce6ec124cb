// city: the decider. Only types from the schemas (city.ts): the first load runs it without them.
import { defaultCityId } from '../domain/siteDefaults';
import type { AppEvent } from '../events';
import type { AppState } from '../projections/store';
import type { CityCommand } from './city';
import type { Meta } from './types';

/** The value of the city-already-selected cookie after a choice (PRODUCT.md §9). */
export const CITY_SELECTED_COOKIE_VALUE = 'true';

export function decideCity(command: CityCommand, state: AppState, meta: Meta): AppEvent[] {
  const list = state.city.list;
  switch (command.type) {
    case 'ApplyCities':
      return JSON.stringify(list) === JSON.stringify(command.data.cities) && state.city.status === 'loaded'
        ? []
        : [{ type: 'CitiesLoaded', data: { cities: command.data.cities } }];
    case 'StartSession': {
      if (state.view.openedAt !== null) return [];
      const fallback = defaultCityId(state.setting.settings?.ANGARSK_ID ?? null, list);
      const cookie = command.data.cityCookie;
      const known = cookie !== null && cookie !== '' && (list.length === 0 || list.some((c) => c.id === cookie));
      const events: AppEvent[] = [
        { type: 'SessionStarted', data: { cityId: known ? cookie : fallback, openedAt: meta.now } },
      ];
      if (command.data.citySelectedCookie !== CITY_SELECTED_COOKIE_VALUE)
        events.push({ type: 'CityPromptShown', data: {} });
      return events;
    }
    case 'SelectCity': {
      const city = list.find((c) => c.id === command.data.cityId);
      if (city === undefined)
        return [{ type: 'CityRejected', data: { cityId: command.data.cityId, reason: 'unknown-city' } }];
      return [{ type: 'CitySelected', data: { cityId: city.id, slug: city.slug } }];
    }
    default: {
      const unreachable: never = command;
      throw new Error(`unknown city command ${JSON.stringify(unreachable)}`);
    }
  }
}
