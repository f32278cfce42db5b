import fs from 'node:fs';
import path from 'node:path';
import { companyIdOf, type Gender, getTest, SECTIONS } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoStore } from '../src/backends.ts';
import { configFromEnv } from '../src/config.ts';
import { exportSessions } from '../src/export/export-sessions.ts';
import { addReviewer } from '../src/review/reviewer-accounts.ts';
import type { Stores } from '../src/storage/stores.ts';
import { storesBeside, TEST_DATABASES } from './databases.ts';
import {
  ADMIN_TOKEN,
  adminGet,
  answers,
  feedback,
  type InProcessServer,
  newSessionId,
  postJson,
  registration,
  startServer,
  tempDataDir,
  testId,
} from './helpers.ts';
import { REVIEWER_PASSWORD, ReviewerBrowser } from './reviewer-helpers.ts';

const REVIEWER = 'gender-check@reviewer.example';
/** Not a word any response has otherwise: if it shows up, the answer leaked. */
const ANSWER = 'Female';

/** The demographic answer, in all three places the browser sends it. */
function registrationWithGender(unique: string, gender: Gender = ANSWER) {
  const plain = registration(unique);
  const deviceInfo = { ...plain.deviceInfo, gender };
  return { ...plain, gender, deviceInfo, company: `Lumenvault ${JSON.stringify(deviceInfo)}` } as const;
}

/** A candidate with this answer who registers, and finishes (answers, then feedback) when told. */
async function candidate(url: string, gender: Gender, finishes: boolean): Promise<string> {
  const unique = newSessionId();
  expect((await postJson(url, '/api/now-assessment', registrationWithGender(unique, gender))).status).toBe(200);
  if (finishes) {
    expect((await postJson(url, '/api/answers', answers(unique, { final: true }))).status).toBe(200);
    expect((await postJson(url, '/api/feedback', feedback(unique))).status).toBe(200);
  }
  return unique;
}

function expectNoGender(what: string, text: string): void {
  expect(text, what).not.toMatch(/gender/i);
  expect(text, what).not.toContain(ANSWER);
}

