// SIGTERM under load on the embedded database (PGlite in DATA_DIR): see shutdownScenario.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../../server/db/database.js';
import { describeShutdownUnderLoad } from './shutdownScenario.js';

describeShutdownUnderLoad('PGlite', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-shutdown-'));
  return {
    // not the parent run's DATABASE_URL: this file is about PGlite
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openPglite(dataDir),
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
});
