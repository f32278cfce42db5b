import { expect, test } from './fixtures.ts';
import {
  CHECK_FAILED,
  continueWithoutVideo,
  expectTipsAndWayOn,
  FIRST_ACCESS_FAILED,
  openVideoSection,
  toast,
} from './video-helpers.ts';

// The fake camera cannot be unplugged, so this one case hides it from the page instead.
test.describe('no camera at all', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const devices = navigator.mediaDevices;
      const enumerate = devices.enumerateDevices.bind(devices);
      devices.enumerateDevices = async () => (await enumerate()).filter((device) => device.kind !== 'videoinput');
      devices.getUserMedia = () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    });
  });

  test('fails the camera check with the reason, and the candidate can go on without video', async ({
    page,
    request,
    allowProblem,
  }) => {
    // The section logs the camera it could not open.
    allowProblem(/^console error: Could not open the camera NotFoundError/);
    await openVideoSection(page);
    await expect(page.getByText('No camera found on this computer.')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: CHECK_FAILED })).toContainText('No camera was found.');
    await expect(toast(page, CHECK_FAILED)).toBeVisible();
    await expectTipsAndWayOn(page);

    await page.getByRole('button', { name: 'Request Camera Access' }).click();
    await expect(page.getByRole('alert').filter({ hasText: FIRST_ACCESS_FAILED })).toContainText(
      'No camera was found. Connect a camera, then try again.',
    );
    await continueWithoutVideo(page, request, 'no-camera');
  });
});

// The fake camera cannot be taken by another app either; the page is told so the way Chrome tells it.
test.describe('a camera another app holds', () => {
  test('on the first request: the honest help, and a way on without video', async ({ page, request, allowProblem }) => {
    allowProblem(/^console error: Could not open the camera NotReadableError/);
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Could not start video source', 'NotReadableError'));
    });
    await openVideoSection(page);
    await page.getByRole('button', { name: 'Request Camera Access' }).click();
    await expect(page.getByRole('alert').filter({ hasText: FIRST_ACCESS_FAILED })).toContainText(
      'The camera is in use by another app or browser tab',
    );
    await expect(toast(page, FIRST_ACCESS_FAILED)).toBeVisible();
    await expectTipsAndWayOn(page);
    await continueWithoutVideo(page, request, 'camera-busy');
  });

  test('when chosen from the list: the camera that worked stays on', async ({ page, allowProblem }) => {
    allowProblem(/^console error: Could not open the camera NotReadableError/);
    await page.addInitScript(() => {
      const devices = navigator.mediaDevices;
      const open = devices.getUserMedia.bind(devices);
      devices.getUserMedia = (constraints) => {
        const video = constraints?.video;
        const chosen = typeof video === 'object' && video.deviceId !== undefined;
        return chosen
          ? Promise.reject(new DOMException('Could not start video source', 'NotReadableError'))
          : open(constraints);
      };
    });
    await openVideoSection(page);
    await page.getByRole('button', { name: 'Request Camera Access' }).click();
    const camera = page.getByRole('button', { name: /fake_device_0/ });
    await expect(camera).toHaveAttribute('aria-pressed', 'true');

    await camera.click();
    const chosenFailed = 'Error accessing camera or microphone. Please allow access.';
    await expect(page.getByRole('alert').filter({ hasText: chosenFailed })).toContainText('in use by another app');
    await expect(toast(page, chosenFailed)).toBeVisible();
    await expect(camera).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Record Now' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue without video' })).toHaveCount(0);
  });
});

test('a device list the browser cannot read shows its message, and the candidate can still go on', async ({
  page,
  request,
  allowProblem,
}) => {
  allowProblem(/^console error: Could not list the cameras and microphones AbortError/);
  await page.addInitScript(() => {
    navigator.mediaDevices.enumerateDevices = () => Promise.reject(new DOMException('Internal error', 'AbortError'));
  });
  await openVideoSection(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Error fetching devices.' })).toBeVisible();
  await expect(toast(page, 'Error fetching devices.')).toBeVisible();
  await expect(toast(page, CHECK_FAILED)).toBeVisible();
  await expectTipsAndWayOn(page);
  await continueWithoutVideo(page, request, 'device-check-failed');
});
