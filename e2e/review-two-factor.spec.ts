import { testsOfCompany } from '@assessment/core';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import decodeQR from 'qr/decode.js';
import { seriousAccessibilityViolations } from './accessibility-helpers.ts';
import { expect, refusedRequest } from './fixtures.ts';
import { addReviewer, type Reviewer, signIn, signOutByKeyboard, testOnOwnServer as test } from './review-helpers.ts';
import { press, tabToShownFocus, type } from './support/keyboard.ts';

/** A company no other spec touches: its rule of two-factor sign-in holds this spec's people alone. */
const MARROWGATE = {
  companyId: 'marrowgate-custody',
  roleName: testsOfCompany('marrowgate-custody')[0]?.roleName as string,
};

/**
 * The code an authenticator app shows for `key` one step (30 s) ahead: the server takes a code
 * one step either side, and never the step a code was taken for already, such as the one that
 * just confirmed the key.
 */
const nextCode = (key: string) => generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + 30 });

/** What the QR code image of that name holds, decoded from the pixels the browser drew (`qr/decode.js`). */
async function scannedQrCode(page: Page, name: string): Promise<string> {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  const pixels = await image.evaluate(async (element: HTMLImageElement) => {
    await element.decode();
    const canvas = document.createElement('canvas');
    canvas.width = element.naturalWidth * 2;
    canvas.height = element.naturalHeight * 2;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(element, 0, 0, canvas.width, canvas.height);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width, height, data: Array.from(data) };
  });
  return decodeQR({ width: pixels.width, height: pixels.height, data: Uint8Array.from(pixels.data) });
}

/** Sets two-factor sign-in up from the focused page by keyboard, reading the key off the page; its key and recovery codes. */
async function setUpTwoFactor(page: Page): Promise<{ key: string; codes: string[] }> {
  await tabToShownFocus(page, page.getByRole('button', { name: 'Set up two-factor sign-in' }));
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: 'Add this key to your authenticator app' })).toBeFocused();
  const key = (await page.getByLabel('Your key', { exact: true }).inputValue()).replaceAll(' ', '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  const uri = page.getByLabel('The same key as an otpauth:// address, for apps that take one');
  await expect(uri).toHaveValue(
    new RegExp(
      `^otpauth://totp/Marrowgate%20Custody%20review:.*\\?secret=${key}&issuer=Marrowgate%20Custody%20review$`,
    ),
  );
  // The QR code, drawn under the page's served CSP (a refused image fails the test: fixtures.ts),
  // is read back from its pixels as an app's camera would, and holds that very address.
  expect(await scannedQrCode(page, 'QR code of the same key, to scan with your authenticator app')).toBe(
    await uri.inputValue(),
  );
  await tabToShownFocus(page, page.getByLabel('Code from your app'));
  await type(page, '000000');
  await press(page, 'Enter');
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Enter the code your app shows now.');
  await expect(page.getByLabel('Code from your app')).toBeFocused();
  await type(page, await generate({ secret: key }));
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
  const codes = await page.getByRole('region', { name: 'Your recovery codes' }).getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await tabToShownFocus(page, page.getByRole('button', { name: 'I have kept my recovery codes' }));
  await press(page, 'Enter');
  return { key, codes };
}

