// `npm run bench:order-cpu`: the server's CPU per POST /order without sockets, the load
// generator or the captcha verifier: 8 customers order at once through app.inject, on an
// in-memory PGlite (or the PostgreSQL at TEST_DATABASE_URL: `bash tools/pg-test-server.sh run
// npm run bench:order-cpu`, where PostgreSQL's own CPU is not counted). Process CPU time per order,
// so it moves much less with a busy machine than bench:api's orders/s. Asserts nothing.
import { createTestServer } from '../tests/server/helpers.js';
import { OPEN_NOW, deliveryBody, postOrder, signedInUser } from '../tests/server/ordersFixtures.js';
import { seedPromotions } from '../server/services/promo.js';

// BENCH_SMOKE=1 (CI): one short round, only to prove the benchmark still runs
const SMOKE = process.env.BENCH_SMOKE === '1';
const ROUNDS = Number(process.env.ROUNDS ?? (SMOKE ? 1 : 5));
const ORDERS = Number(process.env.ORDERS ?? (SMOKE ? 40 : 400));
const CUSTOMERS = 8;

async function main(): Promise<void> {
  // the reference data is kept for a second, as in production (the tests read their writes at once)
  const server = await createTestServer({ config: { contentVersionMaxAgeMs: 1000 } });
  try {
    server.clock.set(OPEN_NOW);
    await seedPromotions(server.db);
    const customers: { token: string }[] = [];
    for (let i = 0; i < CUSTOMERS; i++) customers.push(await signedInUser(server.db));
    const body = deliveryBody({ changeFrom: null });
    const round = async (n: number): Promise<number> => {
      const start = process.cpuUsage();
      let next = 0;
      await Promise.all(
        customers.map(async (c) => {
          while (next < n) {
            next += 1;
            const res = await postOrder(server, c.token, body);
            if (res.statusCode !== 200) throw new Error(`POST /order answered ${res.statusCode}: ${res.body}`);
          }
        }),
      );
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000 / n;
    };
    await round(200); // warm-up: prepared statements, JIT, the reference copy
    const runs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) runs.push(await round(ORDERS));
    const sorted = [...runs].sort((a, b) => a - b);
    const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL (its own CPU not counted)' : 'in-memory PGlite';
    console.log(
      `POST /order in-process, ${database}, ${CUSTOMERS} customers at once: CPU ms per order over ${ROUNDS} rounds of ${ORDERS}: ` +
        `${runs.map((r) => r.toFixed(2)).join(', ')}; median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(2)}`,
    );
  } finally {
    await server.close();
  }
}

await main();
