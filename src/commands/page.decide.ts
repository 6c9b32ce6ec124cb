// page: the decider. Only types from the schemas (page.ts): the first load runs it without them
// (and the browser's first load does not even carry it: its commands come from lazily loaded
// chunks, which provide it through page.provide).
import type { AppEvent } from '../events';
import { pageKey } from '../projections/page';
import type { AppState } from '../projections/store';
import type { PageCommand } from './page';
import type { Meta } from './types';

export function decidePage(command: PageCommand, state: AppState, _meta: Meta): AppEvent[] {
  switch (command.type) {
    case 'LoadPage': {
      const { slug, cityId } = command.data;
      if (slug === '' || cityId === '') return [];
      // Asked for already: the answer is on its way.
      if (state.page.entries[pageKey(slug, cityId)]?.status === 'loading') return [];
      return [{ type: 'PageRequested', data: { slug, cityId } }];
    }
    case 'ApplyPage': {
      const { slug, cityId, page } = command.data;
      const entry = state.page.entries[pageKey(slug, cityId)];
      if (entry?.status === 'loaded' && JSON.stringify(entry.page) === JSON.stringify(page)) return [];
      return [{ type: 'PageLoaded', data: { slug, cityId, page } }];
    }
    case 'ReportPageFailure':
      return [{ type: 'PageLoadFailed', data: command.data }];
    default: {
      const unreachable: never = command;
      throw new Error(`unknown page command ${JSON.stringify(unreachable)}`);
    }
  }
}
