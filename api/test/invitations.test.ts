import { getTest, newSessionKey, type ProctoringRecord, quizTimeLimitMinutes } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  answers,
  createUpload,
  deviceCheck,
  feedback,
  type InProcessServer,
  keyOf,
  newSessionId,
  postJson,
  quizComplete,
  registered,
  registration,
  startServer,
  syntheticWebm,
  testId,
} from './helpers.ts';
import {
  asOperator,
  DAY,
  invitationStatus,
  invite,
  MINUTE,
  myRecord,
  registerWith,
  testClock,
} from './invitation-helpers.ts';

const clock = testClock(Date.parse('2026-03-02T09:00:00Z'));
let server: InProcessServer;
beforeAll(async () => {
  server = await startServer({}, { now: clock.now });
});
afterAll(() => server.stop());

const stateOf = async (invitationId: string) => {
  const listed = await asOperator(server.url, 'GET', `/api/admin/tests/${testId}/invitations?limit=200`);
  const invitations = listed.body.invitations as { invitationId: string; state: string }[];
  return invitations.find((one) => one.invitationId === invitationId)?.state;
};

describe('invitation states, through the API and the clock', () => {
  it('goes unused, started, finished as its candidate registers and gives feedback', async () => {
    const invitation = await invite(server.url, clock.now());
    expect(invitation.state).toBe('unused');
    expect(await invitationStatus(server.url, { invitation: invitation.token })).toEqual({
      status: 200,
      body: {
        kind: 'personal',
        state: 'unused',
        yours: false,
        extraTimePercent: 0,
        expiresAt: invitation.expiresAt,
        email: invitation.email,
        name: 'Ada Lovelace',
      },
    });

    const { status, unique } = await registerWith(server.url, invitation.token);
    expect(status).toBe(200);
    expect(await stateOf(invitation.invitationId)).toBe('started');
    expect((await invitationStatus(server.url, { invitation: invitation.token }, unique)).body).toMatchObject({
      state: 'started',
      yours: true,
    });
    // Another browser (no key, or a key of its own) is told the link is in use.
    expect((await invitationStatus(server.url, { invitation: invitation.token })).body).toMatchObject({
      state: 'started',
      yours: false,
    });

    expect((await postJson(server.url, '/api/feedback', feedback(unique))).status).toBe(200);
    expect(await stateOf(invitation.invitationId)).toBe('finished');
    expect((await invitationStatus(server.url, { invitation: invitation.token }, unique)).body).toMatchObject({
      state: 'finished',
      yours: true,
    });
    // A finished assessment is not taken back by the calendar.
    clock.advance(8 * DAY);
    try {
      expect(await stateOf(invitation.invitationId)).toBe('finished');
      // The outbox may send the same feedback again; a changed one is refused, as what was sent is final.
      expect((await postJson(server.url, '/api/feedback', feedback(unique))).status).toBe(200);
      const changed = await postJson(server.url, '/api/feedback', feedback(unique, { feedback: 'Again' }));
      expect(changed.status).toBe(409);
      expect(changed.body?.error).toMatch(/can no longer change/);
    } finally {
      clock.advance(-8 * DAY);
    }
  });

  it('expires at its expiry time, and opens again when extended', async () => {
    const invitation = await invite(server.url, clock.now(), { expiresAt: new Date(clock.now() + DAY).toISOString() });
    clock.advance(DAY);
    try {
      expect(await stateOf(invitation.invitationId)).toBe('expired');
      expect(await invitationStatus(server.url, { invitation: invitation.token })).toEqual({
        status: 410,
        body: { error: 'This invitation link has expired.', state: 'expired' },
      });
      expect(await registerWith(server.url, invitation.token)).toMatchObject({
        status: 410,
        body: { error: 'This invitation link has expired.', state: 'expired' },
      });

      const extended = await asOperator(server.url, 'PATCH', `/api/admin/invitations/${invitation.invitationId}`, {
        expiresAt: new Date(clock.now() + 2 * DAY).toISOString(),
      });
      expect(extended).toMatchObject({ status: 200, body: { state: 'unused' } });
      expect((await registerWith(server.url, invitation.token)).status).toBe(200);
    } finally {
      clock.advance(-DAY);
    }
  });

  it('is revoked for good: the link answers 410 and no change undoes it', async () => {
    const invitation = await invite(server.url, clock.now());
    const revoked = await asOperator(server.url, 'POST', `/api/admin/invitations/${invitation.invitationId}/revoke`);
    expect(revoked).toMatchObject({ status: 200, body: { state: 'revoked', revokedAt: expect.any(String) } });
    const again = await asOperator(server.url, 'POST', `/api/admin/invitations/${invitation.invitationId}/revoke`);
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
    expect(await invitationStatus(server.url, { invitation: invitation.token })).toEqual({
      status: 410,
      body: { error: 'This invitation link has been revoked.', state: 'revoked' },
    });
    expect((await registerWith(server.url, invitation.token)).status).toBe(410);
    const change = await asOperator(server.url, 'PATCH', `/api/admin/invitations/${invitation.invitationId}`, {
      extraTimePercent: 50,
    });
    expect(change.status).toBe(409);
  });

  it('answers 404 for a token of no invitation, or of another test', async () => {
    const invitation = await invite(server.url, clock.now());
    const unknown = 'z'.repeat(26);
    expect((await invitationStatus(server.url, { invitation: unknown })).status).toBe(404);
    expect((await registerWith(server.url, unknown)).status).toBe(404);
    const otherTest = getTest('0zn3x0pd')?.uuid as string;
    expect((await invitationStatus(server.url, { data: otherTest, invitation: invitation.token })).status).toBe(404);
    expect((await registerWith(server.url, invitation.token, newSessionId(), otherTest)).status).toBe(404);
    expect((await invitationStatus(server.url, { invitation: 'short' })).status).toBe(400);
  });

  it('answers the open link with its setting', async () => {
    expect(await invitationStatus(server.url, {})).toEqual({
      status: 200,
      body: { kind: 'open', openLinkAllowed: true },
    });
  });
});

