import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared/*,shell,review,remote-*,api,release}/{src,test}/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['api/test/services-setup.ts'],
    // The AWS SDK warns at every start that its 2027 releases will need Node 22; once is enough (DEPLOY.md).
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // Vitest runs one file at a time on two cores (one worker fewer than the cores). These files
    // mostly wait on their databases, servers and child processes, so three at once finish in
    // about half the time there (`pnpm test` prints each run's figures).
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
