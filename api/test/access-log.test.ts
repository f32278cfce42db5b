import fs from 'node:fs';
import { companyIdOf, getTest, SESSION_ID_HEADER, type TestDefinition } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReviewer } from '../src/review/reviewer-accounts.ts';
import { storesBeside, TEST_DATABASES } from './databases.ts';
import {
  adminGet,
  answers,
  CANDIDATE_EMAIL,
  createUpload,
  feedback,
  type InProcessServer,
  keyOf,
  newSessionId,
  patchUpload,
  postJson,
  registration,
  startServer,
  syntheticWebm,
  tempDataDir,
  testId,
} from './helpers.ts';
import { asOperator, invite, MINUTE, registerWith, testClock } from './invitation-helpers.ts';
import { REVIEWER_PASSWORD, ReviewerBrowser, reviewServer } from './reviewer-helpers.ts';

const companyId = companyIdOf(getTest(testId) as TestDefinition);
const ADMIN = 'access-admin@lumenvault.example';
const REVIEWER = 'access-reviewer@lumenvault.example';
const OUTSIDER = 'access-admin@orbitra.example';
/** The company's admin and reviewer, as most tests here sign them in. */
const TEAM: Parameters<typeof reviewServer>[1] = [
  { companyId, email: ADMIN, name: 'Ann Admin', role: 'admin' },
  { companyId, email: REVIEWER, name: 'Rob Reviewer', role: 'reviewer' },
];