describe('revocation during an assessment', () => {
  it('refuses every later write with 410, and loses nothing already stored', async () => {
    const invitation = await invite(server.url, clock.now());
    const { unique } = await registerWith(server.url, invitation.token);
    const saved = answers(unique, { answers: ['<p>Kept</p>', '<p>Also kept</p>', ''], revision: 3 });
    expect((await postJson(server.url, '/api/answers', saved)).status).toBe(200);
    expect((await postJson(server.url, '/api/device-check', deviceCheck(unique))).status).toBe(200);
    const before = await adminSession(server.url, unique);

    await asOperator(server.url, 'POST', `/api/admin/invitations/${invitation.invitationId}/revoke`);

    const gone = { error: 'This invitation link has been revoked.', state: 'revoked' };
    const writes = [
      ['/api/answers', answers(unique, { answers: ['<p>Changed</p>', '', ''], revision: 4 })],
      ['/api/video-just', quizComplete(unique)],
      ['/api/device-check', deviceCheck(unique, { checkId: 'after' })],
      ['/api/video-skip', { unique, data: testId, reason: 'no-camera' }],
      ['/api/feedback', feedback(unique)],
      ['/api/now-assessment', registration(unique, { invitation: invitation.token })],
      ['/api/now-assessment', registration(unique)],
    ] as const;
    for (const [route, body] of writes) {
      expect(await postJson(server.url, route, body), route).toEqual({ status: 410, body: gone });
    }
    const video = syntheticWebm(20_000);
    const upload = await createUpload(server.url, video.length, { unique, data: testId });
    expect(upload.status).toBe(410);
    expect(JSON.parse(upload.body)).toEqual(gone);
    expect((await myRecord(server.url, unique)).status).toBe(410);

    const after = await adminSession(server.url, unique);
    expect(after).toEqual(before);
    expect(after.answers?.html).toEqual(['<p>Kept</p>', '<p>Also kept</p>', '']);
  });

  it('refuses the writes of a session whose link expired while it was open', async () => {
    const invitation = await invite(server.url, clock.now(), {
      expiresAt: new Date(clock.now() + 10 * MINUTE).toISOString(),
    });
    const { unique } = await registerWith(server.url, invitation.token);
    expect((await postJson(server.url, '/api/answers', answers(unique))).status).toBe(200);
    clock.advance(10 * MINUTE);
    try {
      expect(await postJson(server.url, '/api/answers', answers(unique, { revision: 2 }))).toEqual({
        status: 410,
        body: { error: 'This invitation link has expired.', state: 'expired' },
      });
      expect((await adminSession(server.url, unique)).answers?.revision).toBe(1);
    } finally {
      clock.advance(-10 * MINUTE);
    }
  });
});

