import fs from 'node:fs';
import path from 'node:path';
import { SECTION_CONTRACT_VERSION } from '@assessment/react/contract';
import type { Page } from '@playwright/test';
import { ADA, ADMIN_TOKEN, expect, fillConfirmationForm, SAMPLE_ID, test } from './fixtures.ts';
import { buildRemoteVariant } from './support/build-remote.ts';
import { startProductServer } from './support/product-server.ts';
import { serveFolder } from './support/static-server.ts';

// Builds and servers of its own: run these one after another, apart from the other files' tests.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const SECTION_URL = `/invite/${SAMPLE_ID}/iprep`;

/** Agrees on this server's landing page, pretends a video was recorded, opens the feedback section. */
async function openFeedback(page: Page, origin: string) {
  await page.goto(`${origin}/invite/${SAMPLE_ID}`);
  await fillConfirmationForm(page, ADA);
  await page.getByRole('button', { name: 'Agree & start' }).click();
  await expect(page).toHaveURL(`${origin}/invite/${SAMPLE_ID}/quiz`);
  await page.evaluate(() => localStorage.setItem('VideoRecorded', 'true'));
  await page.goto(`${origin}${SECTION_URL}`);
}

test('the shell build holds no remote address: it reads them from remotes.json', async () => {
  const assets = path.resolve(import.meta.dirname, '../shell/dist/assets');
  for (const file of fs.readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(assets, file), 'utf8');
    expect(code, file).not.toMatch(/remotes\/(quiz|video|feedback)/);
    expect(code, file).not.toMatch(/localhost:517\d/);
  }
});

test('a remote rebuilt alone and published on another origin replaces the old one, shell unchanged', async ({
  page,
}) => {
  const server = await startProductServer(ADMIN_TOKEN);
  const variant = await buildRemoteVariant('remote-feedback', {
    from: '>\n        Interview Preparation\n',
    to: '>\n        Interview Preparation, new release\n',
  });
  const cdn = await serveFolder(variant);
  try {
    await openFeedback(page, server.origin);
    await expect(page.getByRole('heading', { level: 1, name: 'Interview Preparation' })).toBeVisible();

    server.pointRemote('remoteFeedback', `${cdn.origin}/remoteEntry.js`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Interview Preparation, new release' })).toBeVisible();
    // The new release's own stylesheet came along from the other origin.
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

    server.pointRemote('remoteFeedback', '/remotes/feedback/remoteEntry.js');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Interview Preparation' })).toBeVisible();
  } finally {
    await cdn.close();
    await server.stop();
  }
});

test('a remote built against another contract version is refused with a clear message and Retry', async ({
  page,
  allowProblem,
}) => {
  // The shell logs the remote it refuses, for whoever deploys it.
  allowProblem(/^console error: remoteFeedback was built for section contract \d+, /);
  const server = await startProductServer(ADMIN_TOKEN);
  // The remote's own code is untouched: it is built against the next version of the contract, as
  // a team would build it against a newer @assessment/react. The version it reports must be the
  // one it was built with, whatever the shell's copy of @assessment/react says at run time.
  const variant = await buildRemoteVariant('remote-feedback', {
    file: 'shared/react/src/contract/section-contract.ts',
    from: `SECTION_CONTRACT_VERSION = ${SECTION_CONTRACT_VERSION};`,
    to: `SECTION_CONTRACT_VERSION = ${SECTION_CONTRACT_VERSION + 1};`,
  });
  const cdn = await serveFolder(variant);
  try {
    server.pointRemote('remoteFeedback', `${cdn.origin}/remoteEntry.js`);
    await openFeedback(page, server.origin);
    const problem = page.locator('.section-problem');
    await expect(problem).toContainText('This section is being updated and does not match this page yet.');
    await expect(problem.getByRole('button', { name: 'Retry' })).toBeVisible();

    server.pointRemote('remoteFeedback', '/remotes/feedback/remoteEntry.js');
    await problem.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Interview Preparation' })).toBeVisible();
  } finally {
    await cdn.close();
    await server.stop();
  }
});
