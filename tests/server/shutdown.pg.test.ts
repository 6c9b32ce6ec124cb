// SIGTERM under load on a PostgreSQL server (`npm run test:pg`): see shutdownScenario.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgres } from '../../server/db/database.js';
import { freshPostgres } from './freshPostgres.js';
import { describeShutdownUnderLoad } from './shutdownScenario.js';

const baseUrl = process.env.TEST_DATABASE_URL ?? '';
if (!baseUrl) throw new Error('shutdown.pg.test.ts needs TEST_DATABASE_URL: run it with `npm run test:pg`');

describeShutdownUnderLoad('PostgreSQL', async () => {
  const fresh = await freshPostgres(baseUrl, 'storefront_shutdown');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-shutdown-pg-'));
  return {
    env: { DATABASE_URL: fresh.url, DATA_DIR: dataDir },
    open: () => openPostgres(fresh.url),
    cleanup: async () => {
      await fresh.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
