// Settings projection: the settings object and the last versions seen by the background checks.
import { produce, type Draft } from 'immer';
import type { Settings } from '../api/entities';
import type { AppEvent } from '../events';
import type { VersionKind } from '../events/setting';
import { applyCase, type CaseReducers } from './define';

export type SettingState = {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  settings: Settings | null;
  error: string | null;
  versions: Record<VersionKind, string | null>;
};

export const initialSetting: SettingState = {
  status: 'idle',
  settings: null,
  error: null,
  versions: { catalog: null, settings: null, store: null, mobileApp: null },
};

export const settingReducers: CaseReducers<SettingState> = {
  SettingsRequested: (d) => {
    d.status = 'loading';
    d.error = null;
  },
  SettingsLoaded: (d, e) => {
    d.settings = structuredClone(e.data.settings);
    d.status = 'loaded';
    d.error = null;
  },
  SettingsLoadFailed: (d, e) => {
    d.status = 'failed';
    d.error = e.data.message;
  },
  VersionChanged: (d, e) => void (d.versions[e.data.kind] = e.data.version),
};

export function applySetting(draft: Draft<SettingState>, event: AppEvent): void {
  applyCase(settingReducers, draft, event);
}
export function evolveSetting(state: SettingState, event: AppEvent): SettingState {
  return produce(state, (d) => applySetting(d, event));
}
