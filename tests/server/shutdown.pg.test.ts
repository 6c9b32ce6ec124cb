// SIGTERM under load on a PostgreSQL server (`npm run test:pg`): see shutdownScenario.ts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../../server/db/database.js';
import { describeShutdownUnderLoad } from './shutdownScenario.js';

const baseUrl = process.env.TEST_DATABASE_URL ?? '';
if (!baseUrl) throw new Error('shutdown.pg.test.ts needs TEST_DATABASE_URL: run it with `npm run test:pg`');

describeShutdownUnderLoad('PostgreSQL', async () => {
  const name = `storefront_shutdown_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-shutdown-pg-'));
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    open: () => openPostgres(url.toString()),
    cleanup: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
