import { companyIdOf, getTest, type InvitationView, testsOfCompany } from '@assessment/core';
import { parse } from 'csv-parse/sync';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answers,
  CANDIDATE_EMAIL,
  createUpload,
  feedback,
  type InProcessServer,
  newSessionId,
  patchUpload,
  postJson,
  registered,
  registration,
  startServer,
  syntheticWebm,
  tempDataDir,
  testId,
} from './helpers.ts';
import { DAY, HOUR, invitationStatus, MINUTE, registerWith, testClock, tokenOf } from './invitation-helpers.ts';
import { REVIEWER_PASSWORD, ReviewerBrowser, type ReviewResponse, withReviewers } from './reviewer-helpers.ts';

const ours = getTest(testId);
if (!ours) throw new Error('The sample test is missing');
const companyA = companyIdOf(ours);
const otherTestOfA = testsOfCompany(companyA).find((test) => test.uuid !== testId)?.uuid as string;
const theirs = testsOfCompany('orbitra-labs')[0];
if (!theirs) throw new Error('Orbitra Labs has no test');
const ALICE = 'alice@lumenvault.example';
const BOB = 'bob@orbitra.example';

const clock = testClock(Date.parse('2026-04-06T08:00:00Z'));
let server: InProcessServer;
beforeAll(async () => {
  const dataDir = tempDataDir();
  await withReviewers(dataDir, [
    { companyId: companyA, email: ALICE },
    { companyId: 'orbitra-labs', email: BOB },
  ]);
  // Every test signs in afresh; the limits themselves are tested on a server of their own.
  const manySignIns = { SIGN_INS_PER_IP_PER_HOUR: '1000' };
  server = await startServer({ DATA_DIR: dataDir, ...manySignIns }, { now: clock.now });
});
afterAll(() => server.stop());

async function signedIn(email: string): Promise<ReviewerBrowser> {
  const browser = new ReviewerBrowser(server.url);
  expect((await browser.signIn(email)).status).toBe(204);
  return browser;
}

const inAWeek = () => new Date(clock.now() + 7 * DAY).toISOString();

describe('sign-in', () => {
  it('sets an HttpOnly, SameSite=Strict cookie for the reviewer API only, and answers who is signed in', async () => {
    const browser = new ReviewerBrowser(server.url);
    expect((await browser.send('GET', '/api/review/me')).status).toBe(401);
    const response = await browser.send('POST', '/api/review/sign-in', { email: ALICE, password: REVIEWER_PASSWORD });
    expect(response.status).toBe(204);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^review_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\/api\/review/);
    expect(cookie).not.toMatch(/Secure/);

    const me = await browser.send('GET', '/api/review/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      reviewer: { email: ALICE, name: ALICE, role: 'admin' },
      company: { companyId: companyA, companyName: ours.companyName },
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      // No SMTP_URL here: reviewers are told to copy the links themselves.
      emailSetUp: false,
      twoFactor: { on: false, required: false },
    });
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('tells the page who is signed in, or that nobody is, without a refusal', async () => {
    const browser = new ReviewerBrowser(server.url);
    expect(await browser.send('GET', '/api/review/session')).toMatchObject({ status: 200, body: { me: null } });
    expect((await browser.signIn(ALICE)).status).toBe(204);
    const session = await browser.send('GET', '/api/review/session');
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ me: (await browser.send('GET', '/api/review/me')).body });
    expect((await browser.send('POST', '/api/review/sign-out')).status).toBe(204);
    expect(await browser.send('GET', '/api/review/session')).toMatchObject({ status: 200, body: { me: null } });
  });

  it('gives one answer for a wrong password and for an unknown email', async () => {
    const browser = new ReviewerBrowser(server.url);
    const wrongPassword = await browser.send('POST', '/api/review/sign-in', {
      email: ALICE,
      password: 'not it at all',
    });
    const unknownEmail = await browser.send('POST', '/api/review/sign-in', {
      email: 'nobody@lumenvault.example',
      password: REVIEWER_PASSWORD,
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Email or password is not right.' });
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    // The email is not case-sensitive.
    expect((await browser.signIn(ALICE.toUpperCase())).status).toBe(204);
  });

  it("refuses a sign-in posted from another site's page", async () => {
    const browser = new ReviewerBrowser(server.url);
    const response = await browser.send(
      'POST',
      '/api/review/sign-in',
      { email: ALICE, password: REVIEWER_PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    expect(browser.cookie).toBeUndefined();
  });

  it('marks the cookie Secure behind an HTTPS proxy', async () => {
    const dataDir = tempDataDir();
    await withReviewers(dataDir, [{ companyId: companyA, email: ALICE }]);
    const proxied = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: 'true' });
    try {
      const response = await fetch(`${proxied.url}/api/review/sign-in`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'review.example',
          origin: 'https://review.example',
        },
        body: JSON.stringify({ email: ALICE, password: REVIEWER_PASSWORD }),
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('set-cookie')).toMatch(/; Secure/);
    } finally {
      await proxied.stop();
    }
  });

  it('signs out on every instance: the cookie no longer opens anything', async () => {
    const browser = await signedIn(ALICE);
    const cookie = browser.cookie;
    const out = await browser.send('POST', '/api/review/sign-out');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^review_session=;/);
    browser.cookie = cookie;
    expect((await browser.send('GET', '/api/review/me')).status).toBe(401);
  });

  it('ends a sign-in after 12 hours unused, and after 7 days however used', async () => {
    const start = clock.now();
    try {
      const idle = await signedIn(ALICE);
      clock.advance(11 * HOUR);
      expect((await idle.send('GET', '/api/review/me')).status).toBe(200);
      clock.advance(12 * HOUR - MINUTE);
      expect((await idle.send('GET', '/api/review/me')).status).toBe(200);
      clock.advance(12 * HOUR);
      expect((await idle.send('GET', '/api/review/me')).status).toBe(401);

      clock.set(start);
      const busy = await signedIn(ALICE);
      for (let hours = 10; hours < 7 * 24; hours += 10) {
        clock.set(start + hours * HOUR);
        expect((await busy.send('GET', '/api/review/tests')).status, `after ${hours} h`).toBe(200);
      }
      clock.set(start + 7 * DAY);
      expect((await busy.send('GET', '/api/review/tests')).status).toBe(401);
    } finally {
      clock.set(start);
    }
  });
});