async function myRecord(url: string, sessionId: string) {
  const response = await fetch(`${url}/api/my-record`, {
    headers: { 'Session-Key': keyOf(sessionId), [SESSION_ID_HEADER]: sessionId },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { access: { looks: { role: string; action: string }[]; people: object } };
}

describe.each(TEST_DATABASES)('every look at a candidate is on record ($name)', (database) => {
  let server: InProcessServer;
  let drop: () => Promise<void>;
  const dataDir = tempDataDir();
  const candidate = newSessionId();

  beforeAll(async () => {
    const opened = await database.open();
    drop = opened.drop;
    const env = { ...opened.env, DATA_DIR: dataDir };
    server = await startServer(env);
    const beside = await storesBeside(env);
    const people = [
      { companyId, email: ADMIN, role: 'admin' as const },
      { companyId, email: REVIEWER, role: 'reviewer' as const },
      { companyId: 'orbitra-labs', email: OUTSIDER, role: 'admin' as const },
    ];
    for (const person of people) {
      await addReviewer(beside.stores.reviewers, { ...person, password: REVIEWER_PASSWORD }, Date.now());
    }
    await beside.close();
    expect((await postJson(server.url, '/api/now-assessment', registration(candidate))).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(candidate, { final: true }))).status).toBe(200);
    const video = syntheticWebm(20_000);
    const upload = await createUpload(server.url, video.length, { unique: candidate, data: testId });
    expect((await patchUpload(upload.uploadUrl as string, 0, video)).status).toBe(204);
  });

  afterAll(async () => {
    await server.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('records a reviewer opening the candidate, starting the video and downloading the CSV, and the operator reading it', async () => {
    const reviewer = new ReviewerBrowser(server.url);
    expect((await reviewer.signIn(REVIEWER)).status).toBe(204);
    expect((await reviewer.send('GET', `/api/review/candidates/${candidate}`)).status).toBe(200);
    const video = `/api/review/candidates/${candidate}/video`;
    expect((await reviewer.send('GET', video, undefined, { range: 'bytes=0-999' })).status).toBe(206);
    // Seeking in the same playback is the same look.
    expect((await reviewer.send('GET', video, undefined, { range: 'bytes=5000-5999' })).status).toBe(206);
    expect((await reviewer.send('GET', `/api/review/tests/${testId}/export.csv`)).status).toBe(200);
    expect((await adminGet(server.url, `/api/admin/sessions/${candidate}`)).status).toBe(200);

    const admin = new ReviewerBrowser(server.url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
    const log = await admin.send('GET', '/api/review/access-log');
    expect(log.status).toBe(200);
    const entries = (log.body.entries as { sessionId: string }[]).filter((entry) => entry.sessionId === candidate);
    // Looks in the same millisecond may list in either order.
    expect(entries).toHaveLength(4);
    // Each look names the candidate, not their session's id.
    expect(
      entries.every((entry) => JSON.stringify(entry).includes('"candidate":{"name":"Ada Lovelace","code":null}')),
    ).toBe(true);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actor: 'operator', role: 'operator', action: 'opened', address: '127.0.0.1' }),
        expect.objectContaining({ actor: REVIEWER, role: 'reviewer', action: 'csv' }),
        expect.objectContaining({ actor: REVIEWER, role: 'reviewer', action: 'video' }),
        expect.objectContaining({ actor: REVIEWER, role: 'reviewer', action: 'opened', address: '127.0.0.1' }),
      ]),
    );
  });

  it('shows the candidate when, and by how many people of each role, never who', async () => {
    const { access } = await myRecord(server.url, candidate);
    // The admin who read the log saw the candidate's name there: a look too.
    expect(access.looks.map((look) => `${look.role} ${look.action}`).sort()).toEqual([
      'admin listed-log',
      'operator opened',
      'reviewer csv',
      'reviewer opened',
      'reviewer video',
    ]);
    expect(access.people).toEqual({ admin: 1, reviewer: 1, ats: 0, operator: 1 });
    expect(JSON.stringify(access)).not.toContain(REVIEWER);
  });

  it('is read by the company’s admins only', async () => {
    const reviewer = new ReviewerBrowser(server.url);
    await reviewer.signIn(REVIEWER);
    expect((await reviewer.send('GET', '/api/review/access-log')).status).toBe(403);
    const outsider = new ReviewerBrowser(server.url);
    await outsider.signIn(OUTSIDER);
    const theirs = await outsider.send('GET', '/api/review/access-log');
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toContain(candidate);
  });

  it('records a video taken by any range, once per person in ten minutes, and a reveal of one not hidden', async () => {
    const admin = new ReviewerBrowser(server.url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
    const video = `/api/review/candidates/${candidate}/video`;
    // All but the first byte, then the whole file as a suffix: neither starts at byte 0.
    expect((await admin.send('GET', video, undefined, { range: 'bytes=1-' })).status).toBe(206);
    expect((await admin.send('GET', video, undefined, { range: 'bytes=-1000000' })).status).toBe(206);
    // Without blind review, a reveal answers the whole candidate: an opening.
    expect((await admin.send('POST', `/api/review/candidates/${candidate}/reveal`)).status).toBe(200);

    const log = await admin.send('GET', '/api/review/access-log');
    const actions = (log.body.entries as { sessionId: string; actor: string; action: string }[])
      .filter((entry) => entry.sessionId === candidate && entry.actor === ADMIN)
      .map((entry) => entry.action)
      .sort();
    // The name in the log was seen once in these ten minutes, however often the log was read.
    expect(actions).toEqual(['listed-log', 'opened', 'video']);
  });

  it('records each change to a candidate’s personal link, by the company and by the operator', async () => {
    const invitation = await invite(server.url, Date.now());
    const { status, unique } = await registerWith(server.url, invitation.token);
    expect(status).toBe(200);
    const admin = new ReviewerBrowser(server.url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
    const changed = await admin.send('PATCH', `/api/review/invitations/${invitation.invitationId}`, {
      extraTimePercent: 25,
    });
    expect(changed.status, changed.text).toBe(200);
    const byOperator = await asOperator(server.url, 'PATCH', `/api/admin/invitations/${invitation.invitationId}`, {
      extraTimePercent: 50,
    });
    expect(byOperator.status).toBe(200);
    const revoked = await admin.send('POST', `/api/review/invitations/${invitation.invitationId}/revoke`);
    expect(revoked.status, revoked.text).toBe(200);

    const log = await admin.send('GET', '/api/review/access-log');
    const entries = (log.body.entries as { sessionId: string }[]).filter((entry) => entry.sessionId === unique);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actor: ADMIN, role: 'admin', action: 'changed', detail: 'invitation changed' }),
        expect.objectContaining({ actor: 'operator', role: 'operator', action: 'changed' }),
        expect.objectContaining({ actor: ADMIN, role: 'admin', action: 'changed', detail: 'invitation revoked' }),
      ]),
    );
    expect(entries).toHaveLength(3);
  });

  it('records a change to a personal link nobody has used yet by the link, and shows it to the candidate who then starts', async () => {
    const invitation = await invite(server.url, Date.now());
    const admin = new ReviewerBrowser(server.url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
    const changed = await admin.send('PATCH', `/api/review/invitations/${invitation.invitationId}`, {
      extraTimePercent: 25,
    });
    expect(changed.status, changed.text).toBe(200);
    const byOperator = await asOperator(server.url, 'PATCH', `/api/admin/invitations/${invitation.invitationId}`, {
      extraTimePercent: 50,
    });
    expect(byOperator.status).toBe(200);

    const log = await admin.send('GET', '/api/review/access-log');
    const entries = (
      log.body.entries as { sessionId: string | null; invitation: { invitationId: string; email: string } | null }[]
    ).filter((entry) => entry.invitation?.invitationId === invitation.invitationId);
    expect(entries).toEqual([
      expect.objectContaining({ sessionId: null, actor: 'operator', action: 'changed', detail: 'invitation changed' }),
      expect.objectContaining({ sessionId: null, actor: ADMIN, action: 'changed', detail: 'invitation changed' }),
    ]);
    expect(entries.map((entry) => entry.invitation?.email)).toEqual([CANDIDATE_EMAIL, CANDIDATE_EMAIL]);

    const { status, unique } = await registerWith(server.url, invitation.token);
    expect(status).toBe(200);
    const changes = (await myRecord(server.url, unique)).access.looks.filter((look) => look.action === 'changed');
    expect(changes.map((look) => look.role).sort()).toEqual(['admin', 'operator']);
  });
});

