// City projection: the list of cities and the selected one.
import { produce, type Draft } from 'immer';
import type { City } from '../api/entities';
import type { AppEvent } from '../events';
import { applyCase, type CaseReducers } from './define';

export type CityState = {
  status: 'idle' | 'loaded';
  list: City[];
  /** The current city's id (cookie or default ANGARSK_ID); null before the session starts. */
  selectedId: string | null;
  /**
   * The visitor chose the city: a returning visitor (the isCitySelected cookie) or a pick in the
   * prompt; false while a first visit runs on the default city. URLs carry /{slug} once true.
   */
  chosen: boolean;
};

export const initialCity: CityState = { status: 'idle', list: [], selectedId: null, chosen: false };

export const cityReducers: CaseReducers<CityState> = {
  CitiesLoaded: (d, e) => {
    d.list = structuredClone(e.data.cities);
    d.status = 'loaded';
  },
  SessionStarted: (d, e) => {
    d.selectedId = e.data.cityId;
    d.chosen = true;
  },
  // The decider follows SessionStarted with CityPromptShown when no city was chosen before.
  CityPromptShown: (d) => void (d.chosen = false),
  CitySelected: (d, e) => {
    d.selectedId = e.data.cityId;
    d.chosen = true;
  },
};

export function applyCity(draft: Draft<CityState>, event: AppEvent): void {
  applyCase(cityReducers, draft, event);
}
export function evolveCity(state: CityState, event: AppEvent): CityState {
  return produce(state, (d) => applyCity(d, event));
}

export const selectCurrentCity = (city: CityState): City | undefined => city.list.find((c) => c.id === city.selectedId);
