import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { companyIdOf, getTest, type TestDefinition } from '@assessment/core';
import { SECTION_CONTRACT_VERSION } from '@assessment/react/contract';
import type { Page } from '@playwright/test';
import { ADA, ADMIN_TOKEN, expect, fillConfirmationForm, SAMPLE_ID, sessionId, test } from './fixtures.ts';
import { addReviewer, signIn } from './review-helpers.ts';
import { buildRemoteVariant } from './support/build-remote.ts';
import { press, tabToShownFocus } from './support/keyboard.ts';
import { startProductServer } from './support/product-server.ts';
import { serveFolder } from './support/static-server.ts';

// Builds and servers of its own: run these one after another, apart from the other files' tests.
// A server of its own, because a release changes what every candidate of that server gets.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const SECTION_URL = `/invite/${SAMPLE_ID}/iprep`;
const productBuild = path.resolve(import.meta.dirname, '../remote-feedback/dist');
const NEW_HEADING = 'Interview Preparation, new release';

/** Agrees on this server's landing page, pretends a video was recorded, opens the feedback section. */
async function openFeedback(page: Page, origin: string) {
  await page.goto(`${origin}/invite/${SAMPLE_ID}`);
  await fillConfirmationForm(page, ADA);
  await page.getByRole('button', { name: 'Agree & start' }).click();
  await expect(page).toHaveURL(`${origin}/invite/${SAMPLE_ID}/quiz`);
  await page.evaluate(() => localStorage.setItem('VideoRecorded', 'true'));
  await page.goto(`${origin}${SECTION_URL}`);
}

/** A copy of a build whose section throws while it renders: its heading's text becomes a throw. */
function throwingCopy(folder: string, text: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-feedback-throwing-'));
  fs.cpSync(folder, copy, { recursive: true });
  // The string as the minifier quotes it, in double quotes or backticks.
  const literals = [JSON.stringify(text), `\`${text}\``];
  let changed = 0;
  for (const name of fs.readdirSync(path.join(copy, 'assets')).filter((one) => one.endsWith('.js'))) {
    const file = path.join(copy, 'assets', name);
    const code = fs.readFileSync(file, 'utf8');
    const literal = literals.find((one) => code.includes(one));
    if (!literal) continue;
    fs.writeFileSync(file, code.split(literal).join('(()=>{throw new Error("broken on purpose")})()'));
    changed += 1;
  }
  if (changed === 0) throw new Error(`No script of ${folder} holds "${text}"`);
  return copy;
}

test('the shell build holds no remote address: it reads them from remotes.json', async () => {
  const assets = path.resolve(import.meta.dirname, '../shell/dist/assets');
  for (const file of fs.readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(assets, file), 'utf8');
    expect(code, file).not.toMatch(/remotes\/(quiz|video|feedback)/);
    expect(code, file).not.toMatch(/localhost:517\d/);
  }
});

