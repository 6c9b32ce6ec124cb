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
};

export const initialCity: CityState = { status: 'idle', list: [], selectedId: null };

export const cityReducers: CaseReducers<CityState> = {
  CitiesLoaded: (d, e) => {
    d.list = structuredClone(e.data.cities);
    d.status = 'loaded';
  },
  SessionStarted: (d, e) => void (d.selectedId = e.data.cityId),
  CitySelected: (d, e) => void (d.selectedId = e.data.cityId),
};

export function applyCity(draft: Draft<CityState>, event: AppEvent): void {
  applyCase(cityReducers, draft, event);
}
export function evolveCity(state: CityState, event: AppEvent): CityState {
  return produce(state, (d) => applyCity(d, event));
}

export const selectCurrentCity = (city: CityState): City | undefined => city.list.find((c) => c.id === city.selectedId);
