// setting commands: zod schemas and types. The decider is in setting.decide.ts.
import { z } from 'zod/mini';
import { Settings } from '../api/entities';
import { messageUnion } from '../events/define';

export const SettingCommandSchema = messageUnion({
  StartSettingsLoad: {},
  ApplySettings: { settings: Settings },
  ReportSettingsFailure: { message: z.string() },
  /** Values answered by the version endpoints; absent = not checked this time. */
  CheckVersions: {
    catalogVersion: z.optional(z.string()),
    settingsVersion: z.optional(z.string()),
    storeVersion: z.optional(z.string()),
    mobileAppVersion: z.optional(z.string()),
  },
});
export type SettingCommand = z.infer<typeof SettingCommandSchema>;
