import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { FORBIDDEN_WORDS } from 'remote-video/honesty';
import {
  ADMIN_TOKEN,
  type AdminSession,
  agreeAndStart,
  expect,
  failedRequest,
  SAMPLE_ID,
  sessionOfPage,
} from './fixtures.ts';

export const VINTRO = `/invite/${SAMPLE_ID}/vintro`;
export const IPREP = `/invite/${SAMPLE_ID}/iprep`;

/** Every request of the tus upload: the creation (`/api/videos`) and the upload itself (`/api/videos/<id>`). */
export const VIDEO_UPLOAD = /\/api\/videos(\/|$)/;

/** Registers through the real landing page, then opens the video section. */
export async function openVideoSection(page: Page): Promise<void> {
  await agreeAndStart(page);
  await page.goto(VINTRO);
  await expect(page.getByRole('heading', { level: 1, name: 'Video Introduction' })).toBeVisible();
}

/** A toast of the section, by its exact text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.Toastify__toast').filter({ hasText: text });
}

/** Request Camera Access, as a candidate with a working camera does: Record Now is then next. */
export async function connectCamera(page: Page): Promise<void> {
  const request = page.getByRole('button', { name: 'Request Camera Access' });
  // While the page still connects to the camera, the button says it does nothing (aria-disabled,
  // remote-video/src/camera/CameraSetup.tsx) and a press is ignored, as it is for a candidate.
  await expect(request).toHaveAttribute('aria-disabled', 'false');
  await request.click();
  await expect(toast(page, 'fake_device_0 is connected. Please click "Record Now" Button.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record Now' })).toBeFocused();
}

/**
 * Until the recording's elapsed clock shows at least `seconds`: a busy machine may draw 00:02 and
 * then 00:04, so no one reading is waited for.
 */
export async function waitForElapsed(page: Page, seconds: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const [minutes = 0, secs = 0] = ((await page.getByRole('timer').textContent()) ?? '').split(':').map(Number);
        return minutes * 60 + secs;
      },
      { timeout: (seconds + 5) * 1000 },
    )
    .toBeGreaterThanOrEqual(seconds);
}

/**
 * Records until the timer shows `seconds`, then stops. The take starts with `start`: Record Now in
 * the camera setup, or Record in the recording view after a Retry. Answers how long the recorder
 * can have run at most: from that click to the moment the take is ready, as this test's clock saw
 * it (a busy machine makes the stop late, and the take longer, by as much).
 */
export async function recordFor(
  page: Page,
  seconds: number,
  start: 'Record Now' | 'Record' = 'Record',
): Promise<{ atMostSeconds: number }> {
  const started = performance.now();
  await page.getByRole('button', { name: start, exact: true }).click();
  const recording = page.getByRole('button', { name: 'Recording' });
  await expect(recording).toBeFocused();
  await waitForElapsed(page, seconds);
  await recording.click();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  return { atMostSeconds: (performance.now() - started) / 1000 };
}

/** The duration a `<video>` reports once its metadata is in, in seconds. */
export async function playableDuration(video: Locator): Promise<number> {
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThan(0);
  return video.evaluate((element: HTMLVideoElement) => element.duration);
}

/** Plays the take for a moment and seeks in it: what a candidate does before submitting. */
export async function playBackAndSeek(video: Locator): Promise<void> {
  await video.evaluate((element: HTMLVideoElement) => element.play());
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0.3);
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.pause();
    const seeked = new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
    element.currentTime = 1.5;
    await seeked;
  });
  expect(await video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeCloseTo(1.5, 0);
}

/** The admin view of this page's session once its video is complete. */
export async function completedVideoSession(page: Page, request: APIRequestContext): Promise<AdminSession> {
  let session: AdminSession | undefined;
  await expect
    .poll(async () => {
      session = await sessionOfPage(page, request);
      return session?.video?.status;
    })
    .toBe('complete');
  return session as AdminSession;
}

export interface StoredFile {
  bytes: Buffer;
  /** What ffprobe found odd about the file; empty for a clean file. */
  warnings: string;
  /** When the last frame (of sound or picture) starts, from the frames themselves rather than the header. */
  lastFrameSeconds: number;
  /** What ffprobe reads from the file itself. */
  probe: { format: { format_name: string; duration?: string }; streams: { codec_type: string; codec_name: string }[] };
}

/** The stored video through the admin API, as the hiring company gets it, and ffprobe's reading of it. */
export async function fetchStoredVideo(request: APIRequestContext, session: AdminSession): Promise<StoredFile> {
  const response = await request.get(`/api/admin/sessions/${encodeURIComponent(session.sessionId)}/video`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(response.status()).toBe(200);
  const bytes = await response.body();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'video-e2e-'));
  const file = path.join(folder, 'stored.webm');
  fs.writeFileSync(file, bytes);
  try {
    const probe = spawnSync(
      'ffprobe',
      [
        '-v',
        'warning',
        '-show_entries',
        'format=format_name,duration:stream=codec_type,codec_name',
        '-of',
        'json',
        file,
      ],
      { encoding: 'utf8' },
    );
    expect(probe.status, probe.stderr).toBe(0);
    const frames = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file], {
      encoding: 'utf8',
    });
    const lastFrameSeconds = Math.max(...frames.stdout.split('\n').filter(Boolean).map(Number));
    return { bytes, warnings: probe.stderr.trim(), lastFrameSeconds, probe: JSON.parse(probe.stdout) };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The header's duration is the length of the recording: about what was recorded (the test stops
 * at "00:03" on the timer; no longer than the recorder ran, `recordFor`), and matching the frames
 * in the file.
 */
