// setting commands: schemas and types (decider below).
import { z } from 'zod';
import { Settings } from '../api/entities';
import { bare, message } from '../events/define';

export const StartSettingsLoad = bare('StartSettingsLoad');
export const ApplySettings = message('ApplySettings', { settings: Settings });
export const ReportSettingsFailure = message('ReportSettingsFailure', { message: z.string() });
/** Values answered by the version endpoints; absent = not checked this time. */
export const CheckVersions = message('CheckVersions', {
  catalogVersion: z.string().optional(),
  settingsVersion: z.string().optional(),
  storeVersion: z.string().optional(),
  mobileAppVersion: z.string().optional(),
});
export const SettingCommandSchema = z.discriminatedUnion('type', [StartSettingsLoad, ApplySettings, ReportSettingsFailure, CheckVersions]);
export type SettingCommand = z.infer<typeof SettingCommandSchema>;