/** Password, then the code step, whose field takes the focus; the code typed and sent by keyboard. */
async function signInWithCode(page: Page, reviewer: Reviewer, code: string): Promise<void> {
  await page.goto('/review/');
  await page.getByLabel('Email').fill(reviewer.email);
  await page.getByLabel('Password').fill(reviewer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Two-factor code')).toBeFocused();
  await type(page, code);
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Your tests' })).toBeFocused();
}

test('an admin requires two-factor sign-in; a reviewer is taken to set it up, then signs in with a code and with a recovery code, by keyboard', async ({
  page,
  browser,
  allowProblem,
  watchPage,
  ownServer,
}) => {
  test.setTimeout(120_000);
  // The wrong codes this test types on purpose.
  allowProblem(refusedRequest('/api/review/two-factor/confirm', 400));
  allowProblem(refusedRequest('/api/review/sign-in/code', 401));
  // What Reid's open page asks for once the company requires it: refused, and the page knows why.
  allowProblem(refusedRequest('/api/review/tests', 403));
  const admin = addReviewer(MARROWGATE.companyId, 'Mara Admin', undefined, ownServer.dataDir);
  const reviewer = addReviewer(MARROWGATE.companyId, 'Reid Reviewer', 'reviewer', ownServer.dataDir);
  const reidContext = await browser.newContext();
  const reid = await reidContext.newPage();
  await watchPage(reid);
  await signIn(reid, reviewer, '/review/');
  await expect(reid.getByRole('heading', { level: 1, name: 'Your tests' })).toBeVisible();

  // The admin turns it on for herself first: only then can she require it of everyone.
  await signIn(page, admin, '/review/settings/two-factor');
  const own = page.getByRole('region', { name: 'Two-factor sign-in', exact: true });
  const rule = page.getByRole('region', { name: 'Two-factor sign-in for everyone' });
  await setUpTwoFactor(page);
  await expect(own.getByRole('heading', { name: 'Two-factor sign-in', exact: true })).toBeFocused();
  await expect(own.getByRole('status').filter({ hasText: 'is on' })).toHaveText('Two-factor sign-in is on.');
  await expect(own).toContainText('10 of your recovery codes are left.');
  await tabToShownFocus(page, rule.getByLabel('Require two-factor sign-in of everyone in the company'));
  await press(page, 'Space');
  await expect(rule.getByRole('status')).toHaveText(
    'Two-factor sign-in is now required: everyone in your company sets it up at their next step on this page.',
  );
  await expect(rule.getByLabel('Require two-factor sign-in of everyone in the company')).toBeChecked();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  try {
    // Reid's page, open from before: his next step is refused, and his page turns to the set-up.
    await tabToShownFocus(reid, reid.getByRole('link', { name: MARROWGATE.roleName }));
    await press(reid, 'Enter');
    await expect(reid.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeFocused();
    await signOutByKeyboard(reid);

    // A password alone signs Reid in, straight to setting it up: nothing else is open to him.
    await signIn(reid, reviewer, '/review/');
    await expect(reid.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeFocused();
    await expect(reid.getByText('Marrowgate Custody requires two-factor sign-in for its review page.')).toBeVisible();
    await expect(reid.getByText('an authenticator app you already have')).toBeVisible();
    expect(await seriousAccessibilityViolations(reid)).toEqual([]);
    const { key, codes } = await setUpTwoFactor(reid);
    await expect(reid.getByRole('heading', { level: 1, name: 'Your tests' })).toBeFocused();
    await reid.goto('/review/settings/two-factor');
    await expect(reid.getByRole('region', { name: 'Two-factor sign-in', exact: true })).toContainText(
      'Your company requires it, so it stays on.',
    );

    await signOutByKeyboard(reid);
    await signInWithCode(reid, reviewer, await nextCode(key));
    expect(await seriousAccessibilityViolations(reid)).toEqual([]);

    await signOutByKeyboard(reid);
    await signInWithCode(reid, reviewer, codes[0] as string);
    await reid.goto('/review/settings/two-factor');
    await expect(reid.getByRole('region', { name: 'Two-factor sign-in', exact: true })).toContainText(
      '9 of your recovery codes are left.',
    );

    // New recovery codes, made with one of the old ones: every old one stops working.
    const panel = reid.getByRole('region', { name: 'Two-factor sign-in', exact: true });
    await tabToShownFocus(reid, panel.getByLabel('Code for new recovery codes'));
    await type(reid, codes[1] as string);
    await press(reid, 'Enter');
    await expect(reid.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
    await expect(panel.getByText('Your old recovery codes no longer work.')).toBeVisible();
    await expect(panel.getByRole('region', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await tabToShownFocus(reid, reid.getByRole('button', { name: 'I have kept my recovery codes' }));
    await press(reid, 'Enter');
    await expect(panel.getByRole('heading', { name: 'Two-factor sign-in', exact: true })).toBeFocused();
    await expect(panel.getByRole('status').filter({ hasText: 'recovery' })).toHaveText(
      'New recovery codes are ready; the old ones no longer work.',
    );
    await expect(panel).toContainText('10 of your recovery codes are left.');

    // A recovery code works once: the same one again is refused, announced, and the field kept.
    await signOutByKeyboard(reid);
    await reid.getByLabel('Email').fill(reviewer.email);
    await reid.getByLabel('Password').fill(reviewer.password);
    await reid.getByRole('button', { name: 'Sign in' }).click();
    await expect(reid.getByLabel('Two-factor code')).toBeFocused();
    expect(await seriousAccessibilityViolations(reid)).toEqual([]);
    await type(reid, codes[0] as string);
    await press(reid, 'Enter');
    await expect(reid.getByRole('alert')).toHaveText(
      'That code is not right. Enter the code your app shows now, or a recovery code.',
    );
    await expect(reid.getByLabel('Two-factor code')).toBeFocused();

    // The admin's team table tells who has it on.
    await page.goto('/review/settings/team');
    const team = page.getByRole('table', { name: 'Your team' });
    await expect(
      team
        .getByRole('row', { name: /Reid Reviewer/ })
        .getByRole('cell')
        .nth(3),
    ).toHaveText('On');
    await expect(
      team
        .getByRole('row', { name: /Mara Admin/ })
        .getByRole('cell')
        .nth(3),
    ).toHaveText('On');
  } finally {
    await reidContext.close();
  }
});
