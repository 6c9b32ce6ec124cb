// The storefront's calls that a first visit to the menu makes (settings, cities, catalogue,
// versions): a chunk of its own with the answer schemas they check, loaded on the first such call,
// which no first paint waits for: a server-rendered page carries its data (src/views/app/lazyAreas.ts).
import type { ApiClient } from './client';
import { fromAbortable } from './abortable';
import { getCatalog, getCatalogVersion } from './contract/catalog';
import { listCities } from './contract/cities';
import { getSettings, getSettingsVersion, getSettingValue } from './contract/settings';
import type { MenuCalls } from './storefrontApi';

export function createMenuCalls(client: ApiClient): MenuCalls {
  const value = (name: 'STORE_VERSION' | 'MOBILE_APP_VERSION') =>
    fromAbortable((signal) => client.call(getSettingValue, { params: { name }, signal }));
  return {
    getCatalogVersion: () =>
      fromAbortable((signal) => client.call(getCatalogVersion, { signal }).then((r) => r.version)),
    getSettingsVersion: () =>
      fromAbortable((signal) => client.call(getSettingsVersion, { signal }).then((r) => r.version)),
    getStoreVersion: () => value('STORE_VERSION'),
    getMobileAppVersion: () => value('MOBILE_APP_VERSION'),
    getSettings: () => fromAbortable((signal) => client.call(getSettings, { signal })),
    getCatalog: () => fromAbortable((signal) => client.call(getCatalog, { signal })),
    getCities: () => fromAbortable((signal) => client.call(listCities, { signal })),
  };
}
