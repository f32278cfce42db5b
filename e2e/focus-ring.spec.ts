import type { Page } from '@playwright/test';
import { reachFeedback } from './feedback-helpers.ts';
import { agreeAndStart, expect, SAMPLE_ID, test } from './fixtures.ts';
import { compose, contrastRatio, readFocusRing, ringProblem } from './support/focus-ring.ts';
import { openVideoSection, recordFor, toast } from './video-helpers.ts';

interface Walk {
  /** Every control Tab reached, as described in messages. */
  stops: string[];
  /** Each ring under 3:1 against what is behind it, thinner than 2 px, or missing. */
  problems: string[];
  /** The ring colours seen. */
  colours: Set<string>;
}

/**
 * Tabs through every stop of the page as it is, all the way round (past the end of the page,
 * where focus is on nothing for one Tab, and back from the top) until a control comes round
 * again, reading each focused control's ring from its computed style.
 */
async function walkTabStops(page: Page, maxTabs = 80): Promise<Walk> {
  const walk: Walk = { stops: [], problems: [], colours: new Set() };
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    (window as { visitedByTab?: WeakSet<Element> }).visitedByTab = new WeakSet();
  });
  let pastTheEnd = 0;
  for (let tabs = 0; tabs < maxTabs && pastTheEnd < 2; tabs += 1) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      const visited = (window as { visitedByTab?: WeakSet<Element> }).visitedByTab;
      if (!active || active === document.body || !visited) return 'nowhere';
      if (visited.has(active)) return 'round';
      visited.add(active);
      return 'new';
    });
    if (where === 'round') break;
    if (where === 'nowhere') {
      pastTheEnd += 1;
      continue;
    }
    const found = await readFocusRing(page);
    if (!found) continue;
    walk.stops.push(found.target);
    if (found.ring) walk.colours.add(found.ring.color);
    const problem = ringProblem(found);
    if (problem) walk.problems.push(problem);
  }
  return walk;
}

async function expectGoodRings(page: Page, minStops: number): Promise<Walk> {
  const walk = await walkTabStops(page);
  expect(walk.problems).toEqual([]);
  expect(walk.stops.length, walk.stops.join('\n')).toBeGreaterThanOrEqual(minStops);
  // One style, defined once: every control gets the same ring.
  expect([...walk.colours]).toEqual(['rgb(194, 94, 0)']);
  return walk;
}

test.describe('the focus ring is at 3:1 or more against every background it is drawn on', () => {
  test('before the assessment: enter-your-link, 404, and the landing page with its form', async ({ page }) => {
    await page.goto('/');
    await expectGoodRings(page, 2);
    await page.goto('/404');
    await expectGoodRings(page, 1);
    await page.goto(`/invite/${SAMPLE_ID}`);
    const landing = await expectGoodRings(page, 10);
    expect(landing.stops.join('\n')).toContain('Agree & start');
  });

  test('the quiz: instructions, question list, a question with its toolbar and editor, the Complete dialog', async ({
    page,
  }) => {
    await agreeAndStart(page);
    // Before the start, the instructions hold one control: Start the quiz.
    const instructions = await expectGoodRings(page, 1);
    expect(instructions.stops.join('\n')).toContain('Start the quiz');
    await page.getByRole('button', { name: 'Start the quiz' }).click();
    await expectGoodRings(page, 8);
    await page.getByRole('button', { name: 'Solve question 1' }).click();
    const question = await expectGoodRings(page, 7);
    expect(question.stops.join('\n')).toMatch(/^div#.*\[role=textbox\]/m);
    await page.getByRole('button', { name: 'All questions' }).click();
    await page.getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByRole('dialog', { name: 'Submit your answers?' })).toBeVisible();
    await expectGoodRings(page, 1);
  });

  test('the video section: the camera setup, and the take on the near-black player', async ({ page }) => {
    await openVideoSection(page);
    await page.getByRole('button', { name: 'Request Camera Access' }).click();
    await expect(toast(page, 'fake_device_0 is connected. Please click "Record Now" Button.')).toBeVisible();
    // The toast asking for access is dismissed now; a Tab into it while it fades out would find no ring.
    await expect(toast(page, 'Please request camera access and then start to record.')).toHaveCount(0);
    const setup = await expectGoodRings(page, 4);
    expect(setup.stops.join('\n')).toContain('fake_device_0');

    await recordFor(page, 1, 'Record Now');
    const studio = await expectGoodRings(page, 5);
    const stops = studio.stops.join('\n');
    for (const control of ['"Play"', 'input "Position"', '"Mute"']) expect(stops).toContain(control);

    // The ring around the player's controls also stands out against the picture itself.
    const ring = await page.getByRole('button', { name: 'Play', exact: true }).evaluate((button) => {
      button.focus();
      return getComputedStyle(button).outlineColor;
    });
    const picture = await page
      .getByLabel('Your recording')
      .evaluate((video) => getComputedStyle(video).backgroundColor);
    expect(picture).toBe('rgb(16, 19, 26)');
    expect(contrastRatio(compose([ring]), compose([picture]))).toBeGreaterThanOrEqual(3);
  });

  test('the feedback form, and the end of the assessment', async ({ page }) => {
    await reachFeedback(page);
    const form = await expectGoodRings(page, 3);
    // The star rating's radios are hidden; their ring is drawn on the star.
    expect(form.stops.join('\n')).toContain('input#feedback-star-0');
    await page.getByText('4 stars').click({ force: true });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: "You're all done" })).toBeFocused();
    await expectGoodRings(page, 1);
  });
});