describe.each(TEST_DATABASES)('a candidate shown in the candidate list is on record ($name)', (database) => {
  const clock = testClock();
  let server: InProcessServer;
  let close: () => Promise<void>;
  /** Registered a second apart: the list, newest first, shows them last to first. */
  const [first, second, third] = [newSessionId(), newSessionId(), newSessionId()];
  const quiet = newSessionId();
  const signedIn = async (email: string) => {
    const browser = new ReviewerBrowser(server.url);
    expect((await browser.signIn(email)).status).toBe(204);
    return browser;
  };
  const list = async (reviewer: ReviewerBrowser, query: string) => {
    const page = await reviewer.send('GET', `/api/review/tests/${testId}/candidates${query}`);
    expect(page.status, page.text).toBe(200);
    return page.body as { candidates: { sessionId: string; fullName: string | null }[]; next: string | null };
  };
  /**
   * The reviewer's list looks in the company's log from a time of the test's clock on, as
   * `sessionId detail`, sorted: looks in the same millisecond may list in either order.
   */
  const listLooks = async (from = 0) => {
    const admin = await signedIn(ADMIN);
    const log = await admin.send('GET', '/api/review/access-log');
    expect(log.status).toBe(200);
    type Entry = { at: string; sessionId: string; actor: string; role: string; action: string; detail: string };
    return (log.body.entries as Entry[])
      .filter((entry) => entry.action === 'listed' && Date.parse(entry.at) >= from)
      .map((entry) => {
        expect(entry).toMatchObject({ actor: REVIEWER, role: 'reviewer' });
        return `${entry.sessionId} ${entry.detail}`;
      })
      .sort();
  };
  const byName = (...sessionIds: string[]) => sessionIds.map((sessionId) => `${sessionId} null`).sort();
  const candidateSees = async (sessionId: string) =>
    (await myRecord(server.url, sessionId)).access.looks
      .filter((look) => look.action === 'listed')
      .map((look) => look.role);

  beforeAll(async () => {
    ({ server, close } = await reviewServer(database, TEAM, { now: clock.now }));
    for (const sessionId of [first, second, third]) {
      expect((await postJson(server.url, '/api/now-assessment', registration(sessionId))).status).toBe(200);
      expect((await postJson(server.url, '/api/answers', answers(sessionId, { final: true }))).status).toBe(200);
      clock.advance(1000);
    }
    // Registered and silent since: left out of the list unless asked for.
    expect((await postJson(server.url, '/api/now-assessment', registration(quiet))).status).toBe(200);
  });

  afterAll(() => close());

  it('records each candidate a page shows, once per person in ten minutes however often it is paged, sorted or refreshed', async () => {
    const rob = await signedIn(REVIEWER);
    const firstPage = await list(rob, '?limit=2');
    expect(firstPage.candidates.map((row) => row.sessionId)).toEqual([third, second]);
    expect(await listLooks()).toEqual(byName(third, second));
    expect(await candidateSees(third)).toEqual(['reviewer']);
    expect(await candidateSees(first)).toEqual([]);
    const secondPage = await list(rob, `?limit=2&cursor=${firstPage.next}`);
    expect(secondPage.candidates.map((row) => row.sessionId)).toEqual([first]);
    expect(await listLooks()).toEqual(byName(first, second, third));

    // The same person, signed in afresh, within ten minutes: the same looks.
    clock.advance(9 * MINUTE);
    const again = await signedIn(REVIEWER);
    await list(again, '?limit=2');
    await list(again, '?sort=startedAt&order=asc');
    await list(rob, '?sort=name');
    expect(await listLooks()).toEqual(byName(first, second, third));
    for (const sessionId of [first, second, third]) expect(await candidateSees(sessionId)).toEqual(['reviewer']);

    clock.advance(2 * MINUTE);
    const later = clock.now();
    await list(again, '?limit=2');
    expect(await listLooks(later)).toEqual(byName(third, second));
    expect(await listLooks()).toHaveLength(5);
    expect(await candidateSees(third)).toEqual(['reviewer', 'reviewer']);
    expect(await candidateSees(first)).toEqual(['reviewer']);
    expect(await candidateSees(quiet)).toEqual([]);
  });

  it('records a candidate blind review hides as shown by code, and anew once their name is shown', async () => {
    clock.advance(MINUTE);
    const ann = await signedIn(ADMIN);
    expect((await ann.send('PATCH', `/api/review/tests/${testId}`, { blindReview: true })).status).toBe(200);
    const rob = await signedIn(REVIEWER);

    // Within ten minutes of the last looks by name: the page shows less now, a look of its own.
    const byCodeFrom = clock.now();
    const hidden = await list(rob, '');
    expect(hidden.candidates.map((row) => row.fullName)).toEqual([null, null, null]);
    await list(rob, '?sort=startedAt&order=asc');
    expect(await listLooks(byCodeFrom)).toEqual(
      [first, second, third].map((sessionId) => `${sessionId} by code`).sort(),
    );
    expect(await candidateSees(second)).toEqual(['reviewer', 'reviewer', 'reviewer']);

    clock.advance(MINUTE);
    const revealedFrom = clock.now();
    expect((await rob.send('POST', `/api/review/candidates/${first}/reveal`)).status).toBe(200);
    const shown = await list(rob, '');
    expect(shown.candidates.map((row) => row.fullName)).toEqual([null, null, 'Ada Lovelace']);
    expect(await listLooks(revealedFrom)).toEqual(byName(first));
    // The newest three, in the same millisecond of the test's clock: Rob had not opened them, and
    // the reveal showed him the whole candidate.
    const newest = (await myRecord(server.url, first)).access.looks.slice(0, 3);
    expect(newest.map((look) => look.action).sort()).toEqual(['listed', 'opened', 'revealed']);
  });
});

