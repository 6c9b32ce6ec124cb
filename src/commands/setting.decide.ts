// setting: the decider. Only types from the schemas (setting.ts): the first load runs it without them.
import type { AppEvent } from '../events';
import type { VersionKind } from '../events/setting';
import type { AppState } from '../projections/store';
import { deliveryLineMoved } from './deliveryLine';
import type { SettingCommand } from './setting';
import type { Meta } from './types';

/** PRODUCT.md §9: the update-needed flag is set when the mobile app version differs from this. */
export const CURRENT_MOBILE_APP_VERSION = '1';

export function decideSetting(command: SettingCommand, state: AppState, meta: Meta): AppEvent[] {
  const s = state.setting;
  switch (command.type) {
    case 'StartSettingsLoad':
      return s.status === 'loading' ? [] : [{ type: 'SettingsRequested', data: {} }];
    case 'ApplySettings': {
      const settings = command.data.settings;
      if (s.status === 'loaded' && JSON.stringify(s.settings) === JSON.stringify(settings)) return [];
      // New zones or city data reprice the cart's delivery line (PRODUCT.md §4).
      return [{ type: 'SettingsLoaded', data: { settings } }, ...deliveryLineMoved(state, meta, { settings })];
    }
    case 'ReportSettingsFailure':
      return [{ type: 'SettingsLoadFailed', data: { message: command.data.message } }];
    case 'CheckVersions': {
      const d = command.data;
      const seen: [VersionKind, string | undefined][] = [
        ['catalog', d.catalogVersion],
        ['settings', d.settingsVersion],
        ['store', d.storeVersion],
        ['mobileApp', d.mobileAppVersion],
      ];
      const events: AppEvent[] = [];
      for (const [kind, version] of seen) {
        if (version === undefined || version === s.versions[kind]) continue;
        events.push({ type: 'VersionChanged', data: { kind, version, previous: s.versions[kind] } });
      }
      const app = d.mobileAppVersion;
      if (app !== undefined && app !== CURRENT_MOBILE_APP_VERSION && !state.view.updateNeeded) {
        events.push({ type: 'UpdateNeededFlagged', data: { mobileAppVersion: app } });
      }
      return events;
    }
    default: {
      const unreachable: never = command;
      throw new Error(`unknown setting command ${JSON.stringify(unreachable)}`);
    }
  }
}
