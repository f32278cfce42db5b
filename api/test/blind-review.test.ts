import { companyIdOf, getTest, type TestDefinition } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stores } from '../src/storage/stores.ts';
import { TEST_DATABASES } from './databases.ts';
import {
  answers,
  CANDIDATE_EMAIL,
  feedback,
  type InProcessServer,
  newSessionId,
  postJson,
  registration,
  testId,
} from './helpers.ts';
import { invite, registerWith } from './invitation-helpers.ts';
import { startMailSink } from './mail-sink.ts';
import { ReviewerBrowser, reviewServer } from './reviewer-helpers.ts';

const companyId = companyIdOf(getTest(testId) as TestDefinition);
const ADMIN = 'blind-admin@lumenvault.example';
const ROB = 'blind-rob@lumenvault.example';
const RIA = 'blind-ria@lumenvault.example';
const anchors = { one: 'Vague', three: 'Clear', five: 'Clear, with evidence' };
/** Everything of the candidate's that a blind reviewer must not get, in any response. */
const IDENTIFYING = [
  /Ada Lovelace/,
  new RegExp(CANDIDATE_EMAIL.replaceAll('.', '\\.')),
  /social\.example/,
  /4-6 Years/,
  /Chromium/,
];

describe.each(TEST_DATABASES)('blind review ($name)', (database) => {
  let server: InProcessServer;
  let stores: Stores;
  let close: () => Promise<void>;
  const openLink = newSessionId();
  let invited = '';
  const signedIn = async (email: string) => {
    const reviewer = new ReviewerBrowser(server.url);
    expect((await reviewer.signIn(email)).status).toBe(204);
    return reviewer;
  };
  /**
   * Each of a reviewer's views of the test and its candidates, as text, with its status. The
   * invitations list names the people invited, as it must, and never which session is whose
   * (checked below).
   */
  async function everything(reviewer: ReviewerBrowser, sessionId: string) {
    const paths = [
      `/api/review/candidates/${sessionId}`,
      `/api/review/tests/${testId}/candidates`,
      `/api/review/tests/${testId}/candidates?silent=include`,
      `/api/review/candidates/${sessionId}/decisions`,
      `/api/review/candidates/${sessionId}/ratings`,
      `/api/review/tests/${testId}/export.csv`,
      `/api/review/tests/${testId}/export.csv?silent=include`,
    ];
    return Promise.all(paths.map(async (path) => ({ path, ...(await reviewer.send('GET', path)) })));
  }

  beforeAll(async () => {
    ({ server, stores, close } = await reviewServer(database, [
      { companyId, email: ADMIN, name: 'Ann Admin', role: 'admin' },
      { companyId, email: ROB, name: 'Rob Reviewer', role: 'reviewer' },
      { companyId, email: RIA, name: 'Ria Reviewer', role: 'reviewer' },
    ]));
    expect((await postJson(server.url, '/api/now-assessment', registration(openLink))).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(openLink, { final: true }))).status).toBe(200);
    const invitation = await invite(server.url, Date.now());
    const byLink = await registerWith(server.url, invitation.token);
    expect(byLink.status).toBe(200);
    invited = byLink.unique;
    expect((await postJson(server.url, '/api/answers', answers(invited, { final: true }))).status).toBe(200);
    const ann = await signedIn(ADMIN);
    const rubric = await ann.send('PUT', `/api/review/tests/${testId}/rubric`, {
      editedVersion: null,
      criteria: [
        { about: 1, name: 'Reasoning', anchors },
        { about: 'video', name: 'Presence', anchors },
      ],
    });
    expect(rubric.status, rubric.text).toBe(200);
  });

  afterAll(() => close());

  it('is off for the tests there were, and only an admin turns it on', async () => {
    const rob = await signedIn(ROB);
    const tests = await rob.send('GET', '/api/review/tests');
    expect(
      (tests.body.tests as { testId: string; blindReview: boolean }[]).find((one) => one.testId === testId),
    ).toMatchObject({ blindReview: false });
    expect((await rob.send('GET', `/api/review/candidates/${openLink}`)).body).toMatchObject({
      blind: null,
      registration: { fullName: 'Ada Lovelace' },
    });
    const refused = await rob.send('PATCH', `/api/review/tests/${testId}`, { blindReview: true });
    expect(refused.status).toBe(403);

    const ann = await signedIn(ADMIN);
    const on = await ann.send('PATCH', `/api/review/tests/${testId}`, { blindReview: true });
    expect(on.status, on.text).toBe(200);
    expect(on.body).toMatchObject({ blindReview: true, openLinkAllowed: true });
  });

  it('hides who the candidate is from a reviewer in every response, until they rate the written answers', async () => {
    const rob = await signedIn(ROB);
    for (const sessionId of [openLink, invited]) {
      for (const { path, status, text } of await everything(rob, sessionId)) {
        expect(status, path).toBe(200);
        for (const pattern of IDENTIFYING) expect(text, `${path} ${pattern}`).not.toMatch(pattern);
      }
    }
    const invitations = await rob.send('GET', `/api/review/tests/${testId}/invitations`);
    expect(invitations.body.invitations).toEqual([expect.objectContaining({ state: 'started', sessionId: null })]);
    const detail = await rob.send('GET', `/api/review/candidates/${openLink}`);
    expect(detail.body).toMatchObject({
      blind: { code: expect.stringMatching(/^[0-9A-F]{4}$/) },
      registration: null,
      video: null,
    });
    const list = await rob.send('GET', `/api/review/tests/${testId}/candidates`);
    expect(
      (list.body.candidates as { sessionId: string; blindCode: string }[]).find((row) => row.sessionId === openLink)
        ?.blindCode,
    ).toBe((detail.body.blind as { code: string }).code);
    const byName = await rob.send('GET', `/api/review/tests/${testId}/candidates?sort=name`);
    expect(byName.status).toBe(400);
    expect(byName.text).toMatch(/Blind review is on/);
    expect((await rob.send('GET', `/api/review/candidates/${openLink}/video`)).status).toBe(403);
    // The CSV names a hidden candidate by the same code, and holds their answers.
    const csv = await rob.send('GET', `/api/review/tests/${testId}/export.csv`);
    expect(csv.text).toContain(`,${(detail.body.blind as { code: string }).code},`);

    // The written answers first: the video's criterion may wait, a question's may not.
    const early = await rob.send('PUT', `/api/review/candidates/${openLink}/ratings/mine`, {
      rubricVersion: 1,
      scores: [null, 4],
      recommendation: 'yes',
    });
    expect(early.status).toBe(400);
    expect(early.text).toMatch(/Give Reasoning a score/);
    const rated = await rob.send('PUT', `/api/review/candidates/${openLink}/ratings/mine`, {
      rubricVersion: 1,
      scores: [4, null],
      recommendation: 'yes',
    });
    expect(rated.status, rated.text).toBe(200);
    expect((await rob.send('GET', `/api/review/candidates/${openLink}`)).body).toMatchObject({
      blind: null,
      registration: { fullName: 'Ada Lovelace' },
    });
    // Rated one candidate: the other stays hidden from Rob, and this one from Ria.
    expect((await rob.send('GET', `/api/review/candidates/${invited}`)).body).toMatchObject({ registration: null });
    const ria = await signedIn(RIA);
    expect((await ria.send('GET', `/api/review/candidates/${openLink}`)).body).toMatchObject({ registration: null });
  });

  it('shows a candidate at one click, on the company’s record', async () => {
    const ria = await signedIn(RIA);
    const shown = await ria.send('POST', `/api/review/candidates/${invited}/reveal`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toMatchObject({
      blind: null,
      registration: { fullName: 'Ada Lovelace' },
      invitation: { email: CANDIDATE_EMAIL },
    });
    expect((await ria.send('GET', `/api/review/candidates/${invited}`)).body).toMatchObject({ blind: null });
    const ann = await signedIn(ADMIN);
    const log = await ann.send('GET', '/api/review/access-log');
    const reveals = (log.body.entries as { sessionId: string; action: string; actor: string }[]).filter(
      (entry) => entry.action === 'revealed',
    );
    expect(reveals).toEqual([expect.objectContaining({ sessionId: invited, actor: RIA })]);
    // The log names a candidate hidden from the admin reading it by code, and that is no look at them.
    expect(reveals[0]).toMatchObject({ candidate: { name: null, code: expect.stringMatching(/^[0-9A-F]{4}$/) } });
    expect(log.text).not.toContain('Ada Lovelace');
    expect((log.body.entries as { action: string }[]).some((entry) => entry.action === 'listed-log')).toBe(false);
    // In a blind test, no invitation names the session it led to, even to a reviewer who has seen it.
    const invitations = await ria.send('GET', `/api/review/tests/${testId}/invitations`);
    expect(
      (invitations.body.invitations as { sessionId: string | null }[]).every((one) => one.sessionId === null),
    ).toBe(true);
  });

  it('goes with the candidate on erasure', async () => {
    const ann = await signedIn(ADMIN);
    expect((await ann.send('DELETE', `/api/review/candidates/${invited}`)).status).toBe(204);
    expect(
      await stores.blind.seenBy((await stores.reviewers.reviewerOfEmail(RIA))?.reviewerId ?? '', [invited]),
    ).toEqual(new Set());
  });
});

