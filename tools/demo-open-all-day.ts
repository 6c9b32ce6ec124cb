// `npm run demo:open-all-day`: the demo chain's restaurants open around the clock (every day
// 00:00 → 00:01 the next day), so the docs/IIKO.md walkthrough can be followed at any hour: the
// seeded hours are 10:00–02:00 Irkutsk time, and outside them the storefront rightly refuses
// orders. Run it with the server stopped (PGlite's DATA_DIR is one process's), before `npm start`;
// it seeds the demo chain first on a fresh database. Staff change real hours in /admin.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';
import { DataDirLockedError } from '../server/db/lock.js';
import { seedDemoChain } from '../server/seed/index.js';

const OPEN_ALL_DAY = Array.from({ length: 7 }, () => ({ open: '00:00', close: '00:01', isNextDay: true }));

const config = loadConfig();
let db: Awaited<ReturnType<typeof openDatabase>>;
try {
  db = await openDatabase(config);
} catch (error) {
  // a running server holds PGlite's DATA_DIR: its own message says so, in Russian
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}
try {
  await seedDemoChain(db);
  const updated = await db.run((x) =>
    x.execute<{ delivery_terminal_id: string }>(
      sql`update restaurants set hours = ${JSON.stringify(OPEN_ALL_DAY)}::jsonb returning delivery_terminal_id`,
    ),
  );
  console.log(`Рестораны открыты круглосуточно: ${updated.rows.length}. Теперь запустите сервер: npm start`);
} finally {
  await db.close();
}