describe('one session per personal link', () => {
  it('takes only the email it was made for, in any case, with a message that says which', async () => {
    const invitation = await invite(server.url, clock.now(), { email: 'Lin.Person@Mail.example' });
    const other = await postJson(
      server.url,
      '/api/now-assessment',
      registration(newSessionId(), { invitation: invitation.token, email: 'someone.else@mail.example' }),
    );
    expect(other).toEqual({
      status: 409,
      body: {
        error: 'This invitation was made for another email address. Use the email address the invitation was sent to.',
      },
    });
    expect(await stateOf(invitation.invitationId)).toBe('unused');
    const own = await postJson(
      server.url,
      '/api/now-assessment',
      registration(newSessionId(), { invitation: invitation.token, email: 'lin.person@mail.example' }),
    );
    expect(own.status).toBe(200);
  });

  it('binds the first browser; a second gets 409, the first registers again', async () => {
    const invitation = await invite(server.url, clock.now());
    const first = await registerWith(server.url, invitation.token);
    expect(first.status).toBe(200);
    const second = await registerWith(server.url, invitation.token);
    expect(second).toMatchObject({
      status: 409,
      body: { error: 'This invitation link is already in use in another browser.' },
    });
    expect((await invitationStatus(server.url, { invitation: invitation.token }, second.unique)).body).toMatchObject({
      state: 'started',
      yours: false,
    });
    // The second browser's refused registration opened nothing.
    expect((await postJson(server.url, '/api/answers', answers(second.unique))).status).toBe(403);

    const again = await postJson(
      server.url,
      '/api/now-assessment',
      registration(first.unique, { invitation: invitation.token, fullName: 'Grace B. Hopper' }),
    );
    expect(again.status).toBe(200);
    const view = await adminSession(server.url, first.unique);
    expect(view).toMatchObject({
      invitationId: invitation.invitationId,
      registration: { fullName: 'Grace B. Hopper' },
    });
    expect(view.registration).not.toHaveProperty('invitation');
    // Registering again without the token (the same browser) keeps the session's invitation.
    expect((await postJson(server.url, '/api/now-assessment', registration(first.unique))).status).toBe(200);
    expect((await adminSession(server.url, first.unique)).invitationId).toBe(invitation.invitationId);
  });

  it('lets one of two browsers racing on one link win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const invitation = await invite(server.url, clock.now());
      const attempts = await Promise.all(Array.from({ length: 4 }, () => registerWith(server.url, invitation.token)));
      const statuses = attempts.map((attempt) => attempt.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409]);
      const winner = attempts.find((attempt) => attempt.status === 200);
      expect(await stateOf(invitation.invitationId)).toBe('started');
      expect((await adminSession(server.url, winner?.unique as string)).invitationId).toBe(invitation.invitationId);
      for (const loser of attempts.filter((attempt) => attempt.status === 409)) {
        expect((await postJson(server.url, '/api/answers', answers(loser.unique))).status).toBe(403);
      }
    }
  });

  it('keeps a session on the invitation it was opened with', async () => {
    const [one, two] = [await invite(server.url, clock.now()), await invite(server.url, clock.now())];
    const { unique } = await registerWith(server.url, one.token);
    const other = await postJson(server.url, '/api/now-assessment', registration(unique, { invitation: two.token }));
    expect(other.status).toBe(409);
    const openSession = await registered(server.url);
    const late = await postJson(
      server.url,
      '/api/now-assessment',
      registration(openSession, { invitation: two.token }),
    );
    expect(late.status).toBe(409);
    expect(await stateOf(two.invitationId)).toBe('unused');
  });
});