describe.each(TEST_DATABASES)('blind review and the company’s record of looks ($name)', (database) => {
  let server: InProcessServer;
  let close: () => Promise<void>;
  const signedIn = async (email: string) => {
    const reviewer = new ReviewerBrowser(server.url);
    expect((await reviewer.signIn(email)).status).toBe(204);
    return reviewer;
  };
  /** The looks at the candidate in the company's access log, oldest first, as `actor action`. */
  async function looksAt(sessionId: string) {
    const log = await (await signedIn(ADMIN)).send('GET', '/api/review/access-log');
    expect(log.status, log.text).toBe(200);
    return (log.body.entries as { sessionId: string | null; actor: string; action: string }[])
      .filter((entry) => entry.sessionId === sessionId)
      .map((entry) => `${entry.actor} ${entry.action}`)
      .reverse();
  }

  beforeAll(async () => {
    ({ server, close } = await reviewServer(database, [
      { companyId, email: ADMIN, name: 'Ann Admin', role: 'admin' },
      { companyId, email: ROB, name: 'Rob Reviewer', role: 'reviewer' },
      { companyId, email: RIA, name: 'Ria Reviewer', role: 'reviewer' },
    ]));
    const on = await (await signedIn(ADMIN)).send('PATCH', `/api/review/tests/${testId}`, { blindReview: true });
    expect(on.status, on.text).toBe(200);
  });

  afterAll(() => close());

  it('lists a hidden candidate’s receipt by their code, with no look on record, and by email once shown', async () => {
    const finisher = newSessionId();
    const FINISHER = 'blind-finisher@mail.example';
    expect(
      (await postJson(server.url, '/api/now-assessment', registration(finisher, { email: FINISHER }))).status,
    ).toBe(200);
    // The first feedback queues the candidate's receipt, to the email they confirmed.
    expect((await postJson(server.url, '/api/feedback', feedback(finisher))).status).toBe(200);
    const receiptTo = async (reviewer: ReviewerBrowser) => {
      const page = await reviewer.send('GET', '/api/review/deliveries');
      expect(page.status, page.text).toBe(200);
      expect(page.text.includes(FINISHER), 'the email anywhere in the page').toBe(reviewer === ria);
      return (page.body.deliveries as { kind: string; recipient: string | null; blindCode: string | null }[]).find(
        (delivery) => delivery.kind === 'receipt',
      );
    };

    const rob = await signedIn(ROB);
    const ria = await signedIn(RIA);
    expect((await ria.send('POST', `/api/review/candidates/${finisher}/reveal`)).status).toBe(200);
    const code = expect.stringMatching(/^[0-9A-F]{4}$/);
    expect(await receiptTo(rob)).toMatchObject({ recipient: null, blindCode: code });
    expect(await receiptTo(ria)).toMatchObject({ recipient: FINISHER, blindCode: null });
    expect((await looksAt(finisher)).filter((look) => look.endsWith(' listed-message'))).toEqual([
      `${RIA} listed-message`,
    ]);
  });

  it('puts a reveal called straight on record as an opening too, and the page’s open-then-reveal once each', async () => {
    const candidate = newSessionId();
    expect((await postJson(server.url, '/api/now-assessment', registration(candidate))).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(candidate, { final: true }))).status).toBe(200);
    const rob = await signedIn(ROB);
    const straight = await rob.send('POST', `/api/review/candidates/${candidate}/reveal`);
    expect(straight.body).toMatchObject({ registration: { fullName: 'Ada Lovelace' } });
    const ria = await signedIn(RIA);
    expect((await ria.send('GET', `/api/review/candidates/${candidate}`)).body).toMatchObject({ registration: null });
    expect((await ria.send('POST', `/api/review/candidates/${candidate}/reveal`)).status).toBe(200);
    expect((await looksAt(candidate)).sort()).toEqual([
      `${RIA} opened`,
      `${RIA} revealed`,
      `${ROB} opened`,
      `${ROB} revealed`,
    ]);
  });
});

