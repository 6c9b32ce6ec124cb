// Settings calls of PRODUCT.md §7: the settings version, three single values, the Settings object.
import { z } from 'zod/mini';
import { defineRoute } from '../route.js';
import { Settings } from '../entities.js';
import { VersionAnswer } from './catalog.js';

export const getSettingsVersion = defineRoute('none', 'GET /setting/version', {
  summary: 'Settings version; changes whenever a setting, city, restaurant or delivery zone changes',
  response: VersionAnswer,
});

/** Names GET /setting/:name answers; any other name is a 404. */
export const SingleSettingName = z.enum(['SETTINGS_VERSION', 'STORE_VERSION', 'MOBILE_APP_VERSION']);
export type SingleSettingName = z.infer<typeof SingleSettingName>;

export const getSettingValue = defineRoute('none', 'GET /setting/:name', {
  summary:
    'One value as a bare JSON string (PRODUCT.md §7): SETTINGS_VERSION, STORE_VERSION (defaults to "1") or MOBILE_APP_VERSION',
  params: z.object({ name: z.string().check(z.minLength(1), z.maxLength(64)) }),
  // a single value, not an object: a string like the catalogue's version, compared for equality
  response: z.string().check(z.minLength(1)),
});

export const getSettings = defineRoute('none', 'GET /setting', {
  summary: 'The settings object of PRODUCT.md §3',
  response: Settings,
});
