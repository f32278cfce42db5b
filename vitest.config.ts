import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared/*,shell,review,remote-*,api}/{src,test}/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['api/test/services-setup.ts'],
    // The AWS SDK warns at every start that its 2027 releases will need Node 22; once is enough (DEPLOY.md).
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
