import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,shell,remote-quiz,remote-video,remote-feedback,api}/{src,test}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
