import type { Page, TestInfo } from '@playwright/test';

/*
 * CI keeps only what the run prints, not `test-results/`. A failed test prints what each of its
 * pages showed and logged at the end, so a failure that happens once in many runs (a race, or one
 * Chromium build) can be understood from the log alone.
 */

const KEPT_MESSAGES = 40;
const SNAPSHOT_CHARACTERS = 4000;

const consoles = new WeakMap<Page, string[]>();

/** Keeps the page's last console messages, of every kind, with the moment each came. */
export function keepConsole(page: Page): void {
  const started = performance.now();
  const kept: string[] = [];
  consoles.set(page, kept);
  page.on('console', (message) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    kept.push(`${seconds} s ${message.type()}: ${message.text()}`);
    if (kept.length > KEPT_MESSAGES) kept.shift();
  });
  page.on('pageerror', (error) => kept.push(`page error: ${error.message}`));
}

/** After a failed attempt, prints each page's address, what it showed, and its last console messages. */
export async function reportFailure(testInfo: TestInfo, pages: readonly Page[]): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus) return;
  const lines = [`--- what the pages of "${testInfo.title}" showed when it failed (attempt ${testInfo.retry + 1})`];
  for (const page of pages) {
    if (page.isClosed()) continue;
    const snapshot = await page
      .locator('body')
      .ariaSnapshot({ timeout: 3000 })
      .catch((error: Error) => `(no snapshot: ${error.message.split('\n')[0]})`);
    lines.push(`page ${page.url()}`, snapshot.slice(0, SNAPSHOT_CHARACTERS), 'console:', ...(consoles.get(page) ?? []));
  }
  process.stderr.write(`${lines.join('\n')}\n---\n`);
}
