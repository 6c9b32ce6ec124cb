// Informational pages (about, delivery, legal, …), one entry per page of a city, keyed by
// pageKey(slug, cityId). Not persisted (src/effects/persistence.ts): a page load asks the server
// again, and an entry already loaded stays shown while it is asked for again.
import { produce, type Draft } from 'immer';
import type { Page } from '../api/contract/pages';
import type { AppEvent } from '../events';
import { applyCase, type CaseReducers } from './define';

/** `httpStatus`: the failure's HTTP status (0 for no answer, null when it was not an HTTP failure). */
export type PageEntry =
  | { status: 'loading' }
  | { status: 'loaded'; page: Page }
  | { status: 'failed'; httpStatus: number | null; message: string };
export type PageState = { entries: Record<string, PageEntry> };
export const initialPage: PageState = { entries: {} };

/** The key of a city's page in `entries`. */
export const pageKey = (slug: string, cityId: string): string => `${slug}/${cityId}`;

export const pageReducers: CaseReducers<PageState> = {
  PageRequested: (d, e) => {
    const key = pageKey(e.data.slug, e.data.cityId);
    // A page already shown keeps showing while it is refreshed (no loader on a revisit).
    if (d.entries[key]?.status === 'loaded') return;
    d.entries[key] = { status: 'loading' };
  },
  PageLoaded: (d, e) =>
    void (d.entries[pageKey(e.data.slug, e.data.cityId)] = { status: 'loaded', page: structuredClone(e.data.page) }),
  PageLoadFailed: (d, e) => {
    const key = pageKey(e.data.slug, e.data.cityId);
    // A failed refresh keeps the page shown; a page never loaded shows the failure.
    if (d.entries[key]?.status === 'loaded') return;
    d.entries[key] = { status: 'failed', httpStatus: e.data.status, message: e.data.message };
  },
};

export function applyPage(draft: Draft<PageState>, event: AppEvent): void {
  applyCase(pageReducers, draft, event);
}
export function evolvePage(state: PageState, event: AppEvent): PageState {
  return produce(state, (d) => applyPage(d, event));
}