describe.each(TEST_DATABASES)('the demographic answer on $name', (database) => {
  let server: InProcessServer;
  let drop: () => Promise<void>;
  let stores: Stores;
  let closeStore: () => Promise<void>;
  const unique = newSessionId();
  const dataDir = tempDataDir();

  beforeAll(async () => {
    const { env, drop: dropDatabase } = await database.open();
    drop = dropDatabase;
    server = await startServer({ ...env, DATA_DIR: dataDir });
    const beside = await storesBeside({ ...env, DATA_DIR: dataDir });
    stores = beside.stores;
    closeStore = beside.close;
    const test = getTest(testId);
    if (!test) throw new Error('The sample test is missing');
    await addReviewer(
      stores.reviewers,
      { companyId: companyIdOf(test), email: REVIEWER, name: 'Checker', password: REVIEWER_PASSWORD },
      Date.now(),
    );
    expect((await postJson(server.url, '/api/now-assessment', registrationWithGender(unique))).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(unique, { final: true }))).status).toBe(200);
    expect((await postJson(server.url, '/api/feedback', feedback(unique))).status).toBe(200);
  });

  afterAll(async () => {
    await closeStore();
    await server.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reaches no reviewer response and no reviewer CSV', async () => {
    const reviewer = new ReviewerBrowser(server.url);
    expect((await reviewer.signIn(REVIEWER)).status).toBe(204);
    for (const route of [
      `/api/review/tests/${testId}/candidates`,
      `/api/review/candidates/${unique}`,
      `/api/review/tests/${testId}/export.csv`,
      '/api/review/tests',
    ]) {
      const response = await reviewer.send('GET', route);
      expect(response.status, route).toBe(200);
      expectNoGender(route, response.text);
    }
    const detail = await reviewer.send('GET', `/api/review/candidates/${unique}`);
    expect(detail.body).toMatchObject({ registration: { fullName: 'Ada Lovelace' } });
    // One rating scale wherever a person reads it: the wire's currentScore 4 is five stars.
    const csv = await reviewer.send('GET', `/api/review/tests/${testId}/export.csv`);
    expect(csv.text).toContain(',5 of 5,');
    expect(detail.body).toMatchObject({ feedback: { stars: 5 } });
  });

  it('reaches no admin read-out and no per-candidate export', async () => {
    for (const route of ['/api/admin/sessions', `/api/admin/sessions/${unique}`]) {
      const response = await adminGet(server.url, route);
      expect(response.status, route).toBe(200);
      expectNoGender(route, await response.text());
    }
    const outDir = path.join(dataDir, 'export');
    const config = configFromEnv({ ADMIN_TOKEN, DATA_DIR: dataDir });
    await exportSessions(stores.sessions, createVideoStore(config), outDir, async () => {}, SECTIONS);
    expectNoGender('sessions.json', fs.readFileSync(path.join(outDir, 'sessions.json'), 'utf8'));
    expectNoGender('sessions.csv', fs.readFileSync(path.join(outDir, 'sessions.csv'), 'utf8'));
  });

  it('is counted for reviewers only in aggregate: small counts hidden, erased candidates still counted', async () => {
    // With the candidate above (Female, finished): Male 7 of 7 finished, Female 6 of 6, Other 2 of 0;
    // 5 Male and 5 Female advanced, the rest new.
    const males = [];
    for (let index = 0; index < 7; index += 1) males.push(await candidate(server.url, 'Male', true));
    const females = [];
    for (let index = 0; index < 5; index += 1) females.push(await candidate(server.url, 'Female', true));
    for (let index = 0; index < 2; index += 1) await candidate(server.url, 'Other', false);
    const reviewer = new ReviewerBrowser(server.url);
    expect((await reviewer.signIn(REVIEWER)).status).toBe(204);
    const advance = async (sessionIds: string[]) => {
      for (const sessionId of sessionIds) {
        const staged = await reviewer.send('PUT', `/api/review/candidates/${sessionId}/stage`, {
          from: 'new',
          stage: 'advance',
        });
        expect(staged.status).toBe(200);
      }
    };
    const route = `/api/review/tests/${testId}/gender-report`;
    // Five advanced, all Male: a count of them would tell the reviewer who advanced each one their answer.
    await advance(males.slice(0, 5));
    const allMale = await reviewer.send('GET', route);
    const groups = allMale.body.groups as { stages: { advance: number | null } }[];
    expect(groups.map((group) => group.stages.advance)).toEqual([null, null, null, null]);
    await advance(females);
    const hiddenStages = { new: null, reviewing: null, advance: null, decline: null };
    const expected = {
      testId,
      groups: [
        {
          group: 'Male',
          registered: 7,
          finished: 7,
          stages: { ...hiddenStages, advance: 5 },
          advanceRate: 5 / 7,
          impactRatio: 5 / 7 / (5 / 6),
        },
        {
          group: 'Female',
          registered: 6,
          finished: 6,
          stages: { ...hiddenStages, advance: 5 },
          advanceRate: 5 / 6,
          impactRatio: 1,
        },
        {
          group: 'Other',
          registered: null,
          finished: null,
          stages: hiddenStages,
          advanceRate: null,
          impactRatio: null,
        },
        {
          group: 'Not answered',
          registered: null,
          finished: null,
          stages: hiddenStages,
          advanceRate: null,
          impactRatio: null,
        },
      ],
      total: { registered: 15, finished: 13, stages: { new: 5, reviewing: 0, advance: 10, decline: 0 } },
    };
    const report = await reviewer.send('GET', route);
    expect(report.status, report.text).toBe(200);
    expect(report.body).toEqual(expected);
    expect(report.text).not.toContain(unique);

    // Erasing a candidate keeps them in the counts, at their stage, and in nothing else.
    const erased = await reviewer.send('DELETE', `/api/review/candidates/${males[0]}`);
    expect(erased.status, erased.text).toBe(204);
    expect((await reviewer.send('GET', route)).body).toEqual(expected);

    const otherCompany = getTest('u9taheak');
    if (!otherCompany || companyIdOf(otherCompany) === companyIdOf(getTest(testId) ?? otherCompany)) {
      throw new Error('The catalogue has no test of another company to ask for');
    }
    expect((await reviewer.send('GET', `/api/review/tests/${otherCompany.uuid}/gender-report`)).status).toBe(404);
  });
});
