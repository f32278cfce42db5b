import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePartnerKey } from '../src/partners/partner-key-actions.ts';
import { TEST_DATABASES } from './databases.ts';
import { startFakeGreenhouse } from './fake-greenhouse.ts';
import { answers, type InProcessServer, newSessionId, postJson, registration, testId } from './helpers.ts';
import { DAY, myRecord, testClock } from './invitation-helpers.ts';
import { startMailSink } from './mail-sink.ts';
import { ReviewerBrowser, reviewServer } from './reviewer-helpers.ts';

const PUBLIC_URL = 'https://assess.example.com';
const PARTNER_KEY_SECRET = 'the operator secret of the greenhouse tests, 0123456789';
/** Lumenvault's tests, as `list_tests` names them. */
const LUMENVAULT_TESTS = [
  { partner_test_id: 'thd0wtfl', partner_test_name: 'Growth Marketing Manager' },
  { partner_test_id: '0zn3x0pd', partner_test_name: 'Community Manager' },
  { partner_test_id: 'qxryon8j', partner_test_name: 'Product Designer' },
];
/** A test of another company. */
const ORBITRA_TEST = '1dybv7zx';
const ANCHORS = { one: 'Weak', three: 'Sound', five: 'Excellent' };

const ADMIN = {
  companyId: 'lumenvault',
  email: 'gh-admin@lumenvault.example',
  name: 'Gia Admin',
  role: 'admin' as const,
};
const REVIEWER = { ...ADMIN, email: 'gh-reviewer@lumenvault.example', name: 'Rui Reviewer', role: 'reviewer' as const };
const OTHER = {
  companyId: 'orbitra-labs',
  email: 'gh-admin@orbitra.example',
  name: 'Oli Other',
  role: 'admin' as const,
};

/** A reviewer's browser, signed in to the server at `url`. */
async function signedInAt(url: string, email: string): Promise<ReviewerBrowser> {
  const browser = new ReviewerBrowser(url);
  expect((await browser.signIn(email)).status).toBe(204);
  return browser;
}

