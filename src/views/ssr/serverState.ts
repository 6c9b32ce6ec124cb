// The state a server-rendered page shows: an anonymous first visit's, folded by the same deciders
// and projections the browser runs. See docs/SSR.md «The server's state».
import type { PageRenderInput } from '../../api/pageRender';
import { createStore, type Store } from '../../commands/bus';
import { decide } from '../../commands/decide';
import type { AppState } from '../../projections/store';

function storeAt(input: PageRenderInput, initial?: AppState): Store {
  let counter = 0;
  return createStore({
    decide,
    ...(initial ? { initial } : {}),
    deps: { now: () => input.now, newId: () => `ssr-${++counter}` },
  });
}

type Base = { settings: unknown; cities: string; catalogVersion: string | null; state: AppState };

/**
 * Pages that show nothing of the menu (an informational page, the not-found page of an unknown
 * address) carry no catalogue: the state block is then a few KB instead of the whole menu. The
 * browser's own catalogue call fills it in, as on a first visit to a client-rendered page, so no
 * decider ever runs on part of a catalogue. Menu and product pages carry it whole.
 */
export function pageNeedsCatalog(match: PageRenderInput['match']): boolean {
  return match !== null && !match.informational;
}

/** Settings and cities folded once per data for the pages without a catalogue. */
const catalogFreeBases = new WeakMap<object, Base>();

function catalogFreeState(input: PageRenderInput): AppState {
  const known = catalogFreeBases.get(input.settings);
  const cities = JSON.stringify(input.cities);
  if (known !== undefined && known.cities === cities) return known.state;
  const store = storeAt(input);
  store.dispatch({ type: 'ApplySettings', data: { settings: input.settings } });
  store.dispatch({ type: 'ApplyCities', data: { cities: input.cities } });
  const state = store.getState();
  catalogFreeBases.set(input.settings, { settings: input.settings, cities, catalogVersion: null, state });
  return state;
}
/**
 * Settings, cities and catalogue folded once per data: the same for every page until one of them
 * changes (the server passes the catalogue and settings objects it caches per version; the short
 * city list is compared by value). Folding a 1,000-product catalogue was most of an uncached
 * product page's render time.
 */
const bases = new WeakMap<object, Base>();

function baseState(input: PageRenderInput): AppState {
  const known = bases.get(input.catalog);
  const cities = JSON.stringify(input.cities);
  if (
    known !== undefined &&
    known.settings === input.settings &&
    known.cities === cities &&
    known.catalogVersion === input.catalogVersion
  )
    return known.state;
  const store = storeAt(input);
  store.dispatch({ type: 'ApplySettings', data: { settings: input.settings } });
  store.dispatch({ type: 'ApplyCities', data: { cities: input.cities } });
  store.dispatch({ type: 'ApplyCatalog', data: { catalog: input.catalog, version: input.catalogVersion } });
  const state = store.getState();
  bases.set(input.catalog, {
    settings: input.settings,
    cities,
    catalogVersion: input.catalogVersion,
    state,
  });
  return state;
}

/**
 * Settings, cities, catalogue and the page's text, then the session on the page's city. A plain
 * route shows the default city as a first visit does, not yet chosen (its links stay plain); a
 * city route's city is chosen, as its address says.
 */
export function buildServerState(input: PageRenderInput): AppState {
  const store = storeAt(input, pageNeedsCatalog(input.match) ? baseState(input) : catalogFreeState(input));
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
