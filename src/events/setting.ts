// Settings and version events (PRODUCT.md §7, §9 background checks).
import { z } from 'zod/mini';
import { Settings } from '../api/entities';
import { messageUnion } from './define';

export const VersionKind = z.enum(['catalog', 'settings', 'store', 'mobileApp']);
export type VersionKind = z.infer<typeof VersionKind>;

export const SettingEventSchema = messageUnion({
  SettingsRequested: {},
  SettingsLoaded: { settings: Settings },
  SettingsLoadFailed: { message: z.string() },
  /**
   * A version check saw a new value. `previous: null` is the first value seen (no reload).
   * Effects: catalog → reload the catalogue, settings → reload settings, store → full page reload.
   */
  VersionChanged: {
    kind: VersionKind,
    version: z.string(),
    previous: z.nullable(z.string()),
  },
  /** PRODUCT.md §9: the mobile app version differs from '1'. */
  UpdateNeededFlagged: { mobileAppVersion: z.string() },
});
export type SettingEvent = z.infer<typeof SettingEventSchema>;
