import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from './e2e/support/admin-token.ts';
import {
  ALLOW_CAMERA_PROMPT_ARG,
  CHROMIUM_PATH,
  FAKE_CAMERA_ARG,
  QUIET_CHROMIUM_ARGS,
} from './e2e/support/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 8181);
const smtpPort = port + 1;
// Set once in the main process; workers inherit it, so every run starts from an empty database.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'assessment-e2e-'));
// The run's mail server writes what it receives here (e2e/support/smtp-sink.mjs).
process.env.E2E_MAIL_SINK_DIR ??= path.join(process.env.E2E_DATA_DIR, 'smtp-sink');
process.env.E2E_SMTP_PORT = String(smtpPort);

/**
 * End-to-end tests run against the product exactly as `pnpm start` runs it (built front ends
 * served by the real API on a throwaway data folder), in Debian's Chromium.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Three on two cores: with two, the cores stood idle a fifth of the run while both workers waited
  // on a server, a timer or the network; the whole run on a built tree took 692 s with two and
  // 618 s with three, on the same quiet 2-core machine.
  workers: 3,
  // One more attempt, granted only to a test whose browser drew no frames (e2e/support/frame-stall.ts).
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...QUIET_CHROMIUM_ARGS, ALLOW_CAMERA_PROMPT_ARG, FAKE_CAMERA_ARG],
    },
  },
  webServer: [
    {
      command: 'node e2e/support/smtp-sink.mjs',
      port: smtpPort,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_MAIL_SINK_DIR: process.env.E2E_MAIL_SINK_DIR, E2E_SMTP_PORT: process.env.E2E_SMTP_PORT },
    },
    {
      command: 'node scripts/start.mjs',
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        ADMIN_TOKEN: E2E_ADMIN_TOKEN,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000',
        // Every reviewer of every spec signs in from 127.0.0.1, so the default cap per address (60 an
        // hour) would be spent by the suite itself as it grows, or by a repeated run; the cap is
        // proven on servers of their own (`api/test/review-api.test.ts`).
        SIGN_INS_PER_IP_PER_HOUR: '100000',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        PUBLIC_URL: `http://localhost:${port}`,
        // Lets the review page make Greenhouse keys (`e2e/review-greenhouse.spec.ts`).
        PARTNER_KEY_SECRET: 'the e2e run operator secret for Greenhouse keys, 0123456789',
      },
    },
  ],
});