describe.each(TEST_DATABASES)('an invitee shown in the list of invitations is on record ($name)', (database) => {
  const clock = testClock();
  let server: InProcessServer;
  let close: () => Promise<void>;
  const signedIn = async (email: string) => {
    const browser = new ReviewerBrowser(server.url);
    expect((await browser.signIn(email)).status).toBe(204);
    return browser;
  };
  const list = async (reviewer: ReviewerBrowser, query = '') => {
    const page = await reviewer.send('GET', `/api/review/tests/${testId}/invitations${query}`);
    expect(page.status, page.text).toBe(200);
    return page.body as { invitations: { invitationId: string; email: string }[]; next: string | null };
  };
  type Entry = {
    at: string;
    sessionId: string | null;
    invitation: { invitationId: string; email: string } | null;
    actor: string;
    role: string;
    action: string;
  };
  /** The company's looks at invitations from a time of the test's clock on, as `actor email`, sorted. */
  const invitationLooks = async (from = 0) => {
    const log = await (await signedIn(ADMIN)).send('GET', '/api/review/access-log');
    expect(log.status).toBe(200);
    return (log.body.entries as Entry[])
      .filter((entry) => entry.action === 'listed-invitation' && Date.parse(entry.at) >= from)
      .map((entry) => {
        // By the invitation alone: the list of invitations does not name the session under blind review.
        expect(entry.sessionId).toBeNull();
        return `${entry.actor} ${entry.invitation?.email}`;
      })
      .sort();
  };
  const candidateSees = async (sessionId: string) =>
    (await myRecord(server.url, sessionId)).access.looks
      .filter((look) => look.action === 'listed-invitation')
      .map((look) => look.role);
  const NELL = 'nell-never-started@mail.example';

  beforeAll(async () => {
    ({ server, close } = await reviewServer(database, TEAM, { now: clock.now }));
  });

  afterAll(() => close());

  it('records each invitee a page shows by their invitation, once per person in ten minutes, and shows the candidate the looks made before they started', async () => {
    await invite(server.url, clock.now(), { email: NELL, name: 'Nell' });
    clock.advance(1000);
    const ada = await invite(server.url, clock.now());

    const rob = await signedIn(REVIEWER);
    const firstPage = await list(rob, '?limit=1');
    expect(firstPage.invitations.map((row) => row.email)).toEqual([CANDIDATE_EMAIL]);
    expect(await invitationLooks()).toEqual([`${REVIEWER} ${CANDIDATE_EMAIL}`]);
    await list(rob, `?limit=1&cursor=${firstPage.next}`);
    expect(await invitationLooks()).toEqual([`${REVIEWER} ${CANDIDATE_EMAIL}`, `${REVIEWER} ${NELL}`]);

    // Looked at before there was any session: the candidate sees it once they start.
    const { status, unique } = await registerWith(server.url, ada.token);
    expect(status).toBe(200);
    expect(await candidateSees(unique)).toEqual(['reviewer']);

    // The same person, signed in afresh, within ten minutes: the same looks.
    clock.advance(9 * MINUTE);
    await list(await signedIn(REVIEWER));
    expect(await invitationLooks()).toHaveLength(2);

    clock.advance(2 * MINUTE);
    const later = clock.now();
    await list(rob);
    expect(await invitationLooks(later)).toEqual([`${REVIEWER} ${CANDIDATE_EMAIL}`, `${REVIEWER} ${NELL}`]);
    expect(await candidateSees(unique)).toEqual(['reviewer', 'reviewer']);
    const { access } = await myRecord(server.url, unique);
    expect(access.people).toEqual({ admin: 0, reviewer: 1, ats: 0, operator: 0 });
    expect(JSON.stringify(access)).not.toContain(REVIEWER);

    // The operator's list, through the admin API, shows the same people.
    clock.advance(1000);
    const operatorFrom = clock.now();
    const byOperator = await asOperator(server.url, 'GET', `/api/admin/tests/${testId}/invitations`);
    expect(byOperator.status).toBe(200);
    expect(await invitationLooks(operatorFrom)).toEqual([`operator ${CANDIDATE_EMAIL}`, `operator ${NELL}`]);
    expect(await candidateSees(unique)).toEqual(['operator', 'reviewer', 'reviewer']);
  });
});

