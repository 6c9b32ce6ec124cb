// GET /setting/version, GET /setting/:name (three single values), GET /setting (PRODUCT.md §7).
import type { FastifyInstance } from 'fastify';
import {
  getSettings,
  getSettingValue,
  getSettingsVersion,
  SingleSettingName,
} from '../../src/api/contract/settings.js';
import { notFound } from '../http/errors.js';
import { route } from '../http/route.js';
import { loadStorefrontSettings } from '../services/storefrontSettings.js';
import { readContentVersion } from '../services/catalog.js';
import { settingNotFoundMessage } from '../../src/domain/messages.js';
import { readSettingValue, SINGLE_VALUE_SETTINGS } from '../services/settings.js';

export async function registerSettings(app: FastifyInstance): Promise<void> {
  route(app, getSettingsVersion, async () => ({
    version: await app.ctx.db.run((db) => readContentVersion(db, 'settings')),
  }));

  route(app, getSettingValue, async ({ params }) => {
    const name = SingleSettingName.safeParse(params.name);
    if (!name.success) throw notFound(settingNotFoundMessage(params.name), 'setting-not-found');
    if (name.data === 'SETTINGS_VERSION') return app.ctx.db.run((db) => readContentVersion(db, 'settings'));
    const stored = await app.ctx.db.run((db) => readSettingValue(db, name.data));
    return stored === undefined || stored === null || stored === ''
      ? (SINGLE_VALUE_SETTINGS[name.data] ?? '1')
      : String(stored);
  });

  route(app, getSettings, async ({ request, reply }) => {
    const prepared = await loadStorefrontSettings(app.ctx);
    reply.header('etag', prepared.etag).header('cache-control', 'no-cache');
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === prepared.etag)) {
      return reply.code(304).send();
    }
    return prepared.settings;
  });
}
