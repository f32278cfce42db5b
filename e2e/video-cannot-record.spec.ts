import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect, test } from './fixtures.ts';
import { connectCamera, continueWithoutVideo, expectHonestScreen, openVideoSection } from './video-helpers.ts';

/**
 * The camera works, but the browser cannot record it: one without MediaRecorder at all, and one whose
 * MediaRecorder refuses to start on the camera's stream.
 */
const BROWSERS = [
  {
    name: 'a browser without MediaRecorder',
    makeRecordingImpossible: () => {
      Reflect.deleteProperty(window, 'MediaRecorder');
    },
  },
  {
    name: 'a browser whose MediaRecorder refuses the camera stream',
    makeRecordingImpossible: () => {
      MediaRecorder.prototype.start = () => {
        throw new DOMException('The stream cannot be recorded', 'NotSupportedError');
      };
    },
  },
];

for (const browser of BROWSERS) {
  test(`in ${browser.name}, the candidate is offered Continue without video and finishes the assessment`, async ({
    page,
    request,
    allowProblem,
  }) => {
    // The section logs why the recorder would not start.
    allowProblem(/^console error: MediaRecorder could not start/);
    await page.addInitScript(browser.makeRecordingImpossible);
    await openVideoSection(page);
    await connectCamera(page);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Record your introduction' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'This browser could not start recording.' })).toBeVisible();
    const wayOn = page.getByRole('button', { name: 'Continue without video' });
    await expect(wayOn).toBeVisible();
    // The notice has the focus, so a keyboard or screen reader user meets it first, and Tab reaches its button.
    const notice = page.getByRole('region', { name: 'Recording could not start' });
    await expect(notice.getByRole('heading', { name: 'Recording could not start' })).toBeFocused();
    await expect(notice).toContainText('fair play cannot be verified without one');
    await expect(notice).toContainText('Lumenvault will see that you continued without video.');
    await page.keyboard.press('Tab');
    await expect(wayOn).toBeFocused();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await expectHonestScreen(page);

    await continueWithoutVideo(page, request, 'recording-unavailable');
    await page.locator('label[for="feedback-star-3"]').click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeFocused();
    await expect(page.getByText('All responses have been submitted successfully!')).toBeVisible();
  });
}