describe.each(TEST_DATABASES)('Greenhouse, the Assessment Partner API ($name)', (database) => {
  const clock = testClock(Date.parse('2026-03-02T09:00:00Z'));
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  let setting: Awaited<ReturnType<typeof reviewServer>>;
  let server: InProcessServer;
  let greenhouse: Awaited<ReturnType<typeof startFakeGreenhouse>>;
  let admin: ReviewerBrowser;
  let interviewId: string;
  let sessionId: string;
  beforeAll(async () => {
    sink = await startMailSink();
    setting = await reviewServer(
      database,
      [ADMIN, REVIEWER, OTHER],
      { now: clock.now },
      { PARTNER_KEY_SECRET, WEBHOOK_ALLOW_PRIVATE: 'true', SMTP_URL: sink.url, PUBLIC_URL },
    );
    server = setting.server;
    greenhouse = await startFakeGreenhouse(server.url);
    admin = await signedInAt(server.url, ADMIN.email);
  });
  afterAll(async () => {
    await greenhouse?.stop();
    await setting?.close();
    await sink?.stop();
  });

  const send = () => server.app.deliverySender.runDue();
  const greenhouseDeliveries = async (who = admin) =>
    ((await who.send('GET', '/api/review/deliveries')).body.deliveries as Record<string, unknown>[]).filter(
      (one) => one.kind === 'greenhouse',
    );

  it('an admin makes a key, shown once; with it Greenhouse lists the tests and sends one, emailed once', async () => {
    const made = await admin.send('POST', '/api/review/partner-keys', { name: 'Greenhouse production' });
    expect(made.status).toBe(201);
    greenhouse.state.key = made.body.key as string;
    const listed = await admin.send('GET', '/api/review/partner-keys');
    expect(listed.body).toEqual({
      keys: [
        {
          keyId: made.body.keyId,
          name: 'Greenhouse production',
          createdAt: made.body.createdAt,
          lastUsedAt: null,
          revokedAt: null,
        },
      ],
      canMake: true,
      urls: {
        list_tests: `${PUBLIC_URL}/api/partners/greenhouse/list_tests`,
        send_test: `${PUBLIC_URL}/api/partners/greenhouse/send_test`,
        test_status: `${PUBLIC_URL}/api/partners/greenhouse/test_status`,
        response_error: `${PUBLIC_URL}/api/partners/greenhouse/response_error`,
      },
    });
    expect(listed.text).not.toContain(greenhouse.state.key);
    const [row] = await setting.reads.selectFrom('partner_keys').selectAll().execute();
    expect(JSON.stringify(row)).not.toContain(greenhouse.state.key);

    expect(await greenhouse.call('GET', 'list_tests')).toMatchObject({ status: 200, body: LUMENVAULT_TESTS });
    const sent = await greenhouse.sendTest(testId, '12345');
    expect(sent.status).toBe(200);
    interviewId = sent.body.partner_interview_id as string;
    expect(typeof interviewId).toBe('string');
    // Greenhouse sends the same test again: the same id, and no second email.
    expect((await greenhouse.sendTest(testId, '12345')).body).toEqual({ partner_interview_id: interviewId });
    await send();
    await send();
    const [mail, ...more] = sink.to('hpotter@hogwarts.example');
    expect(more).toEqual([]);
    expect(mail?.parsed.text).toContain('Hello Harry Potter,');
    expect(mail?.parsed.text).toMatch(new RegExp(`Open your assessment: ${PUBLIC_URL}/invite/${testId}-[a-z2-7]{26}`));
    expect(mail?.parsed.text).toContain('The link works until Monday, 16 March 2026 at 09:00 UTC.');

    expect(await greenhouse.call('GET', 'test_status', { query: { partner_interview_id: interviewId } })).toMatchObject(
      {
        status: 200,
        body: { partner_status: 'sent', partner_profile_url: null, partner_score: null },
      },
    );
    const keys = (await admin.send('GET', '/api/review/partner-keys')).body.keys as { lastUsedAt: string }[];
    expect(keys[0]?.lastUsedAt).toBe(new Date(clock.now()).toISOString());
  });

  it('the candidate finishes through the API; the PATCH is retried after a 500, then test_status answers complete', async () => {
    const [mail] = sink.to('hpotter@hogwarts.example');
    const token = /\/invite\/[a-z0-9]{8}-([a-z2-7]{26})/.exec(mail?.parsed.text ?? '')?.[1] as string;
    sessionId = newSessionId();
    const candidate = { email: 'hpotter@hogwarts.example', fullName: 'Harry Potter', name: 'Harry Potter' };
    const steps: [string, unknown][] = [
      ['/api/now-assessment', registration(sessionId, { invitation: token, ...candidate })],
      ['/api/quiz-start', { unique: sessionId, data: testId }],
      ['/api/answers', answers(sessionId, { answers: ['<p>My secret plan</p>', '<p>B</p>', '<p>C</p>'], final: true })],
      ['/api/video-skip', { unique: sessionId, data: testId, reason: 'no-camera' }],
    ];
    for (const [route, body] of steps) {
      expect((await postJson(server.url, route, body)).status, route).toBe(200);
      clock.advance(4 * 60_000);
    }
    expect(await greenhouse.call('GET', 'test_status', { query: { partner_interview_id: interviewId } })).toMatchObject(
      {
        body: { partner_status: 'in_progress' },
      },
    );
    greenhouse.state.failNext = 1;
    const finished = { unique: sessionId, data: testId, userName: 'Harry Potter', companyName: 'Lumenvault' };
    const feedback = { ...finished, roleName: 'Growth', feedback: 'Fair.', currentScore: 4 };
    expect((await postJson(server.url, '/api/feedback', feedback)).status).toBe(200);
    await send();
    expect(greenhouse.patches.map((patch) => patch.answered)).toEqual([500]);
    expect(await greenhouseDeliveries()).toMatchObject([
      { state: 'queued', lastStatus: 500, event: 'test.completed', recipient: greenhouse.urlOf('12345') },
    ]);
    // Retried with backoff: not before 30 s.
    await send();
    expect(greenhouse.patches).toHaveLength(1);
    clock.advance(30_000);
    await send();
    expect(greenhouse.patches.map((patch) => patch.answered)).toEqual([500, 200]);
    const [, patch] = greenhouse.patches;
    expect(patch?.takeHomeTestId).toBe('12345');
    expect(patch?.body).toBe('');
    expect(patch?.headers.authorization).toBe(`Basic ${Buffer.from(`${greenhouse.state.key}:`).toString('base64')}`);
    await vi.waitFor(() => expect(patch?.statusRead).toBeDefined());
    expect(patch?.statusRead).toMatchObject({
      status: 200,
      body: {
        partner_status: 'complete',
        partner_profile_url: `${PUBLIC_URL}/review/candidates/${sessionId}`,
        partner_score: null,
        metadata: {
          'Started at': '2026-03-02T09:00:00.000Z',
          'Finished at': '2026-03-02T09:16:00.000Z',
          'Sections completed': '3 of 3',
          'Sections completed, by name': 'Problem Solving, Video Introduction, Interview Preparation',
          Video: 'skipped (continued without a camera)',
          'Quiz time used (minutes)': 4,
          'Quiz time allowed, with extra time (minutes)': 15,
          'Extra time (%)': 0,
        },
      },
    });
    const read = JSON.stringify(patch?.statusRead?.body);
    for (const private_ of ['My secret plan', 'hpotter@', 'Harry', 'Fair.', 'gender'])
      expect(read).not.toContain(private_);
    expect(await greenhouseDeliveries()).toMatchObject([{ state: 'sent', lastStatus: 200, attempts: 2 }]);

    // Greenhouse's read is on record, and the candidate is shown it.
    const { access } = (await myRecord(server.url, sessionId)).body as {
      access: { looks: { role: string; action: string }[]; people: Record<string, number> };
    };
    expect(access.looks.filter((look) => look.role === 'ats').map((look) => look.action)).toEqual(['status', 'status']);
    expect(access.people.ats).toBe(1);
    const log = (await admin.send('GET', '/api/review/access-log')).body.entries as Record<string, unknown>[];
    expect(log.find((entry) => entry.action === 'status')).toMatchObject({ role: 'ats', actor: 'Greenhouse' });
  });

  it("a rating that changes the team's score tells Greenhouse again, and a reviewer sees Greenhouse's address by its origin", async () => {
    const rubric = { editedVersion: null, criteria: [{ about: 1, name: 'Reasoning', anchors: ANCHORS }] };
    expect((await admin.send('PUT', `/api/review/tests/${testId}/rubric`, rubric)).status).toBe(200);
    const rated = await admin.send('PUT', `/api/review/candidates/${sessionId}/ratings/mine`, {
      rubricVersion: 1,
      scores: [4],
      recommendation: 'yes',
    });
    expect(rated.status).toBe(200);
    await send();
    expect(greenhouse.patches).toHaveLength(3);
    await vi.waitFor(() => expect(greenhouse.patches[2]?.statusRead).toBeDefined());
    expect(greenhouse.patches[2]?.statusRead?.body).toMatchObject({ partner_status: 'complete', partner_score: 75 });
    // The same score again changes nothing Greenhouse reads: no PATCH.
    await admin.send('PUT', `/api/review/candidates/${sessionId}/ratings/mine`, {
      rubricVersion: 1,
      scores: [4],
      recommendation: 'strong-yes',
    });
    await send();
    expect(greenhouse.patches).toHaveLength(3);
    expect((await greenhouseDeliveries()).map((one) => one.event)).toEqual(['score.changed', 'test.completed']);

    const reviewer = await signedInAt(server.url, REVIEWER.email);
    expect((await greenhouseDeliveries(reviewer)).map((one) => one.recipient)).toEqual([
      `${new URL(greenhouse.urlOf('1')).origin}/…`,
      `${new URL(greenhouse.urlOf('1')).origin}/…`,
    ]);
    // "Send again" queues the PATCH anew once ten minutes have passed.
    clock.advance(11 * 60_000);
    const [latest] = await greenhouseDeliveries();
    expect((await admin.send('POST', `/api/review/deliveries/${latest?.deliveryId}/send-again`)).status).toBe(204);
    await send();
    expect(greenhouse.patches).toHaveLength(4);
  });

  it('refuses with a clear 4xx: no key, a wrong key, a revoked one, another company, no candidate.email', async () => {
    const status = (id: string, key?: string) =>
      greenhouse.call('GET', 'test_status', { query: { partner_interview_id: id }, ...(key ? { key } : {}) });
    const real = greenhouse.state.key;
    // The real key with its last character changed, whatever it was (a key may end in A).
    const wrong = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;
    for (const key of [null, 'not-a-key', wrong]) {
      const refused = await greenhouse.call('GET', 'list_tests', { key });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Basic /);
      expect(refused.body.error).toMatch(/Greenhouse key/);
    }

    const other = await signedInAt(server.url, OTHER.email);
    const otherKey = (await other.send('POST', '/api/review/partner-keys', { name: 'Orbitra' })).body.key as string;
    const otherSent = await greenhouse.sendTest(ORBITRA_TEST, '777', { email: 'ron@hogwarts.example' }, otherKey);
    expect(otherSent.status).toBe(200);
    const theirs = otherSent.body.partner_interview_id as string;
    expect((await status(theirs, otherKey)).body.partner_status).toBe('sent');
    // Lumenvault's key sees nothing of Orbitra's: its test, and the test it sent, are not there.
    expect(await greenhouse.sendTest(ORBITRA_TEST, '778')).toMatchObject({
      status: 404,
      body: { error: `partner_test_id: there is no test "${ORBITRA_TEST}"; list_tests names them` },
    });
    expect(await status(theirs)).toMatchObject({ status: 404 });
    expect(await status(interviewId, otherKey)).toMatchObject({ status: 404 });
    expect((await greenhouse.call('GET', 'test_status')).status).toBe(400);

    const noEmail = await greenhouse.sendTest(testId, '779', { email: undefined });
    expect(noEmail).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('candidate.email: is required') },
    });
    const badUrl = await greenhouse.call('POST', 'send_test', {
      body: { partner_test_id: testId, candidate: { email: 'x@hogwarts.example' }, url: 'ftp://x.example/1' },
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error).toMatch(/url: is not an http or https address/);

    // A revoked key opens nothing, and is told so only to whoever holds it.
    const spare = await admin.send('POST', '/api/review/partner-keys', { name: 'Spare' });
    expect((await greenhouse.call('GET', 'list_tests', { key: spare.body.key as string })).status).toBe(200);
    expect((await admin.send('POST', `/api/review/partner-keys/${spare.body.keyId}/revoke`)).status).toBe(200);
    const revoked = await greenhouse.call('GET', 'list_tests', { key: spare.body.key as string });
    expect(revoked).toMatchObject({ status: 401, body: { error: 'This Greenhouse key was revoked' } });
    expect((await other.send('POST', `/api/review/partner-keys/${spare.body.keyId}/revoke`)).status).toBe(404);
  });

  it('throttles wrong guesses by where they come from, never the key Greenhouse holds', async () => {
    // A day on, the earlier tests' wrong keys are forgotten.
    clock.advance(DAY);
    for (let guess = 0; guess < 21; guess += 1) {
      expect((await greenhouse.call('GET', 'list_tests', { key: `guess-${guess}` })).status).toBe(401);
    }
    const held = await greenhouse.call('GET', 'list_tests', { key: 'guess-21' });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    // The address's guesses hold back guesses, not the company's own key.
    expect((await greenhouse.call('GET', 'list_tests')).status).toBe(200);
    clock.advance(2000);
    // The admin's sign-in ended in the day that passed.
    admin = await signedInAt(server.url, ADMIN.email);
  });

  it("keeps Greenhouse's reports of answers it could not use, without addresses, for the company's admins", async () => {
    const reported = await greenhouse.call('POST', 'response_error', {
      body: {
        api_call: 'test_status',
        errors: ["partner_status is 'complete' but partner_profile url is missing for hpotter@hogwarts.example"],
        partner_test_id: testId,
        partner_test_name: 'Growth Marketing Manager',
        partner_interview_id: interviewId,
        candidate_email: 'hpotter@hogwarts.example',
      },
    });
    expect(reported).toMatchObject({ status: 200, body: { status: 200 } });
    const log = (await admin.send('GET', '/api/review/deliveries')).body;
    expect(log.reports).toMatchObject([
      {
        apiCall: 'test_status',
        errors: ["partner_status is 'complete' but partner_profile url is missing for [address]"],
        partnerInterviewId: interviewId,
      },
    ]);
    expect(JSON.stringify(log.reports)).not.toContain('hogwarts');
    const reviewer = await signedInAt(server.url, REVIEWER.email);
    expect((await reviewer.send('GET', '/api/review/deliveries')).body.reports).toEqual([]);
    expect((await greenhouse.call('POST', 'response_error', { body: { errors: [] } })).status).toBe(400);
  });

  it("erasure reaches what Greenhouse's side keeps; the same send_test then emails nobody", async () => {
    expect((await admin.send('DELETE', `/api/review/candidates/${sessionId}`)).status).toBe(204);
    expect(await greenhouse.call('GET', 'test_status', { query: { partner_interview_id: interviewId } })).toMatchObject(
      { status: 404 },
    );
    const kept = await setting.reads
      .selectFrom('greenhouse_invitations')
      .selectAll()
      .where('invitation_id', '=', interviewId)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ callback_url: '', profile_url: '' });
    expect(JSON.stringify(kept)).not.toMatch(/hogwarts|greenhouse\.io|12345/);
    const reports = await setting.reads.selectFrom('greenhouse_reports').selectAll().execute();
    expect(reports).toEqual([]);
    expect(await greenhouseDeliveries()).toEqual([]);

    const emailed = sink.to('hpotter@hogwarts.example').length;
    expect((await greenhouse.sendTest(testId, '12345')).body).toEqual({ partner_interview_id: interviewId });
    await send();
    expect(sink.to('hpotter@hogwarts.example')).toHaveLength(emailed);
  });
});

describe.each(TEST_DATABASES)('Greenhouse without the operator setting for private addresses ($name)', (database) => {
  let setting: Awaited<ReturnType<typeof reviewServer>>;
  let greenhouse: Awaited<ReturnType<typeof startFakeGreenhouse>>;
  beforeAll(async () => {
    setting = await reviewServer(database, [], {}, { PARTNER_KEY_SECRET, PUBLIC_URL });
    greenhouse = await startFakeGreenhouse(setting.server.url);
    const made = await makePartnerKey(setting.stores.partners, PARTNER_KEY_SECRET, 'lumenvault', 'Strict', Date.now());
    greenhouse.state.key = made.key;
  });
  afterAll(async () => {
    await greenhouse?.stop();
    await setting?.close();
  });

  it('refuses a url that is not https, and makes nothing', async () => {
    const refused = await greenhouse.sendTest(testId, '900');
    expect(refused).toMatchObject({ status: 400, body: { error: 'url: must be an https address' } });
    expect(await setting.reads.selectFrom('invitations').selectAll().execute()).toEqual([]);
  });
});
