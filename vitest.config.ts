import { defineConfig } from 'vitest/config';

// Two projects, both run by `npm test` (`vitest run`):
// - unit: domain, deciders, property, effects, views, server (property tests run 1,000+ cases in
//   CI; locally FC_RUNS may lower it);
// - e2e: tests/e2e/**/*.e2e.test.ts, the real server and Debian's Chromium (tests/e2e/harness.ts),
//   one file at a time after the unit project, with long timeouts.
// `npx vitest run --project e2e` runs the browser suite alone.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          // *.pg.test.ts need a PostgreSQL server: `npm run test:pg` sets TEST_DATABASE_URL
          exclude: [
            'tests/e2e/**',
            'node_modules/**',
            ...(process.env.TEST_DATABASE_URL ? [] : ['tests/**/*.pg.test.ts']),
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 600_000,
          pool: 'forks',
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