describe.each(TEST_DATABASES)('blind review and a receipt the mail server refuses ($name)', (database) => {
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  let server: InProcessServer;
  let close: () => Promise<void>;
  const signedIn = async (email: string) => {
    const reviewer = new ReviewerBrowser(server.url);
    expect((await reviewer.signIn(email)).status).toBe(204);
    return reviewer;
  };

  beforeAll(async () => {
    sink = await startMailSink();
    ({ server, close } = await reviewServer(
      database,
      [
        { companyId, email: ADMIN, name: 'Ann Admin', role: 'admin' },
        { companyId, email: ROB, name: 'Rob Reviewer', role: 'reviewer' },
      ],
      {},
      { SMTP_URL: sink.url },
    ));
    const on = await (await signedIn(ADMIN)).send('PATCH', `/api/review/tests/${testId}`, { blindReview: true });
    expect(on.status, on.text).toBe(200);
  });

  afterAll(async () => {
    await close();
    await sink.stop();
  });

  it('tells why without the address the refusal quotes', async () => {
    const finisher = newSessionId();
    const REFUSED = 'quill.refused@mail.example';
    sink.rejectRecipient(REFUSED);
    expect((await postJson(server.url, '/api/now-assessment', registration(finisher, { email: REFUSED }))).status).toBe(
      200,
    );
    expect((await postJson(server.url, '/api/feedback', feedback(finisher))).status).toBe(200);
    await server.app.deliverySender.runDue();

    const page = await (await signedIn(ROB)).send('GET', '/api/review/deliveries');
    expect(page.status, page.text).toBe(200);
    const receipt = (
      page.body.deliveries as { kind: string; recipient: string | null; lastError: string | null }[]
    ).find((delivery) => delivery.kind === 'receipt');
    expect(receipt).toMatchObject({ recipient: null, lastError: expect.stringContaining('550 5.1.1 <[address]>') });
    expect(page.text.toLowerCase()).not.toContain('quill.refused');
  });
});
