import type { Route } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { agreeAndStart, expect, failedRequest, SAMPLE_ID, test } from './fixtures.ts';
import {
  completedVideoSession,
  connectCamera,
  expectAboutThreeSeconds,
  expectHonestScreen,
  fetchStoredVideo,
  IPREP,
  openVideoSection,
  playableDuration,
  playBackAndSeek,
  recordFor,
  storedVideoRows,
  toast,
  VINTRO,
  WEBM_MAGIC,
  waitForElapsed,
} from './video-helpers.ts';

test.describe('video introduction with a working camera', () => {
  test('records about 3 s, plays it back, submits it, and the API holds a seekable WebM of that length', async ({
    page,
    request,
  }) => {
    await openVideoSection(page);
    await expect(page.getByText('Recording limit: 5 mins')).toBeVisible();
    await expect(page.getByText(/this page records your camera picture and microphone sound/)).toBeVisible();
    await expect(page.getByText(/the video is sent to Lumenvault, the hiring company/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Trouble with your webcam?' })).toBeVisible();
    await expect(toast(page, 'Please request camera access and then start to record.')).toBeVisible();
    // Toasts of this section sit bottom right.
    await expect(page.locator('.Toastify__toast-container--bottom-right')).toContainText(
      'Please request camera access',
    );
    await expect(page.getByText('Camera check passed.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record Now' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue without video' })).toHaveCount(0);
    await expectHonestScreen(page);

    await page.getByRole('button', { name: 'Request Camera Access' }).click();
    await expect(toast(page, 'fake_device_0 is connected. Please click "Record Now" Button.')).toBeVisible();
    // The camera works: nothing is left to request or to fix, and the next step has the focus.
    await expect(page.getByRole('button', { name: 'Record Now' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Request Camera Access' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Trouble with your webcam?' })).toHaveCount(0);
    const camera = page.getByRole('button', { name: /fake_device_0/ });
    await expect(camera).toHaveAttribute('aria-pressed', 'true');
    // The section's own stylesheet is applied inside the shell: the camera in use is highlighted.
    await expect(camera).toHaveCSS('border-top-color', 'rgb(31, 79, 209)');
    await expect(camera).toHaveCSS('background-color', 'rgb(232, 238, 252)');
    await expect(page.getByLabel('Microphone', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Camera preview. Nothing is recorded here.')).toBeVisible();
    // What to say is on screen before the one click that starts the take.
    await expect(page.getByText('Your experience relevant to the Growth Marketing Manager role.')).toBeVisible();
    await expect(page.getByText('Record Now starts your recording at once.')).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // One click records: Record Now opens the recording view with the take already running.
    const recordingStarted = performance.now();
    await page.getByRole('button', { name: 'Record Now' }).click();
    await expect(page.getByRole('heading', { name: 'Record your introduction' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Recording' })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Recording started.' })).toBeVisible();
    // The camera setup is over, and its notices with it: none stays over the recording.
    await expect(toast(page, 'is connected')).toHaveCount(0);
    await expect(page.locator('.Toastify__toast-container--bottom-right .Toastify__toast')).toHaveCount(0);
    await expect(page.getByText('Your experience relevant to the Growth Marketing Manager role.')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await waitForElapsed(page, 3);
    await page.getByRole('button', { name: 'Recording' }).click();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    // Nor does any come back once the take is made.
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
    const recorded = { atMostSeconds: (performance.now() - recordingStarted) / 1000 };
    await expect(submit).toBeEnabled();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await expectHonestScreen(page);

    const take = page.getByLabel('Your recording');
    // A known length before the upload: the browser reads it from the file's header.
    const duration = await playableDuration(take);
    expect(duration).toBeGreaterThan(2.5);
    expect(duration).toBeLessThan(6);
    await playBackAndSeek(take);

    await submit.click();
    await expect(page).toHaveURL(IPREP);
    expect(await page.evaluate(() => localStorage.getItem('VideoRecorded'))).toBe('true');

    const session = await completedVideoSession(page, request);
    expect(session.video.contentType).toBe('video/webm');
    expect(session.video.durationSeconds).toBeCloseTo(duration, 1);
    expect(session.deviceChecks.length).toBeGreaterThan(0);
    expect(session.deviceChecks.at(-1)).toMatchObject({ result: true });

    const stored = await fetchStoredVideo(request, session);
    expect(stored.bytes.subarray(0, 4).equals(WEBM_MAGIC)).toBe(true);
    expect(stored.bytes.length).toBe(session.video.bytes);
    expect(stored.warnings).toBe('');
    expect(stored.probe.format.format_name).toContain('webm');
    expectAboutThreeSeconds(stored, recorded);
    expect(Number(stored.probe.format.duration)).toBeCloseTo(duration, 1);
    expect(stored.probe.streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video']);

    // Nothing is left behind in the browser once the server has the video.
    const kept = await storedVideoRows(page, 'recordings');
    expect(kept).toBe(0);
  });

  test('a take cut short by a reload is offered back, plays, and can be sent', async ({ page, request }) => {
    await openVideoSection(page);
    await connectCamera(page);
    await page.getByRole('button', { name: 'Record Now' }).click();
    await waitForElapsed(page, 3);
    // The clock is the wall's; the recorder hands over a second at a time, later on a busy machine.
    // Reload once three of those seconds are in the browser's storage, as a candidate's would be.
    await expect.poll(() => storedVideoRows(page, 'chunks'), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await page.reload();

    await expect(page.getByRole('heading', { name: 'We found the recording you made earlier' })).toBeFocused();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const take = page.getByLabel('Your recording');
    const duration = await playableDuration(take);
    expect(duration).toBeGreaterThan(1.5);
    expect(duration).toBeLessThan(6);
    await expectHonestScreen(page);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(IPREP);
    const session = await completedVideoSession(page, request);
    const stored = await fetchStoredVideo(request, session);
    expect(stored.bytes.subarray(0, 4).equals(WEBM_MAGIC)).toBe(true);
    // Cut off mid-recording, the file may end inside its last frame; it still plays up to there.
    expect(Number(stored.probe.format.duration)).toBeGreaterThan(1.5);
  });

  test('Retry records a new take in place of the first', async ({ page }) => {
    await openVideoSection(page);
    await connectCamera(page);
    await recordFor(page, 1, 'Record Now');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('button', { name: 'Record', exact: true })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await recordFor(page, 2);
    expect(await playableDuration(page.getByLabel('Your recording'))).toBeGreaterThan(1.5);

    // A change of camera does not record over the take: Record Now brings it back, still to send.
    await page.getByRole('button', { name: 'Change camera or microphone' }).click();
    await page.getByRole('button', { name: 'Record Now' }).click();
    await expect(page.getByRole('heading', { name: 'Record your introduction' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(await playableDuration(page.getByLabel('Your recording'))).toBeGreaterThan(1.5);

    // Only the newest take is kept and offered back.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'We found the recording you made earlier' })).toBeVisible();
    expect(await playableDuration(page.getByLabel('Your recording'))).toBeGreaterThan(1.5);
  });

  test('stops by itself at the recording limit', async ({ page, allowProblem }) => {
    // With the clock fast-forwarded, the take's measured length (written into its header) is five
    // minutes while the file holds about a second: the player asks for bytes past its end.
    allowProblem(failedRequest('blob:', 'net::ERR_REQUEST_RANGE_NOT_SATISFIABLE'));
    await page.clock.install();
    await openVideoSection(page);
    await connectCamera(page);
    await page.getByRole('button', { name: 'Record Now' }).click();
    await expect(page.getByRole('button', { name: 'Recording' })).toBeVisible();
    await page.clock.fastForward('05:00');
    await page.clock.runFor(1000);
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByText('Your recording reached the 5-minute limit and stopped.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });
});

// The fake devices always include a microphone; this one case hides it from the page.
test('records the video alone when there is no microphone', async ({ page, request }) => {
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const enumerate = devices.enumerateDevices.bind(devices);
    const open = devices.getUserMedia.bind(devices);
    devices.enumerateDevices = async () => (await enumerate()).filter((device) => device.kind !== 'audioinput');
    devices.getUserMedia = (constraints) =>
      constraints?.audio
        ? Promise.reject(new DOMException('Requested device not found', 'NotFoundError'))
        : open(constraints);
  });
  await openVideoSection(page);
  await page.getByRole('button', { name: 'Request Camera Access' }).click();
  await expect(
    page.getByText('No microphone could be used, so your video will be recorded without sound.'),
  ).toBeVisible();
  await recordFor(page, 2, 'Record Now');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(IPREP);
  const stored = await fetchStoredVideo(request, await completedVideoSession(page, request));
  expect(stored.probe.streams.map((stream) => stream.codec_type)).toEqual(['video']);
  expect(stored.warnings).toBe('');
});

const serverAnswers = {
  unreachable: (route: Route) => route.abort('connectionrefused'),
  'saying the check failed': (route: Route) => route.fulfill({ json: { result: false } }),
};
for (const [answer, respond] of Object.entries(serverAnswers)) {
  test(`the camera check is the browser's own: a server ${answer} changes nothing`, async ({ page, allowProblem }) => {
    if (answer === 'unreachable') {
      // The call fails, and the section logs it and goes on without an answer.
      allowProblem(failedRequest('/api/device-check', 'net::ERR_CONNECTION_REFUSED'));
      allowProblem(/^console error: Device check: the server could not be reached/);
    }
    await agreeAndStart(page);
    await page.route('**/api/device-check', respond);
    await page.goto(VINTRO);
    await connectCamera(page);
    await page.getByRole('button', { name: 'Record Now' }).click();
    await expect(page.getByRole('button', { name: 'Recording' })).toBeFocused();
  });
}

test('a candidate registered for another invitation is sent to the invitation page', async ({ page }) => {
  await agreeAndStart(page);
  await page.evaluate(() => localStorage.setItem('inviteUUID', 'abcd1234'));
  await page.goto(VINTRO);
  await expect(page).toHaveURL(`/invite/${SAMPLE_ID}`);
});
