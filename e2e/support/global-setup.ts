import { chromium } from '@playwright/test';
import { CHROMIUM_PATH, QUIET_CHROMIUM_ARGS } from './chromium.ts';

/**
 * Names the browser the run is in before any test: Debian serves different Chromium builds from
 * one machine to the next, and a failure is read against the build it happened in.
 */
export default async function printChromiumVersion(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: QUIET_CHROMIUM_ARGS });
  try {
    console.log(`End-to-end tests in Chromium ${browser.version()} (${CHROMIUM_PATH})`);
  } finally {
    await browser.close();
  }
}
