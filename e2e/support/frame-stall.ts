import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/*
 * Debian's Chromium, headless, now and then gives one page no frames at all: its scripts run, but
 * `requestAnimationFrame` never fires. Playwright waits for two frames before it clicks or checks
 * (its "stable" check), so a test on such a page waits out its whole timeout on its first click
 * although the page is fine; CI saw it once, on the confirmation form's declaration checkbox.
 * Such a test is tried once more, in a new browser (`retries` in playwright.config.ts), and only
 * such a test: a failure of any other kind is not tried again, so a race in the product or in a
 * test still fails the run.
 */

/** Where an attempt's stall is noted for the next attempt, which may run in another worker. */
function markerOf(testInfo: TestInfo, attempt: number): string {
  const name = `${testInfo.testId}-${testInfo.repeatEachIndex}-${attempt}`;
  return path.join(testInfo.project.outputDir, 'frame-stalls', name);
}

/** Whether `page` is shown and runs scripts, yet draws no frame in two seconds. */
async function drawsNoFrames(page: Page): Promise<boolean> {
  if (page.isClosed()) return false;
  const probe = page
    .evaluate(
      () =>
        new Promise<string>((resolve) => {
          requestAnimationFrame(() => resolve('drawn'));
          setTimeout(() => resolve(document.visibilityState === 'visible' ? 'stalled' : 'hidden'), 2000);
        }),
    )
    .catch(() => 'closed');
  let timer: NodeJS.Timeout | undefined;
  const unanswered = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('unanswered'), 5000);
  });
  const answer = await Promise.race([probe, unanswered]);
  clearTimeout(timer);
  return answer === 'stalled';
}

/**
 * After a failed attempt, notes whether one of the test's pages drew no frames, so that the next
 * attempt may run; the note is printed and kept with the test's annotations.
 */
export async function noteFrameStall(testInfo: TestInfo, pages: readonly Page[]): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const page of pages) {
    if (!(await drawsNoFrames(page))) continue;
    const description = `Chromium drew no frame for ${page.url()} in 2 s: the browser stalled, not the page`;
    testInfo.annotations.push({ type: 'frame stall', description });
    process.stderr.write(`${testInfo.title}: ${description}; tried again in a new browser.\n`);
    const marker = markerOf(testInfo, testInfo.retry);
    fs.mkdirSync(path.dirname(marker), { recursive: true });
    fs.writeFileSync(marker, description);
    return;
  }
}

/** Refuses a retry whose previous attempt failed for a reason other than a frame stall. */
export function refuseRetryWithoutFrameStall(testInfo: TestInfo): void {
  if (testInfo.retry === 0 || fs.existsSync(markerOf(testInfo, testInfo.retry - 1))) return;
  throw new Error(
    'Not tried again: the first attempt failed for a reason of its own, not a browser that drew no frames (see e2e/support/frame-stall.ts).',
  );
}