describe('extra time', () => {
  const test = getTest(testId);
  if (!test) throw new Error('The sample test is missing');

  /** Answers arriving `minutes` after the session started; `late` as the admin view reads it. */
  async function lateAfter(unique: string, minutes: number, revision: number) {
    const started = Date.parse((await adminSession(server.url, unique)).startedAt as string);
    const at = clock.now();
    clock.set(started + minutes * MINUTE);
    try {
      const response = await postJson(server.url, '/api/answers', answers(unique, { revision }));
      expect(response.status).toBe(200);
    } finally {
      clock.set(at);
    }
    return (await adminSession(server.url, unique)).answers?.late;
  }

  it('moves the server-side deadline: +50 % of 15 minutes is 23, plus the grace', async () => {
    expect(quizTimeLimitMinutes(test, 50)).toBe(23);
    const invitation = await invite(server.url, clock.now(), { extraTimePercent: 50 });
    const { unique } = await registerWith(server.url, invitation.token);
    const open = await registered(server.url);

    expect(await lateAfter(open, 16.5, 1)).toBe(true);
    expect(await lateAfter(unique, 23.9, 1)).toBe(false);
    expect(await lateAfter(unique, 24.1, 2)).toBe(true);
    const view = await adminSession(server.url, unique);
    expect(Date.parse(view.lateAfter as string) - Date.parse(view.startedAt as string)).toBe(24 * MINUTE);
  });

  it('applies extra time added during the assessment at once', async () => {
    const invitation = await invite(server.url, clock.now());
    const { unique } = await registerWith(server.url, invitation.token);
    expect(await lateAfter(unique, 20, 1)).toBe(true);
    const changed = await asOperator(server.url, 'PATCH', `/api/admin/invitations/${invitation.invitationId}`, {
      extraTimePercent: 50,
    });
    expect(changed).toMatchObject({ status: 200, body: { extraTimePercent: 50 } });
    expect((await adminSession(server.url, unique)).answers?.late).toBe(false);
    expect((await invitationStatus(server.url, { invitation: invitation.token }, unique)).body).toMatchObject({
      extraTimePercent: 50,
    });
  });
});

