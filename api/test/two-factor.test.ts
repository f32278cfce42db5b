import {
  companyIdOf,
  getTest,
  type TestDefinition,
  TWO_FACTOR_CHALLENGE_GONE,
  TWO_FACTOR_CODE_REFUSED,
  TWO_FACTOR_REQUIRED,
  TWO_FACTOR_TOO_MANY_CODES,
  WRONG_CODES_PER_SIGN_IN,
} from '@assessment/core';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stores } from '../src/storage/stores.ts';
import { TEST_DATABASES } from './databases.ts';
import { type InProcessServer, testId } from './helpers.ts';
import { REVIEWER_PASSWORD, ReviewerBrowser, reviewServer } from './reviewer-helpers.ts';

const companyId = companyIdOf(getTest(testId) as TestDefinition);
const ADMIN = 'tf-admin@lumenvault.example';
const SECOND_ADMIN = 'tf-second@lumenvault.example';
const REVIEWER = 'tf-reviewer@lumenvault.example';
const OUTSIDER = 'tf-admin@orbitra.example';
const STEP_MS = 30_000;

describe.each(TEST_DATABASES)('two-factor sign-in for reviewers ($name)', (database) => {
  let server: InProcessServer;
  let stores: Stores;
  let close: () => Promise<void>;
  // On a step's start, so that "the next step" is always 30 s away.
  let clock = Math.floor(Date.now() / STEP_MS) * STEP_MS;
  const keys = new Map<string, string>();
  const recovery = new Map<string, string[]>();

  const browser = () => new ReviewerBrowser(server.url);
  /** The code `email`'s app shows at the server's time, `steps` steps from now. */
  const codeOf = (email: string, steps = 0) =>
    generate({ secret: keys.get(email) as string, epoch: Math.floor((clock + steps * STEP_MS) / 1000) });
  const signedIn = async (email: string) => {
    const reviewer = browser();
    expect((await reviewer.signIn(email)).status).toBe(204);
    return reviewer;
  };
  /** Password, then code: the two steps of the page. */
  const signInWithCode = async (email: string, code: string) => {
    const reviewer = browser();
    const first = await reviewer.signIn(email);
    expect(first.status, first.text).toBe(200);
    const second = await reviewer.send('POST', '/api/review/sign-in/code', { code });
    if (second.status === 204) {
      reviewer.csrfToken = (await reviewer.send('GET', '/api/review/me')).body.csrfToken as string;
    }
    return { reviewer, first, second };
  };
  const reviewerIdOf = async (email: string) => (await stores.reviewers.reviewerOfEmail(email))?.reviewerId as string;
  /** Sets two-factor sign-in up for the signed-in `reviewer` as the page does, and keeps its key and codes. */
  const setUp = async (reviewer: ReviewerBrowser, email: string) => {
    const setup = await reviewer.send('POST', '/api/review/two-factor/setup');
    expect(setup.status, setup.text).toBe(200);
    keys.set(email, setup.body.key as string);
    const confirmed = await reviewer.send('POST', '/api/review/two-factor/confirm', { code: await codeOf(email) });
    expect(confirmed.status, confirmed.text).toBe(200);
    recovery.set(email, confirmed.body.recoveryCodes as string[]);
  };

  beforeAll(async () => {
    ({ server, stores, close } = await reviewServer(
      database,
      [
        { companyId, email: ADMIN, name: 'Ann Admin', role: 'admin' },
        { companyId, email: SECOND_ADMIN, name: 'Sam Second', role: 'admin' },
        { companyId, email: REVIEWER, name: 'Rae Reviewer', role: 'reviewer' },
        { companyId: 'orbitra-labs', email: OUTSIDER, name: 'Olga Outsider', role: 'admin' },
      ],
      { now: () => clock },
      // Every test here signs in from one address many times; that hourly count is not under test.
      // Behind a trusted proxy, a test may send a guess from an address of its choosing.
      { SIGN_INS_PER_IP_PER_HOUR: '1000', TRUST_PROXY: 'true' },
    ));
  });

  afterAll(() => close());

  it('is set up with a pending secret that only a right code turns on, and gives ten recovery codes once', async () => {
    const ann = await signedIn(ADMIN);
    expect((await ann.send('GET', '/api/review/two-factor')).body).toEqual({
      on: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const setup = await ann.send('POST', '/api/review/two-factor/setup');
    expect(setup.status).toBe(200);
    const key = setup.body.key as string;
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toBe(
      `otpauth://totp/Lumenvault%20review:${encodeURIComponent(ADMIN)}?secret=${key}&issuer=Lumenvault%20review`,
    );
    keys.set(ADMIN, key);
    // Pending: a password still signs in alone.
    expect((await ann.send('GET', '/api/review/me')).body.twoFactor).toEqual({ on: false, required: false });
    expect((await browser().signIn(ADMIN)).status).toBe(204);

    const wrong = await ann.send('POST', '/api/review/two-factor/confirm', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toMatch(/not right/);
    const confirmed = await ann.send('POST', '/api/review/two-factor/confirm', { code: await codeOf(ADMIN) });
    expect(confirmed.status, confirmed.text).toBe(200);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    recovery.set(ADMIN, codes);

    expect((await ann.send('GET', '/api/review/two-factor')).body).toEqual({
      on: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    // Once on, it is not set up again over itself, and the codes are never shown again.
    expect((await ann.send('POST', '/api/review/two-factor/setup')).status).toBe(409);
    expect((await ann.send('POST', '/api/review/two-factor/confirm', { code: await codeOf(ADMIN) })).status).toBe(409);
  });

  it('asks a right password for a code, in a 5-minute cookie, and signs in only with the code', async () => {
    clock += STEP_MS;
    const reviewer = browser();
    const first = await reviewer.signIn(ADMIN);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ codeNeeded: true, expiresAt: new Date(clock + 5 * 60_000).toISOString() });
    const cookie = first.headers.get('set-cookie') as string;
    expect(cookie).toMatch(/^review_two_factor=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; Max-Age=300;/);
    expect(cookie).toMatch(/; Path=\/api\/review;/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    // No sign-in yet: the waiting proof opens nothing.
    expect((await reviewer.send('GET', '/api/review/me')).status).toBe(401);
    expect((await reviewer.send('GET', '/api/review/tests')).status).toBe(401);

    const done = await reviewer.send('POST', '/api/review/sign-in/code', { code: await codeOf(ADMIN) });
    expect(done.status, done.text).toBe(204);
    expect(reviewer.cookies.has('review_session')).toBe(true);
    expect(reviewer.cookies.has('review_two_factor')).toBe(false);
    expect((await reviewer.send('GET', '/api/review/me')).body.twoFactor).toEqual({ on: true, required: false });

    // Without the cookie of a right password, a code signs nobody in.
    const stranger = await browser().send('POST', '/api/review/sign-in/code', { code: await codeOf(ADMIN, 1) });
    expect(stranger.status).toBe(401);
    expect(stranger.body.error).toBe(TWO_FACTOR_CHALLENGE_GONE);
  });

  it('refuses a code whose step was used, or an older one, and takes the next step’s', async () => {
    clock += STEP_MS;
    const { second } = await signInWithCode(ADMIN, await codeOf(ADMIN));
    expect(second.status).toBe(204);
    const replay = await signInWithCode(ADMIN, await codeOf(ADMIN));
    expect(replay.second.status).toBe(401);
    expect(replay.second.body.error).toBe(TWO_FACTOR_CODE_REFUSED);
    expect((await signInWithCode(ADMIN, await codeOf(ADMIN, -1))).second.status).toBe(401);
    // One step ahead is within the window, and not used yet.
    expect((await signInWithCode(ADMIN, await codeOf(ADMIN, 1))).second.status).toBe(204);
    // The same code sent twice at once (two instances, or a double click) signs in once.
    clock += 3 * STEP_MS;
    const both = [browser(), browser()];
    for (const one of both) expect((await one.signIn(ADMIN)).status).toBe(200);
    const code = await codeOf(ADMIN);
    const answers = await Promise.all(both.map((one) => one.send('POST', '/api/review/sign-in/code', { code })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 401]);
    // Two steps away either side is not.
    clock += 3 * STEP_MS;
    expect((await signInWithCode(ADMIN, await codeOf(ADMIN, 2))).second.status).toBe(401);
    expect((await signInWithCode(ADMIN, await codeOf(ADMIN, -2))).second.status).toBe(401);
  });

  it('counts a wrong code as a failed sign-in of that email from that address, and a right one clears it', async () => {
    clock += STEP_MS;
    // A right code first: it clears what the tests before left counted.
    expect((await signInWithCode(ADMIN, await codeOf(ADMIN))).second.status).toBe(204);
    clock += STEP_MS;
    const reviewer = browser();
    expect((await reviewer.signIn(ADMIN)).status).toBe(200);
    // Four free failures (the throttle's, for typos), then each makes the next attempt wait.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await reviewer.send('POST', '/api/review/sign-in/code', { code: '123456' })).status).toBe(401);
    }
    expect((await reviewer.send('POST', '/api/review/sign-in/code', { code: '654321' })).status).toBe(401);
    const held = await reviewer.send('POST', '/api/review/sign-in/code', { code: await codeOf(ADMIN) });
    expect(held.status).toBe(429);
    expect(held.headers.get('retry-after')).toBe('1');
    // The password counts the same failures: the code's wrong guesses slow it too.
    expect((await browser().signIn(ADMIN)).status).toBe(429);
    clock += 1000;
    expect((await reviewer.send('POST', '/api/review/sign-in/code', { code: await codeOf(ADMIN) })).status).toBe(204);
    // Cleared by the right code: a typo now costs nothing.
    clock += STEP_MS;
    const again = browser();
    expect((await again.signIn(ADMIN)).status).toBe(200);
    expect((await again.send('POST', '/api/review/sign-in/code', { code: '111111' })).status).toBe(401);
    expect((await again.send('POST', '/api/review/sign-in/code', { code: await codeOf(ADMIN) })).status).toBe(204);
  });

  it(`ends a sign-in after ${WRONG_CODES_PER_SIGN_IN} wrong codes, from whatever addresses they come`, async () => {
    clock += STEP_MS;
    const reviewer = browser();
    expect((await reviewer.signIn(ADMIN)).status).toBe(200);
    // The waiting sign-in's cookie, replayed from a fresh address for each guess, so that no
    // address's failures hold it back.
    const answers: { status: number; error: unknown }[] = [];
    for (let guess = 0; guess < WRONG_CODES_PER_SIGN_IN; guess += 1) {
      const answer = await reviewer.send(
        'POST',
        '/api/review/sign-in/code',
        { code: String(100000 + guess) },
        { 'x-forwarded-for': `198.51.100.${guess + 1}` },
      );
      answers.push({ status: answer.status, error: answer.body.error });
    }
    expect(answers.slice(0, -1).every((answer) => answer.error === TWO_FACTOR_CODE_REFUSED)).toBe(true);
    expect(answers.at(-1)).toEqual({ status: 401, error: TWO_FACTOR_TOO_MANY_CODES });
    const right = await reviewer.send('POST', '/api/review/sign-in/code', { code: await codeOf(ADMIN) });
    expect(right.status).toBe(401);
    expect(right.body.error).toBe(TWO_FACTOR_CHALLENGE_GONE);
  });

  it('takes each recovery code once, however it is typed, and lets a code wait only 5 minutes', async () => {
    const [firstCode, secondCode] = recovery.get(ADMIN) as string[];
    expect((await signInWithCode(ADMIN, firstCode as string)).second.status).toBe(204);
    expect((await signInWithCode(ADMIN, firstCode as string)).second.status).toBe(401);
    const typed = ` ${(secondCode as string).replaceAll('-', ' ').toUpperCase()} `;
    expect((await signInWithCode(ADMIN, typed)).second.status).toBe(204);
    expect(await stores.twoFactor.recoveryCodesLeft(await reviewerIdOf(ADMIN))).toBe(8);
    // Another reviewer's recovery code is not this one's.
    expect((await signInWithCode(ADMIN, 'abcd-efgh-jkmn-pqrs')).second.status).toBe(401);

    clock += STEP_MS;
    const late = browser();
    expect((await late.signIn(ADMIN)).status).toBe(200);
    clock += 5 * 60_000;
    const gone = await late.send('POST', '/api/review/sign-in/code', { code: await codeOf(ADMIN) });
    expect(gone.status).toBe(401);
    expect(gone.body.error).toBe(TWO_FACTOR_CHALLENGE_GONE);
  });

  it('gives new recovery codes for a current code, and every old one stops working', async () => {
    clock += STEP_MS;
    const { reviewer: ann } = await signInWithCode(ADMIN, await codeOf(ADMIN));
    const [, , unused] = recovery.get(ADMIN) as string[];
    expect((await ann.send('POST', '/api/review/two-factor/recovery-codes', { code: '000000' })).status).toBe(400);
    // The step the sign-in took cannot be taken again here either.
    expect(
      (await ann.send('POST', '/api/review/two-factor/recovery-codes', { code: await codeOf(ADMIN) })).status,
    ).toBe(400);
    clock += STEP_MS;
    const renewed = await ann.send('POST', '/api/review/two-factor/recovery-codes', { code: await codeOf(ADMIN) });
    expect(renewed.status, renewed.text).toBe(200);
    const codes = renewed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(unused);
    expect(await stores.twoFactor.recoveryCodesLeft(await reviewerIdOf(ADMIN))).toBe(10);
    expect((await signInWithCode(ADMIN, unused as string)).second.status).toBe(401);
    expect((await signInWithCode(ADMIN, codes[0] as string)).second.status).toBe(204);
    recovery.set(ADMIN, codes.slice(1));
    // Without two-factor sign-in there are no codes to renew.
    const sam = await signedIn(SECOND_ADMIN);
    expect((await sam.send('POST', '/api/review/two-factor/recovery-codes', { code: '123456' })).status).toBe(409);
  });

  it('is required by an admin who has it on: everyone else can only set it up, sign out and read who they are', async () => {
    clock += STEP_MS;
    const rae = await signedIn(REVIEWER);
    const sam = await signedIn(SECOND_ADMIN);
    expect((await rae.send('PUT', '/api/review/two-factor/requirement', { required: true })).status).toBe(403);
    const notOn = await sam.send('PUT', '/api/review/two-factor/requirement', { required: true });
    expect(notOn.status).toBe(409);
    expect(notOn.text).toMatch(/Turn on two-factor sign-in for your own account first/);

    const { reviewer: ann } = await signInWithCode(ADMIN, await codeOf(ADMIN));
    const required = await ann.send('PUT', '/api/review/two-factor/requirement', { required: true });
    expect(required.status, required.text).toBe(200);
    expect(required.body).toMatchObject({ on: true, required: true });
    expect((await ann.send('GET', '/api/review/tests')).status).toBe(200);

    // Rae, signed in before, is held at once; so is a new sign-in with a password alone.
    for (const held of [rae, await signedIn(SECOND_ADMIN)]) {
      const tests = await held.send('GET', '/api/review/tests');
      expect(tests.status).toBe(403);
      expect(tests.body.error).toBe(TWO_FACTOR_REQUIRED);
      expect((await held.send('GET', '/api/review/team')).status).toBe(403);
      expect((await held.send('GET', '/api/review/me')).body.twoFactor).toEqual({ on: false, required: true });
      expect((await held.send('GET', '/api/review/two-factor')).status).toBe(200);
    }
    expect((await sam.send('PUT', '/api/review/two-factor/requirement', { required: false })).status).toBe(403);

    await setUp(rae, REVIEWER);
    expect((await rae.send('GET', '/api/review/tests')).status).toBe(200);
    // Required: it stays on.
    const off = await rae.send('POST', '/api/review/two-factor/off', { code: await codeOf(REVIEWER, 1) });
    expect(off.status).toBe(409);
    expect(off.text).toMatch(/requires two-factor sign-in/);
    const out = await sam.send('POST', '/api/review/sign-out');
    expect(out.status).toBe(204);
  });

  it('is cleared by an admin’s reset of a teammate’s access, and goes with a removed teammate', async () => {
    clock += STEP_MS;
    const { reviewer: ann } = await signInWithCode(ADMIN, await codeOf(ADMIN));
    const raeId = await reviewerIdOf(REVIEWER);
    expect(await stores.twoFactor.twoFactorSecret(raeId)).toBeDefined();
    // The admin sees who has it on before and after.
    const twoFactorOf = async (reviewerId: string) =>
      ((await ann.send('GET', '/api/review/team')).body.teammates as { reviewerId: string; twoFactor: boolean }[]).find(
        (teammate) => teammate.reviewerId === reviewerId,
      )?.twoFactor;
    expect(await twoFactorOf(raeId)).toBe(true);
    const reset = await ann.send('POST', `/api/review/team/${raeId}/reset`);
    expect(reset.status, reset.text).toBe(200);
    expect(await twoFactorOf(raeId)).toBe(false);
    expect(await stores.twoFactor.twoFactorSecret(raeId)).toBeUndefined();
    expect(await stores.twoFactor.recoveryCodesLeft(raeId)).toBe(0);

    const newPassword = 'quartz meadow lantern ferry';
    const set = await browser().send('POST', '/api/review/access-link/password', {
      secret: reset.body.secret,
      password: newPassword,
    });
    expect(set.status).toBe(204);
    // A password alone signs Rae in again, into setting it up, which the company still requires.
    const rae = browser();
    expect((await rae.signIn(REVIEWER, newPassword)).status).toBe(204);
    expect((await rae.send('GET', '/api/review/tests')).status).toBe(403);
    await setUp(rae, REVIEWER);

    // A teammate half-way through a sign-in, then removed: nothing of theirs is left.
    clock += STEP_MS;
    expect((await browser().signIn(REVIEWER, newPassword)).status).toBe(200);
    expect((await ann.send('DELETE', `/api/review/team/${raeId}`)).status).toBe(204);
    expect(await stores.twoFactor.twoFactorSecret(raeId)).toBeUndefined();
    expect(await stores.twoFactor.recoveryCodesLeft(raeId)).toBe(0);
  });

  it('is each company’s own: another company neither sees nor resets it, and its requirement holds no one else', async () => {
    clock += STEP_MS;
    const olga = await signedIn(OUTSIDER);
    await setUp(olga, OUTSIDER);
    expect((await olga.send('PUT', '/api/review/two-factor/requirement', { required: false })).status).toBe(200);
    const annId = await reviewerIdOf(ADMIN);
    expect((await olga.send('POST', `/api/review/team/${annId}/reset`)).status).toBe(404);
    expect(await stores.twoFactor.twoFactorSecret(annId)).toBeDefined();
    // Lumenvault requires it; Orbitra does not, and Olga is never held by Lumenvault's rule.
    expect((await olga.send('GET', '/api/review/two-factor')).body).toMatchObject({ on: true, required: false });
    expect((await stores.twoFactor.twoFactorGate(companyId, annId)).required).toBe(true);
  });

  it('is turned off with a current code or a recovery code, never the password, and only where not required', async () => {
    clock += STEP_MS;
    const { reviewer: ann } = await signInWithCode(ADMIN, await codeOf(ADMIN));
    expect((await ann.send('PUT', '/api/review/two-factor/requirement', { required: false })).status).toBe(200);
    const byPassword = await ann.send('POST', '/api/review/two-factor/off', { code: REVIEWER_PASSWORD });
    expect(byPassword.status).toBe(400);
    expect((await ann.send('POST', '/api/review/two-factor/off', { code: '000000' })).status).toBe(400);
    // This step was taken by the sign-in: its code does not turn anything off.
    expect((await ann.send('POST', '/api/review/two-factor/off', { code: await codeOf(ADMIN) })).status).toBe(400);
    const off = await ann.send('POST', '/api/review/two-factor/off', { code: await codeOf(ADMIN, 1) });
    expect(off.status, off.text).toBe(204);
    expect(await stores.twoFactor.twoFactorSecret(await reviewerIdOf(ADMIN))).toBeUndefined();
    expect((await browser().signIn(ADMIN)).status).toBe(204);

    expect((await browser().signIn(OUTSIDER)).status).toBe(200);
    const { reviewer } = await signInWithCode(OUTSIDER, (recovery.get(OUTSIDER) as string[])[0] as string);
    const left = (recovery.get(OUTSIDER) as string[])[1] as string;
    expect((await reviewer.send('POST', '/api/review/two-factor/off', { code: left })).status).toBe(204);
    expect((await reviewer.send('GET', '/api/review/two-factor')).body).toEqual({
      on: false,
      required: false,
      recoveryCodesLeft: 0,
    });
  });
});
