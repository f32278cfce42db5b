import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { connectCamera, openVideoSection } from './video-helpers.ts';

const SILENT =
  'Your microphone has picked up no sound for 5 seconds. Check that it is not muted, or choose another microphone.';

function levelMeter(page: Page): Locator {
  return page.getByRole('meter', { name: 'Microphone level' });
}

/** The meter's readings over about two seconds: the fake microphone beeps, so they rise and fall. */
async function readingsOf(meter: Locator): Promise<number[]> {
  const readings: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    readings.push(await meter.evaluate((element: HTMLMeterElement) => element.value));
    await meter.page().waitForTimeout(100);
  }
  return readings;
}

/** Mutes or unmutes the microphone the page holds, as a muted headset does: its track sends silence. */
async function setMicrophoneEnabled(page: Page, enabled: boolean): Promise<void> {
  await page.evaluate((on) => {
    document.querySelectorAll('video').forEach((video) => {
      const stream = video.srcObject;
      if (stream instanceof MediaStream) {
        for (const track of stream.getAudioTracks()) track.enabled = on;
      }
    });
  }, enabled);
}

test('the microphone level follows what the microphone hears, in the setup and while recording', async ({ page }) => {
  await openVideoSection(page);
  await expect(levelMeter(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Request Camera Access' }).click();
  await expect(page.getByRole('button', { name: 'Record Now' })).toBeFocused();
  const setup = await readingsOf(levelMeter(page));
  expect(Math.max(...setup)).toBeGreaterThan(0.05);
  expect(new Set(setup).size).toBeGreaterThan(1);

  await page.getByRole('button', { name: 'Record Now' }).click();
  await expect(page.getByRole('button', { name: 'Recording' })).toBeVisible();
  const recording = await readingsOf(levelMeter(page));
  expect(Math.max(...recording)).toBeGreaterThan(0.05);
  expect(new Set(recording).size).toBeGreaterThan(1);
  await expect(page.getByText(SILENT)).toHaveCount(0);
});

test('a microphone that hears nothing for 5 seconds is named, and the warning goes when sound comes back', async ({
  page,
}) => {
  await openVideoSection(page);
  await connectCamera(page);
  await expect(levelMeter(page)).toBeVisible();
  await setMicrophoneEnabled(page, false);
  await expect(page.getByRole('status').filter({ hasText: SILENT })).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => levelMeter(page).evaluate((element: HTMLMeterElement) => element.value)).toBe(0);

  await setMicrophoneEnabled(page, true);
  await expect(page.getByText(SILENT)).toHaveCount(0);
});