describe.each(TEST_DATABASES)('a candidate whose email the list of messages shows is on record ($name)', (database) => {
  const clock = testClock();
  let server: InProcessServer;
  let close: () => Promise<void>;
  const FINISHER = 'finisher@mail.example';
  const finisher = newSessionId();

  beforeAll(async () => {
    ({ server, close } = await reviewServer(database, TEAM, { now: clock.now }));
  });

  afterAll(() => close());

  it('records each candidate and invitee a page of messages names, once per person in ten minutes', async () => {
    const registered = await postJson(server.url, '/api/now-assessment', registration(finisher, { email: FINISHER }));
    expect(registered.status).toBe(200);
    // The first feedback queues the candidate's receipt, to the email they confirmed.
    expect((await postJson(server.url, '/api/feedback', feedback(finisher))).status).toBe(200);
    const ada = await invite(server.url, clock.now());

    const rob = new ReviewerBrowser(server.url);
    expect((await rob.signIn(REVIEWER)).status).toBe(204);
    const messages = async () => {
      const page = await rob.send('GET', '/api/review/deliveries');
      expect(page.status, page.text).toBe(200);
      return (page.body.deliveries as { recipient: string }[]).map((delivery) => delivery.recipient);
    };
    expect(await messages()).toEqual(expect.arrayContaining([FINISHER, CANDIDATE_EMAIL]));

    const messageLooks = async () => {
      const admin = new ReviewerBrowser(server.url);
      expect((await admin.signIn(ADMIN)).status).toBe(204);
      const log = await admin.send('GET', '/api/review/access-log');
      expect(log.status).toBe(200);
      type Entry = { sessionId: string | null; invitation: { email: string } | null; actor: string; action: string };
      return (log.body.entries as Entry[])
        .filter((entry) => entry.action === 'listed-message')
        .map((entry) => `${entry.actor} ${entry.sessionId ?? entry.invitation?.email}`)
        .sort();
    };
    expect(await messageLooks()).toEqual([`${REVIEWER} ${CANDIDATE_EMAIL}`, `${REVIEWER} ${finisher}`].sort());
    const { access } = await myRecord(server.url, finisher);
    expect(access.looks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: 'reviewer', action: 'listed-message' }),
        expect.objectContaining({ role: 'admin', action: 'listed-log' }),
      ]),
    );
    expect(access.looks).toHaveLength(2);

    // The same person within ten minutes: the same looks.
    clock.advance(9 * MINUTE);
    await messages();
    expect(await messageLooks()).toHaveLength(2);

    // Looked at before there was any session: the invitee sees it once they start.
    const { status, unique } = await registerWith(server.url, ada.token);
    expect(status).toBe(200);
    const theirs = (await myRecord(server.url, unique)).access.looks.map((look) => look.action);
    expect(theirs).toEqual(['listed-message']);
  });
});