describe('CSRF', () => {
  it("refuses every change without the sign-in's token, or with another one", async () => {
    const alice = await signedIn(ALICE);
    const other = await signedIn(ALICE);
    const changes: [string, string, unknown][] = [
      ['PATCH', `/api/review/tests/${testId}`, { openLinkAllowed: false }],
      ['POST', `/api/review/tests/${testId}/invitations`, { email: 'x@mail.example', expiresAt: inAWeek() }],
      ['POST', '/api/review/sign-out', undefined],
    ];
    for (const [method, route, body] of changes) {
      const token = alice.csrfToken as string;
      alice.csrfToken = undefined;
      expect((await alice.send(method, route, body)).status, `${method} ${route} without`).toBe(403);
      alice.csrfToken = other.csrfToken;
      expect((await alice.send(method, route, body)).status, `${method} ${route} with another`).toBe(403);
      alice.csrfToken = token;
    }
    expect((await alice.send('GET', `/api/review/tests/${testId}/invitations`)).status).toBe(200);
    expect((await postJson(server.url, '/api/now-assessment', registration(newSessionId()))).status).toBe(200);
  });
});

describe('the reviewer API', () => {
  it("lists the company's own tests with their counts", async () => {
    const alice = await signedIn(ALICE);
    const before = await alice.send('GET', '/api/review/tests');
    expect(before.body.tests).toHaveLength(testsOfCompany(companyA).length);
    const counts = (body: typeof before.body) =>
      (body.tests as { testId: string; counts: object }[]).find((test) => test.testId === testId)?.counts as {
        invited: number;
        started: number;
        sentNothing: number;
        finished: number;
      };
    const start = counts(before.body);

    const created = await alice.send('POST', `/api/review/tests/${testId}/invitations`, {
      email: CANDIDATE_EMAIL,
      expiresAt: inAWeek(),
    });
    expect(created.status).toBe(201);
    const { unique } = await registerWith(server.url, tokenOf(created.body.link as string));
    await registered(server.url);
    await postJson(server.url, '/api/feedback', feedback(unique));

    const after = await alice.send('GET', '/api/review/tests');
    expect(counts(after.body)).toEqual({
      invited: start.invited + 1,
      started: start.started + 2,
      // The one registered and silent since: counted among those started, and apart.
      sentNothing: start.sentNothing + 1,
      finished: start.finished + 1,
    });
    expect(after.body.tests).toContainEqual(
      expect.objectContaining({ testId, roleName: ours.roleName, timeLimitInMinute: 15, openLinkAllowed: true }),
    );
  });

  it('turns the open link off and on: new candidates without a personal link get 403', async () => {
    const alice = await signedIn(ALICE);
    const changed = await alice.send('PATCH', `/api/review/tests/${otherTestOfA}`, { openLinkAllowed: false });
    expect(changed).toMatchObject({ status: 200, body: { testId: otherTestOfA, openLinkAllowed: false } });
    expect((await invitationStatus(server.url, { data: otherTestOfA })).body).toEqual({
      kind: 'open',
      openLinkAllowed: false,
    });
    const refused = await postJson(
      server.url,
      '/api/now-assessment',
      registration(newSessionId(), { data: otherTestOfA }),
    );
    expect(refused).toEqual({ status: 403, body: { error: 'This test is taken by personal invitation only.' } });
    const invitation = await alice.send('POST', `/api/review/tests/${otherTestOfA}/invitations`, {
      email: CANDIDATE_EMAIL,
      expiresAt: inAWeek(),
    });
    expect(
      (await registerWith(server.url, tokenOf(invitation.body.link as string), newSessionId(), otherTestOfA)).status,
    ).toBe(200);

    await alice.send('PATCH', `/api/review/tests/${otherTestOfA}`, { openLinkAllowed: true });
    expect(
      (await postJson(server.url, '/api/now-assessment', registration(newSessionId(), { data: otherTestOfA }))).status,
    ).toBe(200);
  });

  it('makes, lists, extends, gives extra time to and revokes invitations', async () => {
    const alice = await signedIn(ALICE);
    const created = await alice.send('POST', `/api/review/tests/${testId}/invitations`, {
      email: 'Lin@Mail.example',
      name: 'Lin',
      expiresAt: inAWeek(),
      extraTimePercent: 25,
    });
    const invitation = created.body as unknown as InvitationView;
    expect(invitation).toMatchObject({
      invitationId: expect.stringMatching(/^inv_[0-9a-f]{16}$/),
      testId,
      email: 'Lin@Mail.example',
      name: 'Lin',
      state: 'unused',
      extraTimePercent: 25,
      link: expect.stringMatching(new RegExp(`^/invite/${testId}-[a-z0-9]{26}$`)),
      sessionId: null,
    });
    const later = new Date(clock.now() + 14 * DAY).toISOString();
    const extended = await alice.send('PATCH', `/api/review/invitations/${invitation.invitationId}`, {
      expiresAt: later,
      extraTimePercent: 100,
    });
    expect(extended.body).toMatchObject({ expiresAt: later, extraTimePercent: 100, state: 'unused' });
    expect((await alice.send('PATCH', `/api/review/invitations/${invitation.invitationId}`, {})).status).toBe(400);
    const past = new Date(clock.now() - MINUTE).toISOString();
    expect(
      (await alice.send('PATCH', `/api/review/invitations/${invitation.invitationId}`, { expiresAt: past })).status,
    ).toBe(400);
    expect(
      (await alice.send('POST', `/api/review/tests/${testId}/invitations`, { email: 'nope', expiresAt: inAWeek() }))
        .status,
    ).toBe(400);

    const revoked = await alice.send('POST', `/api/review/invitations/${invitation.invitationId}/revoke`);
    expect(revoked.body).toMatchObject({ state: 'revoked' });

    const firstPage = await alice.send('GET', `/api/review/tests/${testId}/invitations?limit=1`);
    expect(firstPage.body.invitations).toHaveLength(1);
    expect(firstPage.body.next).toEqual(expect.any(String));
    const all: InvitationView[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: Record<string, unknown> } = await alice.send(
        'GET',
        `/api/review/tests/${testId}/invitations?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      all.push(...(page.body.invitations as InvitationView[]));
      cursor = page.body.next as string | null;
    } while (cursor);
    expect(all.map((one) => one.invitationId)).toContain(invitation.invitationId);
    expect(new Set(all.map((one) => one.invitationId)).size).toBe(all.length);
  });

  it('lists candidates sorted and paginated, and shows one with its answers, timeline, invitation and deadline', async () => {
    const alice = await signedIn(ALICE);
    const created = await alice.send('POST', `/api/review/tests/${otherTestOfA}/invitations`, {
      email: CANDIDATE_EMAIL,
      expiresAt: inAWeek(),
      extraTimePercent: 50,
    });
    const invited = await registerWith(server.url, tokenOf(created.body.link as string), newSessionId(), otherTestOfA);
    const quiet = newSessionId();
    await postJson(
      server.url,
      '/api/now-assessment',
      registration(quiet, { data: otherTestOfA, fullName: 'Aaron Quiet' }),
    );
    const unique = invited.unique;
    await postJson(
      server.url,
      '/api/now-assessment',
      registration(unique, {
        data: otherTestOfA,
        fullName: 'Zoe Busy',
        invitation: tokenOf(created.body.link as string),
      }),
    );
    const proctoring = {
      tabSwitches: 2,
      perQuestion: [
        { pastes: [{ chars: 120, at: 1_760_000_002_000 }], switches: 1, switchTimes: [1_760_000_001_000] },
        { pastes: [], switches: 0 },
        { pastes: [], switches: 0 },
      ],
      listSwitchTimes: [1_760_000_000_000],
      startedAt: 1_759_999_940_000,
    } as const;
    const html = ['<p>First <strong>answer</strong></p>', '<p>Second</p>', ''] as [string, string, string];
    await postJson(server.url, '/api/answers', {
      ...answers(unique, { answers: html, final: true, finalReason: 'complete' }),
      data: otherTestOfA,
      proctoring,
    });
    const video = syntheticWebm(40_000);
    const upload = await createUpload(server.url, video.length, { unique, data: otherTestOfA });
    expect((await patchUpload(upload.uploadUrl as string, 0, video)).status).toBe(204);

    const bySignals = await alice.send('GET', `/api/review/tests/${otherTestOfA}/candidates?sort=signals&order=desc`);
    expect(bySignals.status).toBe(200);
    expect(bySignals.body.candidates).toContainEqual({
      sessionId: unique,
      fullName: 'Zoe Busy',
      email: 'ada@mail.example',
      status: 'video-done',
      startedAt: expect.any(String),
      submittedAt: expect.any(String),
      late: false,
      finalReason: 'complete',
      signals: { tabSwitches: 2, pastes: 1 },
      video: 'received',
      stars: null,
      invitationId: created.body.invitationId,
      stage: 'new',
      blindCode: null,
      teamScore: null,
      teamRecommendations: null,
      teamVerdict: null,
      registrationsOfEmail: expect.any(Number),
      timeRanOut: null,
      didNotFinish: false,
    });
    const ids = (body: Record<string, unknown>) =>
      (body.candidates as { sessionId: string }[]).map((one) => one.sessionId);
    expect(ids(bySignals.body)[0]).toBe(unique);
    // Aaron registered and sent nothing since: listed only when asked for.
    expect(ids(bySignals.body)).not.toContain(quiet);
    const silentOnly = await alice.send('GET', `/api/review/tests/${otherTestOfA}/candidates?silent=only`);
    expect(ids(silentOnly.body)).toContain(quiet);
    expect(ids(silentOnly.body)).not.toContain(unique);
    const all = `/api/review/tests/${otherTestOfA}/candidates?silent=include`;
    const byName = await alice.send('GET', `${all}&sort=name&order=asc`);
    expect(ids(byName.body).indexOf(quiet)).toBeLessThan(ids(byName.body).indexOf(unique));
    const byStatus = await alice.send('GET', `${all}&sort=status&order=desc`);
    expect(ids(byStatus.body).indexOf(quiet)).toBeGreaterThan(ids(byStatus.body).indexOf(unique));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: Record<string, unknown> } = await alice.send(
        'GET',
        `/api/review/tests/${otherTestOfA}/candidates?sort=startedAt&order=asc&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      seen.push(...ids(page.body));
      cursor = page.body.next as string | null;
    } while (cursor);
    expect(seen).toEqual(ids((await alice.send('GET', `/api/review/tests/${otherTestOfA}/candidates?order=asc`)).body));
    expect((await alice.send('GET', `/api/review/tests/${otherTestOfA}/candidates?sort=age`)).status).toBe(400);
    expect((await alice.send('GET', `/api/review/tests/${otherTestOfA}/candidates?cursor=bm9wZQ`)).status).toBe(400);

    const detail = await alice.send('GET', `/api/review/candidates/${unique}`);
    expect(detail.status).toBe(200);
    const test = getTest(otherTestOfA);
    expect(detail.body).toMatchObject({
      sessionId: unique,
      invitationId: created.body.invitationId,
      questions: test?.questions,
      answers: {
        trees: [
          [{ tag: 'p', children: ['First ', { tag: 'strong', children: ['answer'] }] }],
          [{ tag: 'p', children: ['Second'] }],
          [],
        ],
        final: true,
        finalReason: 'complete',
        late: false,
      },
      timeline: [
        { at: 1_760_000_000_000, kind: 'tab-switch', question: null },
        { at: 1_760_000_001_000, kind: 'tab-switch', question: 1 },
        { at: 1_760_000_002_000, kind: 'paste', question: 1, chars: 120 },
      ],
      signals: { tabSwitches: 2, pastes: 1 },
      // The start the timeline counts "into the quiz" from, on the clock of its times.
      proctoring: { startedAt: 1_759_999_940_000 },
      invitation: { invitationId: created.body.invitationId, state: 'started', extraTimePercent: 50 },
      deadline: { timeLimitMinutes: test ? Math.round(test.timeLimitInMinute * 1.5) : 0, extraTimePercent: 50 },
      video: { status: 'complete', download: `/api/review/candidates/${unique}/video` },
    });
    expect(detail.headers.get('cache-control')).toBe('no-store');

    const whole = await fetch(`${server.url}/api/review/candidates/${unique}/video`, {
      headers: { cookie: alice.cookie as string },
    });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
    const part = await fetch(`${server.url}/api/review/candidates/${unique}/video`, {
      headers: { cookie: alice.cookie as string, range: 'bytes=100-199' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);
    const outside = await fetch(`${server.url}/api/review/candidates/${unique}/video`, {
      headers: { cookie: alice.cookie as string, range: `bytes=${video.length}-` },
    });
    expect(outside.status).toBe(416);
  });

  it("downloads a test's CSV, spreadsheet-safe", async () => {
    const alice = await signedIn(ALICE);
    const unique = newSessionId();
    await postJson(server.url, '/api/now-assessment', registration(unique, { fullName: '=HYPERLINK("http://x")' }));
    const registeredAt = clock.now();
    clock.advance(2 * MINUTE);
    expect((await postJson(server.url, '/api/quiz-start', { unique, data: testId })).status).toBe(200);
    // The candidate has sent nothing since registering: listed, as in the list, with every candidate.
    const response = await alice.send('GET', `/api/review/tests/${testId}/export.csv?silent=include`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${ours.testName}-${testId}.csv"`);
    const [header, ...rows] = response.text.trimEnd().split('\r\n');
    expect(header?.split(',').slice(0, 3)).toEqual(['sessionId', 'testId', 'companyName']);
    expect(header?.split(',')).toContain('answersFinalReason');
    const row = rows.find((line) => line.startsWith(unique));
    expect(row).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(rows.every((line) => line.split(',')[1] === testId)).toBe(true);

    // The quiz's start, as the server's clock took it: where the candidate's time ran from.
    const [columns, ...records] = parse(response.text) as string[][];
    const cell = (name: string) => records.find((record) => record[0] === unique)?.[columns?.indexOf(name) ?? -1];
    expect(cell('startedAt')).toBe(new Date(registeredAt).toISOString());
    expect(cell('quizStartedAt')).toBe(new Date(registeredAt + 2 * MINUTE).toISOString());
  });
});

describe('company scoping', () => {
  it("answers 404 for another company's test, candidate and invitation, by id and by guessing", async () => {
    const bob = await signedIn(BOB);
    const theirInvitation = await bob.send('POST', `/api/review/tests/${theirs.uuid}/invitations`, {
      email: CANDIDATE_EMAIL,
      expiresAt: inAWeek(),
    });
    expect(theirInvitation.status).toBe(201);
    const theirSession = (
      await registerWith(server.url, tokenOf(theirInvitation.body.link as string), newSessionId(), theirs.uuid)
    ).unique;
    const video = syntheticWebm(20_000);
    const upload = await createUpload(server.url, video.length, { unique: theirSession, data: theirs.uuid });
    await patchUpload(upload.uploadUrl as string, 0, video);
    expect((await bob.send('GET', `/api/review/candidates/${theirSession}`)).status).toBe(200);

    const alice = await signedIn(ALICE);
    const invitationId = theirInvitation.body.invitationId as string;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/review/tests/${theirs.uuid}/candidates`],
      ['GET', `/api/review/tests/${theirs.uuid}/invitations`],
      ['GET', `/api/review/tests/${theirs.uuid}/export.csv`],
      ['POST', `/api/review/tests/${theirs.uuid}/invitations`, { email: 'x@mail.example', expiresAt: inAWeek() }],
      ['PATCH', `/api/review/tests/${theirs.uuid}`, { openLinkAllowed: false }],
      ['GET', `/api/review/candidates/${theirSession}`],
      ['GET', `/api/review/candidates/${theirSession}/video`],
      ['PATCH', `/api/review/invitations/${invitationId}`, { extraTimePercent: 100 }],
      ['POST', `/api/review/invitations/${invitationId}/revoke`],
      ['DELETE', `/api/review/invitations/${invitationId}`],
      // Guesses: ids of nothing at all answer the same.
      ['GET', '/api/review/tests/zzzzzzzz/candidates'],
      ['GET', '/api/review/candidates/s-guessed-session-id'],
      ['GET', '/api/review/candidates/s-guessed-session-id/video'],
      ['POST', '/api/review/invitations/inv_0123456789abcdef/revoke'],
      ['DELETE', '/api/review/invitations/inv_0123456789abcdef'],
    ];
    for (const [method, route, body] of attempts) {
      const response = await alice.send(method, route, body);
      expect(response.status, `${method} ${route}`).toBe(404);
      expect(response.body.error, `${method} ${route}`).toMatch(/^There is no such (test|candidate|invitation)$/);
    }
    const tests = (await alice.send('GET', '/api/review/tests')).body.tests as { testId: string }[];
    expect(tests.map((test) => test.testId)).not.toContain(theirs.uuid);
    // Nothing of theirs changed.
    const still = await bob.send('GET', `/api/review/tests/${theirs.uuid}/invitations`);
    expect(still.body.invitations).toContainEqual(
      expect.objectContaining({ invitationId, state: 'started', extraTimePercent: 0 }),
    );
    expect((await invitationStatus(server.url, { data: theirs.uuid })).body).toMatchObject({ openLinkAllowed: true });
  });
});

describe('rate limits on sign-in', () => {
  it('slows guessing from the guessing address, ever more, and never keeps the owner out', async () => {
    const dataDir = tempDataDir();
    await withReviewers(dataDir, [{ companyId: companyA, email: ALICE }]);
    const guessClock = testClock(Date.parse('2026-04-06T08:00:00Z'));
    const limited = await startServer(
      { DATA_DIR: dataDir, SIGN_INS_PER_IP_PER_HOUR: '1000', TRUST_PROXY: 'true' },
      { now: guessClock.now },
    );
    const from = (address: string) => {
      const browser = new ReviewerBrowser(limited.url);
      return (password: string) =>
        browser.send('POST', '/api/review/sign-in', { email: ALICE, password }, { 'x-forwarded-for': address });
    };
    try {
      const guesser = from('203.0.113.7');
      // Ten wrong passwords with her email: what used to lock her out for an hour.
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1) statuses.push((await guesser('wrong guess!')).status);
      expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);

      // The owner, from her own address, gets in at once, with the right password.
      expect((await from('198.51.100.20')(REVIEWER_PASSWORD)).status).toBe(204);

      // From the guessing address even the right password waits, each wait longer than the last.
      const waits: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const held = await guesser(REVIEWER_PASSWORD.replace('a', 'b'));
        expect(held.status).toBe(429);
        expect(held.body.error).toMatch(/^Too many failed sign-ins from this address; try again in \d+ s$/);
        const wait = Number(held.headers.get('retry-after'));
        waits.push(wait);
        guessClock.advance(wait * 1000);
        expect((await guesser('wrong guess!')).status).toBe(401);
      }
      expect(waits[1]).toBeGreaterThan(waits[0] ?? 0);
      expect(waits[2]).toBeGreaterThan(waits[1] ?? 0);
    } finally {
      await limited.stop();
    }
  });
});

describe('the sign-in cap per address', () => {
  it('refuses sign-ins past the hour’s cap from that address only, with Retry-After', async () => {
    const dataDir = tempDataDir();
    await withReviewers(dataDir, [{ companyId: companyA, email: ALICE }]);
    const capped = await startServer({ DATA_DIR: dataDir, SIGN_INS_PER_IP_PER_HOUR: '3', TRUST_PROXY: 'true' });
    const signInFrom = (address: string) =>
      new ReviewerBrowser(capped.url).send(
        'POST',
        '/api/review/sign-in',
        { email: ALICE, password: REVIEWER_PASSWORD },
        { 'x-forwarded-for': address },
      );
    try {
      // Right passwords count too: the cap bounds the work an address makes the server do.
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await signInFrom('203.0.113.9')).status).toBe(204);
      const refused = await signInFrom('203.0.113.9');
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/^Too many sign-in attempts from this address; try again in \d+ s$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Her colleague at another address is not held by it.
      expect((await signInFrom('198.51.100.20')).status).toBe(204);

      // On IPv6 an address is its /64: a machine there takes a fresh address of it at will.
      for (const host of ['a', 'b', 'c']) expect((await signInFrom(`2001:db8:1:2::${host}`)).status).toBe(204);
      expect((await signInFrom('2001:db8:1:2:ffff::d')).status).toBe(429);
      expect((await signInFrom('2001:db8:1:3::a')).status).toBe(204);
    } finally {
      await capped.stop();
    }
  });
});

describe('a browser a reviewer signed in from before', () => {
  it('is counted on its own, so nobody else at the address can keep that reviewer out', async () => {
    const dataDir = tempDataDir();
    const colleague = 'carol@lumenvault.example';
    await withReviewers(dataDir, [
      { companyId: companyA, email: ALICE },
      { companyId: companyA, email: colleague },
    ]);
    const capped = await startServer({ DATA_DIR: dataDir, SIGN_INS_PER_IP_PER_HOUR: '30', TRUST_PROXY: 'true' });
    const office = { 'x-forwarded-for': '203.0.113.9' };
    const signIn = (browser: ReviewerBrowser, email: string, password = REVIEWER_PASSWORD) =>
      browser.send('POST', '/api/review/sign-in', { email, password }, office);
    try {
      const alice = new ReviewerBrowser(capped.url);
      const first = await signIn(alice, ALICE);
      expect(first.status).toBe(204);
      const trust = first.headers.getSetCookie().find((cookie) => cookie.startsWith('review_browser='));
      expect(trust).toMatch(/Max-Age=7776000; Path=\/api\/review; HttpOnly; SameSite=Strict$/);
      alice.cookies.delete('review_session');

      // Someone else at the office's address guesses her password, until her failures from that
      // address make every attempt wait and its sign-in cap is spent.
      const stranger = [];
      for (let attempt = 0; attempt < 30; attempt += 1) {
        stranger.push((await signIn(new ReviewerBrowser(capped.url), ALICE, 'not her password at all')).status);
      }
      expect(stranger.at(-1)).toBe(429);
      const newBrowser = await signIn(new ReviewerBrowser(capped.url), ALICE);
      expect(newBrowser.status).toBe(429);
      expect(newBrowser.body.error).toMatch(/^Too many sign-in attempts from this address; try again in \d+ s$/);

      // From her own browser she signs in at once, and her browser is not trusted anew.
      const again = await signIn(alice, ALICE);
      expect(again.status).toBe(204);
      expect(again.headers.getSetCookie().some((cookie) => cookie.startsWith('review_browser='))).toBe(false);

      // Her browser vouches for her only: her colleague's sign-in from it counts against the address.
      const carol = await signIn(alice, colleague);
      expect(carol.status).toBe(429);
      expect(carol.body.error).toMatch(/from this address; try again in \d+ s$/);

      // Failures from her browser slow her browser, as failures from an address slow that address.
      let refused: ReviewResponse | undefined;
      for (let attempt = 0; attempt < 20 && !refused; attempt += 1) {
        const answer = await signIn(alice, ALICE, 'a typo in her password');
        if (answer.status === 429) refused = answer;
        else expect(answer.status).toBe(401);
      }
      expect(refused?.body.error).toMatch(/^Too many failed sign-ins from this browser; try again in \d+ s$/);
    } finally {
      await capped.stop();
    }
  });
});

describe('a signed-in reviewer’s code for a change to their two-factor sign-in', () => {
  it('counts against that sign-in, so failures of others at the address never slow it', async () => {
    const dataDir = tempDataDir();
    await withReviewers(dataDir, [{ companyId: companyA, email: ALICE }]);
    const server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: 'true' });
    const office = { 'x-forwarded-for': '203.0.113.9' };
    try {
      const alice = new ReviewerBrowser(server.url);
      expect(
        (await alice.send('POST', '/api/review/sign-in', { email: ALICE, password: REVIEWER_PASSWORD }, office)).status,
      ).toBe(204);
      alice.csrfToken = (await alice.send('GET', '/api/review/me', undefined, office)).body.csrfToken as string;
      const setup = await alice.send('POST', '/api/review/two-factor/setup', undefined, office);
      const secret = setup.body.key as string;
      const confirmed = await alice.send(
        'POST',
        '/api/review/two-factor/confirm',
        { code: await generate({ secret }) },
        office,
      );
      expect(confirmed.status, confirmed.text).toBe(200);

      // Someone at the office's address fails more sign-ins than an address may without waiting.
      let last = 0;
      for (let attempt = 0; attempt < 22; attempt += 1) {
        const email = `nobody-${attempt}@lumenvault.example`;
        last = (
          await new ReviewerBrowser(server.url).send(
            'POST',
            '/api/review/sign-in',
            { email, password: 'a guess at anything' },
            office,
          )
        ).status;
      }
      expect(last).toBe(429);

      // Her own wrong code is refused, and her right one (the next step's) still takes effect.
      const wrong = await alice.send('POST', '/api/review/two-factor/recovery-codes', { code: '000000' }, office);
      expect(wrong.status, wrong.text).toBe(400);
      const nextStep = Math.floor(Date.now() / 1000) + 30;
      const fresh = await alice.send(
        'POST',
        '/api/review/two-factor/recovery-codes',
        { code: await generate({ secret, epoch: nextStep }) },
        office,
      );
      expect(fresh.status, fresh.text).toBe(200);
      expect(fresh.body.recoveryCodes).toHaveLength(10);
    } finally {
      await server.stop();
    }
  });
});

describe('a new teammate’s access link', () => {
  it('counts against the link once it is live, so nobody else at the address spends its turns', async () => {
    const dataDir = tempDataDir();
    await withReviewers(dataDir, [{ companyId: companyA, email: ALICE }]);
    const capped = await startServer({ DATA_DIR: dataDir, SIGN_INS_PER_IP_PER_HOUR: '3', TRUST_PROXY: 'true' });
    const office = { 'x-forwarded-for': '203.0.113.9' };
    const fromOffice = (route: string, body: unknown) =>
      new ReviewerBrowser(capped.url).send('POST', route, body, office);
    try {
      const alice = new ReviewerBrowser(capped.url);
      expect((await alice.signIn(ALICE)).status).toBe(204);
      const added = await alice.send('POST', '/api/review/team', {
        email: 'tess@lumenvault.example',
        name: 'Tess Teammate',
        role: 'reviewer',
      });
      expect(added.status, added.text).toBe(201);
      const secret = added.body.secret as string;

      // Someone at the new teammate's office spends the address's sign-ins, and a guessed link
      // counts against the address too.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await fromOffice('/api/review/sign-in', { email: ALICE, password: 'a guess at her password' });
      }
      const guessed = await fromOffice('/api/review/access-link', { secret: 'a-guessed-secret-of-no-link-at-all' });
      expect(guessed.status).toBe(429);
      expect(guessed.body.error).toMatch(/^Too many sign-in attempts from this address; try again in \d+ s$/);

      // Her own live link still opens, and sets her password.
      expect((await fromOffice('/api/review/access-link', { secret })).status).toBe(200);
      const newPassword = 'copper kettle under maple rain';
      expect((await fromOffice('/api/review/access-link/password', { secret, password: newPassword })).status).toBe(
        204,
      );
      // Used, the link vouches for nothing any more: a request with it counts at the address.
      expect((await fromOffice('/api/review/access-link', { secret })).status).toBe(429);
    } finally {
      await capped.stop();
    }
  });
});

describe('the reviewer API’s rate limit', () => {
  it('counts a signed-in reviewer’s requests against that reviewer, so no one else at the address spends them', async () => {
    const dataDir = tempDataDir();
    const colleague = 'carol@lumenvault.example';
    await withReviewers(dataDir, [
      { companyId: companyA, email: ALICE },
      { companyId: companyA, email: colleague },
    ]);
    const limited = await startServer({ DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const alice = new ReviewerBrowser(limited.url);
      const carol = new ReviewerBrowser(limited.url);
      expect((await alice.signIn(ALICE)).status).toBe(204);
      expect((await carol.signIn(colleague)).status).toBe(204);

      // A stranger at the same address spends the address's requests without a sign-in.
      const stranger = new ReviewerBrowser(limited.url);
      const strangers: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1)
        strangers.push((await stranger.send('GET', '/api/review/me')).status);
      expect(strangers).toEqual([401, 401, 401, 401, 401, 429]);

      // Both reviewers at that address still work, each up to their own limit (their sign-in read
      // who they are once).
      const alices: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) alices.push((await alice.send('GET', '/api/review/me')).status);
      expect(alices).toEqual([200, 200, 200, 200, 429]);
      const refused = await alice.send('GET', '/api/review/me');
      expect(refused.body.error).toMatch(/^Too many requests from your sign-in; try again in \d+ s$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await carol.send('GET', '/api/review/tests')).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});