test('a section team releases a new version with the command, candidates get it, and rollback brings the old one back', async ({
  page,
}) => {
  const server = await startProductServer(ADMIN_TOKEN);
  const variant = await buildRemoteVariant('remote-feedback', {
    from: '>\n        Interview Preparation\n',
    to: `>\n        ${NEW_HEADING}\n`,
  });
  try {
    const laptop = await server.addReleaseKey('feedback', 'feedback laptop');
    const ci = await server.addReleaseKey('feedback', 'feedback CI');
    // The first version: the product's own build, released by the team with the command.
    const first = await server.release(laptop, 'feedback', '--dist', productBuild, '--label', 'v1');
    expect(first.output).toMatch(/feedback v1-[0-9a-f]{12} is live/);
    expect(first.code).toBe(0);
    await openFeedback(page, server.origin);
    await expect(page.getByRole('heading', { level: 1, name: 'Interview Preparation' })).toBeVisible();

    // A version that throws as it renders is stopped by --smoke before anything is sent.
    const broken = await server.release(ci, 'feedback', '--dist', throwingCopy(variant, NEW_HEADING), '--smoke');
    expect(broken.code).not.toBe(0);
    expect(broken.output).toContain('The smoke test failed, so nothing was sent');

    const second = await server.release(ci, 'feedback', '--dist', variant, '--label', 'v2', '--smoke');
    expect(second.output).toContain('The section mounted in the shell.');
    expect(second.output).toMatch(/feedback v2-[0-9a-f]{12} is live \(it was v1-/);
    // The candidate who started on v1 keeps it after a reload; a session opened now gets v2.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Interview Preparation' })).toBeVisible();
    await page.evaluate(() => localStorage.clear());
    await openFeedback(page, server.origin);
    await expect(page.getByRole('heading', { level: 1, name: NEW_HEADING })).toBeVisible();
    // The new release's own stylesheet came along.
    await expect(page.locator('.feedback-form')).toHaveCSS('display', 'grid');

    // One React, one store: the federation registry holds a single copy of each, provided by the
    // shell; the remote registered none of its own (a second React would also have broken its
    // hooks, which the page-error watchdog reports).
    const providers = await page.evaluate(() => {
      type Shared = { from: string; version: string };
      const registry = (window as unknown as { __FEDERATION__: { __SHARE__: object } }).__FEDERATION__.__SHARE__;
      const found: Record<string, Set<Shared>> = {};
      for (const scopes of Object.values(registry) as Record<string, Record<string, Record<string, Shared>>>[]) {
        for (const packages of Object.values(scopes)) {
          for (const [name, versions] of Object.entries(packages)) {
            found[name] ??= new Set();
            for (const shared of Object.values(versions)) found[name].add(shared);
          }
        }
      }
      return Object.fromEntries(Object.entries(found).map(([name, set]) => [name, [...set].map((s) => s.from)]));
    });
    for (const name of ['react', 'react-dom', 'zustand', '@assessment/core', '@assessment/react']) {
      expect(providers[name], name).toEqual(['shell']);
    }

    const back = await server.release(ci, 'rollback', 'feedback');
    expect(back.output).toMatch(/feedback is back on v1-[0-9a-f]{12}/);
    // v2 was rolled back as broken: its session gets the live release at its next load.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Interview Preparation' })).toBeVisible();

    const history = (await server.release(ci, 'history', 'feedback')).output;
    expect(history).toMatch(/\treleased\tv1-[0-9a-f]{12}\tby feedback laptop/);
    expect(history).toMatch(/\tpromoted\tv1-[0-9a-f]{12} \(was first-start-[0-9a-f]{12}\)\tby feedback laptop/);
    expect(history).toMatch(/\treleased\tv2-[0-9a-f]{12}\tby feedback CI/);
    expect(history).toMatch(/\trolled-back\tv1-[0-9a-f]{12} \(was v2-[0-9a-f]{12}\)\tby feedback CI/);
    // Nothing of the throwing copy reached the product.
    expect(history.match(/\treleased\t/g)).toHaveLength(3);
    const status = (await server.release(ci, 'status')).output;
    expect(status).toMatch(/^feedback\tv1-[0-9a-f]{12} \(uploaded\), live since \S+ by feedback CI$/m);
  } finally {
    await server.stop();
  }
});

test('a remote built against another contract version is refused by the product, and by the shell with a clear message and Retry, and the minutes it cost are on the candidate’s timeline', async ({
  page,
  browser,
  allowProblem,
}) => {
  // The shell logs the remote it refuses, for whoever deploys it.
  allowProblem(/^console error: remoteFeedback was built for section contract \d+, /);
  // The remote's own code is untouched: it is built against the next version of the contract, as
  // a team would build it against a newer @assessment/react. The version it reports must be the
  // one it was built with, whatever the shell's copy of @assessment/react says at run time.
  const variant = await buildRemoteVariant('remote-feedback', {
    file: 'shared/react/src/contract/section-contract.ts',
    from: `SECTION_CONTRACT_VERSION = ${SECTION_CONTRACT_VERSION};`,
    to: `SECTION_CONTRACT_VERSION = ${SECTION_CONTRACT_VERSION + 1};`,
  });
  const cdn = await serveFolder(variant);
  // A deployment from before releases that pointed REMOTES_JSON at it: imported unchecked at its
  // first start, so the shell's own check is all that stands between it and the candidate.
  const remotesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'remotes-json-')), 'remotes.json');
  fs.writeFileSync(remotesFile, JSON.stringify({ remoteFeedback: `${cdn.origin}/remoteEntry.js` }));
  const server = await startProductServer(ADMIN_TOKEN, { REMOTES_JSON: remotesFile });
  try {
    await openFeedback(page, server.origin);
    const problem = page.locator('.section-problem');
    await expect(problem).toContainText('This section is being updated and does not match this page yet.');
    await expect(problem).toContainText(
      'A new version of this section is being released. Please try again in a few minutes.',
    );
    // Not the candidate's connection: nothing tells them to check it.
    await expect(problem).not.toContainText('internet connection');
    await expect(problem.getByRole('heading')).toBeFocused();

    const key = await server.addReleaseKey('feedback', 'feedback CI');
    const refused = await server.release(key, 'feedback', '--dist', variant);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain(
      `Refused (422): The remote was built against section contract ${SECTION_CONTRACT_VERSION + 1}; the live shell speaks ${SECTION_CONTRACT_VERSION}`,
    );

    expect((await server.release(key, 'feedback', '--dist', productBuild, '--label', 'good')).code).toBe(0);
    await tabToShownFocus(page, problem.getByRole('button', { name: 'Retry' }));
    await press(page, 'Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Interview Preparation' })).toBeVisible();

    // The hiring company's reviewer reads on the candidate's timeline when the section failed and how long it lasted.
    const unique = await sessionId(page);
    const reviewer = addReviewer(
      companyIdOf(getTest(SAMPLE_ID) as TestDefinition),
      'Rhea Release',
      'reviewer',
      server.dataDir,
    );
    const review = await browser.newPage();
    try {
      await signIn(review, reviewer, `${server.origin}/review/candidates/${unique}`);
      const failure = review
        .getByRole('table', { name: 'Proctoring timeline, in time order' })
        .getByRole('row', { name: /Interview Preparation was being updated and could not be shown until/ });
      await expect(async () => {
        await review.reload();
        await expect(failure).toContainText(/\d+:\d\d \(min:s\) lost to the product, not to the candidate\./, {
          timeout: 1000,
        });
      }).toPass({ timeout: 15_000 });
    } finally {
      await review.close();
    }
  } finally {
    await cdn.close();
    await server.stop();
    fs.rmSync(path.dirname(remotesFile), { recursive: true, force: true });
  }
});
