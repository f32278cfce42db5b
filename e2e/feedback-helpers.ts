import type { APIRequestContext, Page } from '@playwright/test';
import { adminSession, agreeAndStart, SAMPLE_ID } from './fixtures.ts';

/**
 * Registers through the real landing page, then records the end of the video section the way the
 * video remote does (`VideoRecorded`, or `noVideo` for a candidate without a working camera), and
 * opens the feedback section.
 */
export async function reachFeedback(page: Page, videoChoice: 'VideoRecorded' | 'noVideo' = 'VideoRecorded') {
  await agreeAndStart(page);
  await page.evaluate((key) => localStorage.setItem(key, 'true'), videoChoice);
  await page.goto(`/invite/${SAMPLE_ID}/iprep`);
}

/** What the hiring company reads about this session's feedback, through the admin API. */
export async function storedFeedback(
  request: APIRequestContext,
  unique: string,
): Promise<{ stars: number; feedback: string } | null> {
  return (await adminSession(request, unique))?.feedback ?? null;
}
