import { defineConfig } from 'vitest/config';

const pg = process.env.TEST_DATABASE_URL;

/**
 * Projects: unit (pure functions), api (every API test through inject on PGlite), api-pg (the same files on
 * PostgreSQL when TEST_DATABASE_URL is set), e2e (built portal in Debian's Chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          globalSetup: ['apps/api/test/support/global-setup.ts'],
          env: { PORTAL_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(pg
        ? [
            {
              test: {
                name: 'api-pg',
                include: ['apps/api/test/**/*.test.ts'],
                globalSetup: ['apps/api/test/support/global-setup.ts'],
                env: { PORTAL_TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
