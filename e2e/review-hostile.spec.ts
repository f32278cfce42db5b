import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import {
  addReviewer,
  registerCandidate,
  sendFeedback,
  signIn,
  submitAnswers,
  testOnOwnServer as test,
} from './review-helpers.ts';

const SOLVANE = { companyId: 'solvane-markets', testId: '5sgz278v' };

/** Each payload, if it ran, would set `window.__ran` to its number. */
const run = (n: number) => `window.__ran=${n}`;

const HOSTILE_ANSWERS: [string, string, string] = [
  [
    `<p>plain <img src=x onerror="${run(1)}"></p>`,
    `<script>${run(2)}</script>`,
    `<p><a href="javascript:${run(3)}">a link</a></p>`,
    `<svg><script>${run(4)}</script></svg>`,
    `<iframe srcdoc="<script>parent.${run(5)}</script>"></iframe>`,
  ].join(''),
  [
    // First: the namespace-confusion payloads after it open raw-text elements that swallow the rest.
    `<p style="background:url(javascript:${run(9)})" onmouseover="${run(10)}">hover me</p>`,
    `<noscript><p title="</noscript><img src=x onerror=${run(6)}>"></noscript>`,
    `<math><mtext><table><mglyph><style><img src=x onerror=${run(7)}></style></mglyph></table></mtext></math>`,
    `<form><math><mtext></form><form><mglyph><style></math><img src=x onerror=${run(8)}>`,
  ].join(''),
  [
    `<a href="https://fine.example" onclick="${run(11)}">fine link</a>`,
    `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIj4=">`,
    `<object data="javascript:${run(12)}"></object><embed src="javascript:${run(13)}">`,
    `<details open ontoggle="${run(14)}"><summary>x</summary></details>`,
  ].join(''),
];

const HOSTILE_TEXT = `<img src=x onerror="${run(20)}"><script>${run(21)}</script>`;
/** For the fields the API keeps short (the screen size is at most 50 characters). */
const HOSTILE_SHORT = `<img src=x onerror=${run(24)}>`;

/** The answers as trees, with every attribute and element a browser could run put into them. */
const HOSTILE_TREES = [
  [
    { tag: 'p', children: ['plain ', { tag: 'img', src: 'x', onerror: run(1) }] },
    { tag: 'script', children: [run(2)] },
    { tag: 'p', children: [{ tag: 'a', href: `javascript:${run(3)}`, children: ['a link'] }] },
    { tag: 'svg', onload: run(4), children: [{ tag: 'script', children: [run(4)] }] },
    { tag: 'iframe', srcdoc: `<script>parent.${run(5)}</script>` },
  ],
  [
    { tag: 'p', style: `background:url(javascript:${run(9)})`, onmouseover: run(10), children: ['hover me'] },
    { tag: 'p', dangerouslySetInnerHTML: { __html: `<img src=x onerror=${run(6)}>` }, children: ['inner'] },
  ],
  [
    { tag: 'a', href: 'https://fine.example', onclick: run(11), children: ['fine link'] },
    { tag: 'img', src: 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIj4=' },
    { tag: 'details', open: true, ontoggle: run(14), children: [{ tag: 'summary', children: ['x'] }] },
    { tag: 'p', children: [HOSTILE_SHORT] },
  ],
];

/** Records, from before the page's own script, every policy refusal and every dialog a payload opens. */
async function watchForScript(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** No payload ran, and none was even put to the browser: the policy refused nothing. */
async function nothingRan(page: Page, dialogs: string[]): Promise<void> {
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
  const violations = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  expect(violations).toEqual([]);
  const dangerous = page.locator(
    '[onerror], [onclick], [onmouseover], [ontoggle], [style], script:not([src]), iframe, object, embed, svg, math, a[href^="javascript:" i]',
  );
  await expect(page.locator('main').locator(dangerous)).toHaveCount(0);
}

test('what a candidate wrote, however hostile, runs no script on the review page', async ({
  page,
  request,
  ownServer,
}) => {
  const dialogs = await watchForScript(page);
  const reviewer = addReviewer(SOLVANE.companyId, undefined, undefined, ownServer.dataDir);
  const candidate = await registerCandidate(request, SOLVANE.testId, {
    name: HOSTILE_TEXT,
    fullName: HOSTILE_TEXT,
    email: `${HOSTILE_TEXT}@x.example`,
    social: `javascript:${run(22)}`,
    deviceInfo: {
      os: { name: HOSTILE_TEXT, version: HOSTILE_TEXT },
      browser: { name: HOSTILE_TEXT, major: '1', version: HOSTILE_TEXT },
      mobile: false,
      social: `javascript:${run(23)}`,
      gender: '',
      screen: HOSTILE_SHORT,
    },
  });
  await submitAnswers(request, candidate, HOSTILE_ANSWERS);
  await sendFeedback(request, candidate, HOSTILE_TEXT, 0);

  await signIn(page, reviewer, `/review/tests/${SOLVANE.testId}`);
  const row = page.getByRole('row').filter({ hasText: HOSTILE_TEXT });
  await expect(row.getByRole('link', { name: HOSTILE_TEXT })).toBeVisible();
  await nothingRan(page, dialogs);

  await row.getByRole('link', { name: HOSTILE_TEXT }).click();
  await expect(page.getByRole('heading', { level: 1, name: HOSTILE_TEXT })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Question 1' })).toContainText('plain');
  await expect(page.getByRole('link', { name: 'fine link' })).toHaveAttribute('href', 'https://fine.example');
  await expect(page.getByRole('link', { name: 'fine link' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  // The social "link" is text, never a link; the feedback is text, shown as written.
  await expect(page.getByText(`javascript:${run(22)}`)).toBeVisible();
  await expect(page.getByRole('link', { name: `javascript:${run(22)}` })).toHaveCount(0);
  await expect(page.locator('#feedback blockquote')).toHaveText(HOSTILE_TEXT);
  await expect(page.locator('#device')).toContainText(HOSTILE_TEXT);
  await expect(page.locator('#device')).toContainText(HOSTILE_SHORT);

  // Hovering, clicking and toggling what is left gives a payload every chance to run.
  await page.getByText('hover me').hover();
  await page.getByText('a link').click();
  await nothingRan(page, dialogs);
});

test('a tree that got past the server still runs nothing: the page builds every element itself', async ({
  page,
  request,
  ownServer,
}) => {
  const dialogs = await watchForScript(page);
  const reviewer = addReviewer(SOLVANE.companyId, undefined, undefined, ownServer.dataDir);
  const candidate = await registerCandidate(request, SOLVANE.testId, { fullName: 'Second Wall', name: 'Second Wall' });
  await submitAnswers(request, candidate, ['<p>kept by the server</p>', '', '']);
  // As if the server had a hole: the real answer, with a hostile tree put in its place.
  await page.route(`**/api/review/candidates/${candidate.sessionId}`, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.answers.trees = HOSTILE_TREES;
    await route.fulfill({ response, json: body });
  });

  await signIn(page, reviewer, `/review/candidates/${candidate.sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Second Wall' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Question 1' })).toContainText('plain');
  await expect(page.getByRole('article', { name: 'Question 2' })).toContainText('hover me');
  await expect(page.getByRole('article', { name: 'Question 3' })).toContainText(HOSTILE_SHORT);
  await page.getByText('hover me').hover();
  await page.getByText('a link').click();
  await nothingRan(page, dialogs);
});
