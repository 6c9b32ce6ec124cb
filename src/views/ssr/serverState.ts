// The state a server-rendered page shows: an anonymous first visit's, folded by the same deciders
// and projections the browser runs. See docs/SSR.md «The server's state».
import type { PageRenderInput } from '../../api/pageRender';
import { createStore } from '../../commands/bus';
import { decide } from '../../commands/decide';
import type { AppState } from '../../projections/store';

/**
 * Settings, cities, catalogue and the page's text, then the session on the page's city. A plain
 * route shows the default city as a first visit does, not yet chosen (its links stay plain); a
 * city route's city is chosen, as its address says.
 */
export function buildServerState(input: PageRenderInput): AppState {
  let counter = 0;
  const store = createStore({ decide, deps: { now: () => input.now, newId: () => `ssr-${++counter}` } });
  store.dispatch({ type: 'ApplySettings', data: { settings: input.settings } });
  store.dispatch({ type: 'ApplyCities', data: { cities: input.cities } });
  store.dispatch({ type: 'ApplyCatalog', data: { catalog: input.catalog, version: input.catalogVersion } });
  if (input.cityId !== null) {
    // The cookies a returning visitor of this city would send: no city prompt.
    store.dispatch({ type: 'StartSession', data: { cityCookie: input.cityId, citySelectedCookie: 'true' } });
    const slug = input.match?.page ?? '';
    if (input.page !== null)
      store.dispatch({ type: 'ApplyPage', data: { slug, cityId: input.cityId, page: input.page } });
    else if (input.pageFailure !== null)
      store.dispatch({ type: 'ReportPageFailure', data: { slug, cityId: input.cityId, ...input.pageFailure } });
  }
  const state = store.getState();
  const routeCity = input.match?.city ?? null;
  return routeCity === null && state.city.chosen ? { ...state, city: { ...state.city, chosen: false } } : state;
}