describe("the candidate's own record", () => {
  it('shows what the reviewer will see: times, how the answers ended, the signals with their times', async () => {
    const invitation = await invite(server.url, clock.now());
    const { unique } = await registerWith(server.url, invitation.token);
    const question = (switchTimes: number[]) => ({ pastes: [], switches: switchTimes.length, switchTimes });
    const proctoring: ProctoringRecord = {
      tabSwitches: 3,
      perQuestion: [
        { pastes: [{ chars: 40, at: 1_750_000_002_000 }], switches: 1, switchTimes: [1_750_000_001_000] },
        question([]),
        question([1_750_000_003_000]),
      ],
      listSwitchTimes: [1_750_000_000_500],
    };
    const submitted = answers(unique, { proctoring, final: true });
    expect((await postJson(server.url, '/api/answers', submitted)).status).toBe(200);
    expect((await postJson(server.url, '/api/video-skip', { unique, data: testId, reason: 'no-camera' })).status).toBe(
      200,
    );

    const record = await myRecord(server.url, unique);
    expect(record.status).toBe(200);
    expect(record.headers.get('cache-control')).toBe('no-store');
    expect(record.body).toMatchObject({
      sessionId: unique,
      testId,
      registeredAt: new Date(clock.now()).toISOString(),
      answers: { submittedAt: expect.any(String), finalReason: 'complete', late: false },
      signals: { tabSwitches: 3, pastes: 1 },
      timeline: [
        { at: 1_750_000_000_500, kind: 'tab-switch', question: null },
        { at: 1_750_000_001_000, kind: 'tab-switch', question: 1 },
        { at: 1_750_000_002_000, kind: 'paste', question: 1, chars: 40 },
        { at: 1_750_000_003_000, kind: 'tab-switch', question: 3 },
      ],
      video: { state: 'skipped', at: expect.any(String) },
      feedbackReceivedAt: null,
    });
    expect((await adminSession(server.url, unique)).answers?.finalReason).toBe('complete');
  });

  it('is refused without the session key, and for another session', async () => {
    const unique = await registered(server.url);
    const other = await registered(server.url);
    expect((await myRecord(server.url, unique, { 'Session-Key': newSessionKey() })).status).toBe(403);
    expect((await myRecord(server.url, unique, { 'X-Session-Id': other })).status).toBe(403);
    const response = await fetch(`${server.url}/api/my-record`, { headers: { 'X-Session-Id': unique } });
    expect(response.status).toBe(401);
    expect((await myRecord(server.url, unique)).status).toBe(200);
    expect(keyOf(unique)).not.toBe(keyOf(other));
  });
});

describe('old answers payloads', () => {
  it('still validate without switch times or a final reason', async () => {
    const unique = await registered(server.url);
    expect((await postJson(server.url, '/api/answers', answers(unique, { final: true }))).status).toBe(200);
    const view = await adminSession(server.url, unique);
    // The server's own deadline says why they became final, with or without the browser's word.
    expect(view.answers?.finalReason).toBe('complete');
    expect(view.proctoring?.perQuestion[0]).toMatchObject({ switchTimes: [], droppedSwitchTimes: 0 });
  });
});

describe('guessing tokens', () => {
  it('is rate-limited per address, with Retry-After, and never keeps a real invitation’s candidate out', async () => {
    const limited = await startServer({ INVITATION_CHECKS_PER_IP_PER_HOUR: '3' }, { now: clock.now });
    const check = (body: Record<string, unknown>) =>
      fetch(`${limited.url}/api/invitation-status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: testId, ...body }),
      });
    try {
      const invitation = await invite(limited.url, clock.now());
      const guesses = ['a', 'b', 'c'].map((letter) => letter.repeat(26));
      for (const guess of guesses)
        expect((await invitationStatus(limited.url, { invitation: guess })).status).toBe(404);
      const guessed = await check({ invitation: 'd'.repeat(26) });
      expect(guessed.status).toBe(429);
      expect(((await guessed.json()) as { error: string }).error).toMatch(
        /^Too many invitation checks from this address; try again in \d+ s$/,
      );
      expect(Number(guessed.headers.get('retry-after'))).toBeGreaterThan(0);
      // So is the open link's check: nothing vouches for it.
      expect((await check({})).status).toBe(429);

      // The candidate the invitation was sent to, at the same address: their link is checked on
      // its own count, and they register.
      expect((await check({ invitation: invitation.token })).status).toBe(200);
      expect((await registerWith(limited.url, invitation.token)).status).toBe(200);
      for (let again = 0; again < 2; again += 1)
        expect((await check({ invitation: invitation.token })).status).toBe(200);
      const past = await check({ invitation: invitation.token });
      expect(past.status).toBe(429);
      expect(((await past.json()) as { error: string }).error).toMatch(
        /^Too many checks of this invitation; try again in \d+ s$/,
      );
    } finally {
      await limited.stop();
    }
  });
});
