import { companyIdOf, getTest, type TestDefinition } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './databases.ts';
import { answers, type InProcessServer, newSessionId, postJson, registration, testId } from './helpers.ts';
import { DAY, invite, MINUTE, registerWith, testClock } from './invitation-helpers.ts';
import { ReviewerBrowser, reviewServer } from './reviewer-helpers.ts';

const test = getTest(testId) as TestDefinition;
const companyId = companyIdOf(test);
const REVIEWER = 'attempt-rob@lumenvault.example';

interface Attempt {
  sessionId: string;
  status: string;
  timeRanOut: { answersKept: number; questions: number } | null;
  didNotFinish: boolean;
}

/**
 * How an unfinished attempt ended, by the server's clock (issue 53): a quiz whose time ran out
 * unsubmitted, and a candidate whose invitation expired before they finished, read so on the list
 * and on the candidate's page.
 */
describe.each(TEST_DATABASES)('an attempt that did not finish ($name)', (database) => {
  const clock = testClock();
  let server: InProcessServer;
  let close: () => Promise<void>;
  let rob: ReviewerBrowser;
  /** The candidate as the list and their page tell how their attempt went. */
  const attempt = async (sessionId: string) => {
    const list = await rob.send('GET', `/api/review/tests/${testId}/candidates?silent=include`);
    expect(list.status, list.text).toBe(200);
    const row = (list.body.candidates as Attempt[]).find((one) => one.sessionId === sessionId);
    const page = await rob.send('GET', `/api/review/candidates/${sessionId}`);
    expect(page.status, page.text).toBe(200);
    const { timeRanOut, didNotFinish } = page.body as unknown as Attempt;
    expect({ timeRanOut, didNotFinish }, 'the page says what the list says').toEqual({
      timeRanOut: row?.timeRanOut,
      didNotFinish: row?.didNotFinish,
    });
    return row;
  };

  beforeAll(async () => {
    ({ server, close } = await reviewServer(
      database,
      [{ companyId, email: REVIEWER, name: 'Rob Reviewer', role: 'reviewer' }],
      { now: clock.now },
    ));
    rob = new ReviewerBrowser(server.url);
    expect((await rob.signIn(REVIEWER)).status).toBe(204);
  });

  afterAll(() => close());

  it('says the quiz time ran out, with the answers kept, once its time and grace passed without a submit', async () => {
    const ranOut = newSessionId();
    const onTime = newSessionId();
    for (const sessionId of [ranOut, onTime]) {
      expect((await postJson(server.url, '/api/now-assessment', registration(sessionId))).status).toBe(200);
      expect((await postJson(server.url, '/api/quiz-start', { unique: sessionId, data: testId })).status).toBe(200);
    }
    // The autosave kept two answers; the candidate closed the tab before the countdown submitted them.
    const saved = answers(ranOut, { answers: ['<p>Costs fell</p>', '<p></p>', '<p>Ask the CFO</p>'] });
    expect((await postJson(server.url, '/api/answers', saved)).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(onTime, { final: true }))).status).toBe(200);
    expect(await attempt(ranOut)).toMatchObject({ status: 'registered', timeRanOut: null, didNotFinish: false });

    clock.advance(test.timeLimitInMinute * MINUTE + 2 * MINUTE);
    expect(await attempt(ranOut)).toMatchObject({
      status: 'registered',
      timeRanOut: { answersKept: 2, questions: 3 },
      didNotFinish: false,
    });
    expect(await attempt(onTime)).toMatchObject({ status: 'quiz-submitted', timeRanOut: null });
  });

  it('says a candidate whose invitation expired before they finished did not finish, and never one on the open link', async () => {
    const invitation = await invite(server.url, clock.now(), { expiresAt: new Date(clock.now() + DAY).toISOString() });
    const byLink = await registerWith(server.url, invitation.token);
    expect(byLink.status).toBe(200);
    const invited = byLink.unique;
    expect((await postJson(server.url, '/api/answers', answers(invited, { final: true }))).status).toBe(200);
    const openLink = newSessionId();
    expect((await postJson(server.url, '/api/now-assessment', registration(openLink))).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(openLink, { final: true }))).status).toBe(200);
    expect(await attempt(invited)).toMatchObject({ didNotFinish: false });

    clock.advance(2 * DAY);
    // A sign-in ends after 12 hours without use: Rob signs in again two days on.
    expect((await rob.signIn(REVIEWER)).status).toBe(204);
    expect(await attempt(invited)).toMatchObject({ status: 'quiz-submitted', didNotFinish: true, timeRanOut: null });
    expect(await attempt(openLink)).toMatchObject({ didNotFinish: false });
  });
});
