// setting commands: zod schemas and types. The decider is in setting.decide.ts.
import { z } from 'zod/mini';
import { Settings } from '../api/entities';
import { bare, message } from '../events/define';

export const StartSettingsLoad = bare('StartSettingsLoad');
export const ApplySettings = message('ApplySettings', { settings: Settings });
export const ReportSettingsFailure = message('ReportSettingsFailure', { message: z.string() });
/** Values answered by the version endpoints; absent = not checked this time. */
export const CheckVersions = message('CheckVersions', {
  catalogVersion: z.optional(z.string()),
  settingsVersion: z.optional(z.string()),
  storeVersion: z.optional(z.string()),
  mobileAppVersion: z.optional(z.string()),
});
export const SettingCommandSchema = z.discriminatedUnion('type', [
  StartSettingsLoad,
  ApplySettings,
  ReportSettingsFailure,
  CheckVersions,
]);
export type SettingCommand = z.infer<typeof SettingCommandSchema>;