export function expectAboutThreeSeconds(stored: StoredFile, take: { atMostSeconds: number }): void {
  const duration = Number(stored.probe.format.duration);
  expect(duration).toBeGreaterThan(2.5);
  expect(duration).toBeLessThan(take.atMostSeconds + 0.5);
  expect(Math.abs(duration - stored.lastFrameSeconds)).toBeLessThan(0.25);
}

export const WEBM_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** Nothing on the page, shown or hidden, asks the candidate to run, fetch or set up anything (README.md, What this is). */
export async function expectHonestScreen(page: Page): Promise<void> {
  const text = (await page.locator('body').textContent()) ?? '';
  expect(text.length).toBeGreaterThan(0);
  expect(text.match(FORBIDDEN_WORDS)?.[0] ?? null).toBeNull();
}

export const FIRST_ACCESS_FAILED = 'Error accessing camera or microphone. Please reload the site.';
export const CHECK_FAILED = 'Error camera drive check.';

/** The honest tips, the notice, and the way on for a candidate without a working camera. */
export async function expectTipsAndWayOn(page: Page) {
  const tips = page.getByRole('region', { name: 'Trouble with your webcam?' });
  await expect(tips).toContainText('Allow this site to use your camera and microphone');
  await expect(tips).toContainText("Check your computer's camera privacy setting");
  await expect(tips).toContainText('Close other apps and browser tabs that may be using the camera');
  await expect(tips).toContainText('Unplug the camera and connect it again');
  await expect(tips).toContainText('Reload this page.');
  await expect(tips).toContainText('Try another up-to-date browser');
  await expect(page.getByText('fair play cannot be verified without one')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record Now' })).toHaveCount(0);
  await expectHonestScreen(page);
}

/** Continue without video reaches the feedback section, and the hiring company reads why. */
export async function continueWithoutVideo(page: Page, request: APIRequestContext, reason: string) {
  await page.getByRole('button', { name: 'Continue without video' }).click();
  await expect(page).toHaveURL(IPREP);
  await expect(page.getByRole('heading', { level: 1, name: 'Interview Preparation' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('noVideo'))).toBe('true');
  await expect.poll(async () => (await sessionOfPage(page, request))?.noVideo?.reason).toBe(reason);
}

/** How many rows the video section keeps in the browser's IndexedDB store `store`. */
export function storedVideoRows(page: Page, store: 'recordings' | 'chunks'): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('assessment-video');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const count = opening.result.transaction(name).objectStore(name).count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
    store,
  );
}

/**
 * Moves the page's clock (installed with `page.clock.install()`) on a little at a time until
 * `reached` holds, and answers by how much: how long a candidate would have waited for it. The
 * steps are small, so real requests the page makes meanwhile add little to that.
 */
export async function fastForwardUntil(
  page: Page,
  reached: () => Promise<boolean>,
  { stepMs = 500, limitMs = 5 * 60_000 } = {},
): Promise<number> {
  let waitedMs = 0;
  while (!(await reached())) {
    expect(waitedMs, 'how long the page was moved on without getting there').toBeLessThan(limitMs);
    await page.clock.fastForward(stepMs);
    waitedMs += stepMs;
  }
  return waitedMs;
}

/**
 * From now on this browser's storage is full for the video section, as it is when it holds too
 * much else of the site: every write to the recording store is refused, so a take lives only in
 * the page. The section logs each refusal.
 */
export async function refuseVideoStorage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (this.transaction.db.name === 'assessment-video') {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return put.call(this, value, key);
    };
  });
}

/** The section's log of each write `refuseVideoStorage` refuses. */
export const STORAGE_REFUSED =
  /^console error: Video recording: could not .+ in this browser's storage QuotaExceededError/;

/**
 * Closes the page as a candidate closing the tab does, and answers what happened: `closed`, or the
 * type of the question the browser asked first (dismissed, so the candidate stays on the page).
 */
async function closeTab(page: Page): Promise<string> {
  const asked = new Promise<string>((resolve) => {
    page.once('dialog', async (dialog) => {
      await dialog.dismiss();
      resolve(dialog.type());
    });
  });
  const closed = page.waitForEvent('close').then(
    () => 'closed',
    () => 'still open',
  );
  await page.close({ runBeforeUnload: true });
  return Promise.race([asked, closed]);
}

/**
 * Closing the page asks the browser's own "Leave site?" question first; the candidate stays. The
 * page asks once it knows only it holds the take, which mid-recording is when the browser refuses
 * a piece, a task or more after the piece is made (remote-video/src/recording/hooks/useRecorder.ts):
 * a tab closed before then closes, so the test waits until the page would ask (a `beforeunload` it
 * cancels, as it does the browser's) and only then closes the tab.
 */
export async function expectLeavingAsked(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const leaving = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(leaving);
        return leaving.defaultPrevented;
      }),
    )
    .toBe(true);
  expect(await closeTab(page)).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);
}

/** Closing the page asks nothing: it closes at once. */
export async function expectLeftWithoutAsking(page: Page): Promise<void> {
  expect(await closeTab(page)).toBe('closed');
}

/**
 * What the page logs when every upload request is reset on its way (`route.abort('connectionreset')`):
 * the resets themselves, and the section's log once tus-js-client's retries run out.
 */
export const UPLOAD_RESETS = [
  failedRequest('/api/videos', 'net::ERR_CONNECTION_RESET'),
  /^console error: Video upload failed /,
] as const;
