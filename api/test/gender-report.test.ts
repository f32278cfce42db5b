import fs from 'node:fs';
import { companyIdOf, genderReportSchema, getTest } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReviewer } from '../src/review/reviewer-accounts.ts';
import { storesBeside, TEST_DATABASES } from './databases.ts';
import { candidate } from './demographic-helpers.ts';
import { type InProcessServer, startServer, tempDataDir, testId } from './helpers.ts';
import { DAY, testClock } from './invitation-helpers.ts';
import { REVIEWER_PASSWORD, ReviewerBrowser } from './reviewer-helpers.ts';

const REVIEWER = 'gender-months@reviewer.example';
const MARCH = Date.UTC(2025, 2, 10);
const APRIL = Date.UTC(2025, 3, 1);
const hidden = { new: null, reviewing: null, advance: null, decline: null };

describe.each(TEST_DATABASES)('the gender report on $name', (database) => {
  let server: InProcessServer;
  let drop: () => Promise<void>;
  const dataDir = tempDataDir();
  const clock = testClock(MARCH);

  beforeAll(async () => {
    const { env, drop: dropDatabase } = await database.open();
    drop = dropDatabase;
    server = await startServer({ ...env, DATA_DIR: dataDir }, { now: clock.now });
    const beside = await storesBeside({ ...env, DATA_DIR: dataDir });
    const test = getTest(testId);
    if (!test) throw new Error('The sample test is missing');
    await addReviewer(
      beside.stores.reviewers,
      { companyId: companyIdOf(test), email: REVIEWER, name: 'Checker', password: REVIEWER_PASSWORD },
      clock.now(),
    );
    await beside.close();
  });

  afterAll(async () => {
    await server.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts a month once, when it has ended and each candidate has a decision, and never again differently', async () => {
    // March: Male 7 finished, Female 6 finished, Other 2 unfinished.
    const males = [];
    for (let index = 0; index < 7; index += 1) males.push(await candidate(server.url, 'Male', true));
    const females = [];
    for (let index = 0; index < 6; index += 1) females.push(await candidate(server.url, 'Female', true));
    const others = [];
    for (let index = 0; index < 2; index += 1) others.push(await candidate(server.url, 'Other', false));
    const reviewer = new ReviewerBrowser(server.url);
    // A sign-in ends after a while idle: each move of the clock signs in anew.
    const moveClock = async (at: number) => {
      clock.set(at);
      expect((await reviewer.signIn(REVIEWER)).status).toBe(204);
    };
    await moveClock(MARCH);
    const move = async (sessionIds: string[], from: string, stage: string) => {
      for (const sessionId of sessionIds) {
        const moved = await reviewer.send('PUT', `/api/review/candidates/${sessionId}/stage`, { from, stage });
        expect(moved.status, moved.text).toBe(200);
      }
    };
    const route = `/api/review/tests/${testId}/gender-report`;
    const look = async () => {
      const report = await reviewer.send('GET', route);
      expect(report.status, report.text).toBe(200);
      // What the review page would make of it: the wire's own schema.
      return genderReportSchema.parse(report.body);
    };
    const waiting = { testId, months: [{ month: '2025-03', counted: false, countedBy: Date.UTC(2025, 4, 1) }] };

    // While the month runs, nothing of it is counted: each decision would show in the counts.
    expect(await look()).toEqual(waiting);
    await move(males.slice(0, 5), 'new', 'advance');
    await move(females.slice(0, 5), 'new', 'advance');
    expect(await look()).toEqual(waiting);

    // Ended, but four candidates have no decision yet.
    await moveClock(APRIL);
    expect(await look()).toEqual(waiting);
    await move([...males.slice(5), females[5] ?? '', ...others], 'new', 'decline');

    const counted = {
      month: '2025-03',
      counted: true,
      countedAt: APRIL,
      groups: [
        {
          group: 'Male',
          registered: 7,
          finished: 7,
          stages: { ...hidden, advance: 5 },
          advanceRate: 5 / 7,
          impactRatio: 5 / 7 / (5 / 6),
        },
        {
          group: 'Female',
          registered: 6,
          finished: 6,
          stages: { ...hidden, advance: 5 },
          advanceRate: 5 / 6,
          impactRatio: 1,
        },
        { group: 'Other', registered: null, finished: null, stages: hidden, advanceRate: null, impactRatio: null },
        {
          group: 'Not answered',
          registered: null,
          finished: null,
          stages: hidden,
          advanceRate: null,
          impactRatio: null,
        },
      ],
      total: { registered: 15, finished: 13, stages: { new: 0, reviewing: 0, advance: 10, decline: 5 } },
    };
    expect(await look()).toEqual({ testId, months: [counted] });

    // One more Male advanced, and one Female: counts that moved with them would tell whose answer
    // each was. An erased candidate, and a month later, change nothing either.
    await moveClock(APRIL + DAY);
    await move(males.slice(5, 6), 'decline', 'advance');
    expect(await look()).toEqual({ testId, months: [counted] });
    await move(females.slice(5), 'decline', 'advance');
    expect((await reviewer.send('DELETE', `/api/review/candidates/${males[0]}`)).status).toBe(204);
    await moveClock(APRIL + 40 * DAY);
    expect(await look()).toEqual({ testId, months: [counted] });

    // A candidate of May is a month of their own, newest first, not counted while it runs.
    await moveClock(Date.UTC(2025, 4, 20));
    await candidate(server.url, 'Female', true);
    expect(await look()).toEqual({
      testId,
      months: [{ month: '2025-05', counted: false, countedBy: Date.UTC(2025, 6, 1) }, counted],
    });
    // Thirty days after May ended it is counted, with its candidate still undecided: one candidate
    // is under 5 in every group, so every count is hidden.
    await moveClock(Date.UTC(2025, 6, 1));
    const may = (await look()).months[0];
    expect(may).toMatchObject({ month: '2025-05', counted: true, countedAt: Date.UTC(2025, 6, 1) });
    if (!may?.counted) throw new Error('May is not counted');
    expect(may.groups.map((group) => group.registered)).toEqual([null, null, null, null]);
    expect(may.total).toEqual({ registered: 1, finished: 1, stages: { new: 1, reviewing: 0, advance: 0, decline: 0 } });
  });

  it('is only for the company whose test it is', async () => {
    const reviewer = new ReviewerBrowser(server.url);
    expect((await reviewer.signIn(REVIEWER)).status).toBe(204);
    const otherCompany = getTest('u9taheak');
    if (!otherCompany || companyIdOf(otherCompany) === companyIdOf(getTest(testId) ?? otherCompany)) {
      throw new Error('The catalogue has no test of another company to ask for');
    }
    expect((await reviewer.send('GET', `/api/review/tests/${otherCompany.uuid}/gender-report`)).status).toBe(404);
  });
});
