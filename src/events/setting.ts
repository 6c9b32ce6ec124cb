// Settings and version events (PRODUCT.md §7, §9 background checks).
import { z } from 'zod/mini';
import { Settings } from '../api/entities';
import { bare, message } from './define';

export const VersionKind = z.enum(['catalog', 'settings', 'store', 'mobileApp']);
export type VersionKind = z.infer<typeof VersionKind>;

export const SettingsRequested = bare('SettingsRequested');
export const SettingsLoaded = message('SettingsLoaded', { settings: Settings });
export const SettingsLoadFailed = message('SettingsLoadFailed', { message: z.string() });
/**
 * A version check saw a new value. `previous: null` is the first value seen (no reload).
 * Effects: catalog → reload the catalogue, settings → reload settings, store → full page reload.
 */
export const VersionChanged = message('VersionChanged', {
  kind: VersionKind,
  version: z.string(),
  previous: z.nullable(z.string()),
});
/** PRODUCT.md §9: the mobile app version differs from '1'. */
export const UpdateNeededFlagged = message('UpdateNeededFlagged', { mobileAppVersion: z.string() });

export const SettingEventSchema = z.discriminatedUnion('type', [
  SettingsRequested,
  SettingsLoaded,
  SettingsLoadFailed,
  VersionChanged,
  UpdateNeededFlagged,
]);
export type SettingEvent = z.infer<typeof SettingEventSchema>;
