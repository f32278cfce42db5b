import { defineConfig } from 'vitest/config';

/**
 * Test files that need a module graph of their own: they stub the page's globals before importing
 * the browser client, or hold the client's module state (its base URL, outbox, started flag).
 */
const ISOLATED = ['api/test/api-client.test.ts', 'shared/core/src/zod.test.ts', 'shared/react/src/api/client.test.ts'];

const shared = {
  environment: 'node',
  // The AWS SDK warns at every start that its 2027 releases will need Node 22; once is enough (DEPLOY.md).
  env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  testTimeout: 60_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    // The root's global setup runs once for both projects, which read what it provides.
    globalSetup: ['api/test/services-setup.ts'],
    // Vitest runs one file at a time on two cores (one worker fewer than the cores). These files
    // mostly wait on their databases, servers and child processes, so three at once finish in
    // about half the time there (`pnpm test` prints each run's figures).
    maxWorkers: 3,
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['{shared/*,shell,review,remote-*,api,release}/{src,test}/**/*.test.{ts,tsx}'],
          exclude: [...ISOLATED, '**/node_modules/**'],
          // A worker loads the API's modules (Fastify, Kysely, the AWS SDK...) once for all its files
          // instead of once per file: that load was most of the unit phase's time.
          isolate: false,
        },
      },
      { test: { ...shared, name: 'isolated', include: ISOLATED } },
    ],
  },
});
