// `npm start`: builds the client and its server rendering if they are not built, opens the database
// (PGlite in DATA_DIR or DATABASE_URL), migrates, seeds the demo chain on first start, and serves everything on PORT.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import pino from 'pino';
import {
  describeConfig,
  nearMissMessage,
  productionConfigProblems,
  readConfig,
  redactedConfig,
  type Config,
} from './config.js';
import { DatabaseConnectError, openDatabase } from './db/database.js';
import { DataDirLockedError } from './db/lock.js';
import { buildApp } from './app.js';
import { drainAndClose } from './http/drain.js';
import { logSerializers } from './http/logging.js';
import { systemClock } from './context.js';
import { createPush } from './push.js';
import { createSms } from './integrations/sms.js';
import { seedDemoChain } from './seed/index.js';
import { ensureFirstAdmin } from './services/admin/staff.js';
import { startPosRunner, type PosRunner } from './services/pos/runner.js';
import { startCampaignRunner, type CampaignRunner } from './services/campaigns/runner.js';
import { pushesSettled } from './services/webPush.js';

// The only read of the environment (server/config.ts); `npm start -- --check-config` stops after it.
const checkOnly = process.argv.slice(2).includes('--check-config');
const reading = readConfig();
const log = pino({
  // an unreadable LOG_LEVEL is among the refusals below, logged at the default level
  level: reading.config?.logLevel ?? 'info',
  redact: ['req.headers.authorization', '*.token', '*.password', '*.code'],
  serializers: logSerializers,
});

function ensureClientBuilt(config: Config): void {
  // A first start builds the browser files and their server rendering. An existing build is left
  // alone (several processes may start at once); one without the rendering serves unrendered pages.
  if (fs.existsSync(path.join(config.clientDir, 'index.html'))) return;
  for (const args of [
    ['vite', 'build'],
    ['vite', 'build', '--ssr'],
  ]) {
    log.info(`${args.join(' ')} (first start)…`);
    const result = spawnSync('npx', args, { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
  }
}

async function main(): Promise<void> {
  if (checkOnly) {
    // neither the database nor the port: what the start would use, and whether it would refuse
    const { ok, text } = describeConfig();
    console.log(text);
    process.exitCode = ok ? 0 : 1;
    return;
  }
  for (const miss of reading.nearMisses) log.warn(miss, nearMissMessage(miss));
  const config = reading.config;
  if (config === null) {
    log.fatal({ problems: reading.problems }, 'refusing to start with settings it cannot read');
    process.exitCode = 1;
    return;
  }
  // Real customers, real money: never with the offline stand-ins (config.ts productionConfigProblems).
  const problems = config.isProduction ? productionConfigProblems(config) : [];
  if (problems.length > 0) {
    log.fatal({ problems }, 'NODE_ENV=production: refusing to start with test stand-ins');
    process.exitCode = 1;
    return;
  }
  ensureClientBuilt(config);
  const db = await openDatabase(config, log);
  const seeded = await seedDemoChain(db);
  if (seeded) log.info('seeded the demo chain');
  // the first admin (docs/ADMIN.md): a generated password goes to stdout once, never to the log
  const firstAdmin = await ensureFirstAdmin(db, config.admin, systemClock.now());
  if (firstAdmin) {
    log.info({ login: firstAdmin.login }, 'created the first admin');
    if (firstAdmin.generatedPassword !== null) {
      console.log(
        `Admin area: http://localhost:${config.port}/admin  login: ${firstAdmin.login}  password: ${firstAdmin.generatedPassword}\n` +
          '(shown once; change it in /admin or start with ADMIN_PASSWORD on a fresh database)',
      );
    }
  }
  const push = await createPush(db, log);
  const sms = createSms(config, db, log);
  const app = await buildApp({ config, db, clock: systemClock, push, sms }, { loggerInstance: log });
  let posRunner: PosRunner | null = null;
  let campaignRunner: CampaignRunner | null = null;
  let closing = false;
  let skipGrace: () => void = () => undefined;
  const graceSkipped = new Promise<void>((resolve) => (skipGrace = resolve));
  const shutdown = async (signal: string) => {
    if (closing) {
      // a second signal (Ctrl+C twice) does not wait out the grace period
      log.info({ signal }, 'second signal: closing without the rest of the grace period');
      skipGrace();
      return;
    }
    closing = true;
    log.info(
      { signal, graceS: config.shutdownGraceSeconds },
      'shutting down: draining (readiness answers 503), then closing',
    );
    try {
      // serves on through the grace period, then stops accepting, finishes requests, closes WebSockets
      await drainAndClose(app, config.shutdownGraceSeconds * 1000, graceSkipped);
      log.info('closed: no request in flight');
      await posRunner?.stop();
      await campaignRunner?.stop();
      // web pushes already started finish (each is cut off by WEB_PUSH_TIMEOUT_MS)
      await pushesSettled(app.ctx);
      await push.close();
      await db.close(); // releases the DATA_DIR lock
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  // the POS worker (docs/IIKO.md): nothing with the embedded POS
  posRunner = await startPosRunner(app.ctx, log);
  // advertising campaigns (docs/ADMIN.md «Campaigns»): every process sends its share of the rate
  campaignRunner = startCampaignRunner(app.ctx, log);
  log.info(redactedConfig(config), 'configuration');
  const where =
    config.sms.provider === 'outbox'
      ? 'the server log and the sms_outbox table (GET /api/v1/admin/sms-outbox with an admin token, or /admin)'
      : 'the SMS gateway';
  console.log(`Storefront: http://localhost:${config.port}  (sign-in codes go to ${where})`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof DatabaseConnectError) {
    // not a crash: say it plainly (in Russian) for the person who started the second process
    console.error(error.message);
    log.fatal(error.message);
  } else {
    log.fatal({ err: error }, error instanceof Error ? error.message : 'start failed');
  }
  process.exit(1);
});
