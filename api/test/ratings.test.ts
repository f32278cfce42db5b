import { companyIdOf, getTest, type TestDefinition } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stores } from '../src/storage/stores.ts';
import { TEST_DATABASES } from './databases.ts';
import { answers, type InProcessServer, newSessionId, postJson, registration, testId } from './helpers.ts';
import { ReviewerBrowser, reviewServer } from './reviewer-helpers.ts';

const companyId = companyIdOf(getTest(testId) as TestDefinition);
const ADMIN = 'rate-admin@lumenvault.example';
const ROB = 'rate-rob@lumenvault.example';
const RIA = 'rate-ria@lumenvault.example';
const ADA = 'rate-ada@lumenvault.example';
const OUTSIDER = 'rate-admin@orbitra.example';

const anchors = { one: 'Vague', three: 'Clear', five: 'Clear, with evidence' };
const RUBRIC = {
  editedVersion: null,
  criteria: [
    { about: 1, name: 'Reasoning', anchors },
    { about: 'video', name: 'Communication', anchors },
  ],
};

/** A reviewer's browser, signed in to the server at `url`. */
async function signedInAt(url: string, email: string): Promise<ReviewerBrowser> {
  const browser = new ReviewerBrowser(url);
  expect((await browser.signIn(email)).status).toBe(204);
  return browser;
}

describe.each(TEST_DATABASES)('rubrics and independent ratings ($name)', (database) => {
  let server: InProcessServer;
  let stores: Stores;
  let close: () => Promise<void>;
  const candidate = newSessionId();
  const signedIn = (email: string) => signedInAt(server.url, email);
  const ratingsPath = `/api/review/candidates/${candidate}/ratings`;

  beforeAll(async () => {
    ({ server, stores, close } = await reviewServer(database, [
      { companyId, email: ADMIN, name: 'Ann Admin', role: 'admin' },
      { companyId, email: ROB, name: 'Rob Reviewer', role: 'reviewer' },
      { companyId, email: RIA, name: 'Ria Reviewer', role: 'reviewer' },
      { companyId: 'orbitra-labs', email: OUTSIDER, name: 'Olga Outsider', role: 'admin' },
    ]));
    expect((await postJson(server.url, '/api/now-assessment', registration(candidate))).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(candidate, { final: true }))).status).toBe(200);
  });

  afterAll(() => close());

  it('lets only an admin set the rubric, and refuses one it could not use, with a clear message', async () => {
    const rob = await signedIn(ROB);
    expect((await rob.send('GET', `/api/review/tests/${testId}/rubric`)).body).toEqual({
      version: null,
      criteria: [],
      locked: false,
    });
    const early = await rob.send('PUT', `${ratingsPath}/mine`, {
      rubricVersion: 1,
      scores: [3],
      recommendation: 'yes',
    });
    expect(early.status).toBe(409);
    expect(early.text).toMatch(/no rubric yet/);
    expect((await rob.send('PUT', `/api/review/tests/${testId}/rubric`, RUBRIC)).status).toBe(403);

    const ann = await signedIn(ADMIN);
    const stray = await ann.send('PUT', `/api/review/tests/${testId}/rubric`, {
      editedVersion: null,
      criteria: [{ about: 99, name: 'Nothing', anchors }],
    });
    expect(stray.status).toBe(400);
    expect(stray.text).toMatch(/question 99/);
    const empty = await ann.send('PUT', `/api/review/tests/${testId}/rubric`, {
      editedVersion: null,
      criteria: [{ about: 1, name: '  ', anchors }],
    });
    expect(empty.status).toBe(400);
    expect(empty.text).toMatch(/must not be empty/);

    const saved = await ann.send('PUT', `/api/review/tests/${testId}/rubric`, RUBRIC);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ version: 1, criteria: RUBRIC.criteria, locked: false });

    const outsider = await signedIn(OUTSIDER);
    expect((await outsider.send('GET', `/api/review/tests/${testId}/rubric`)).status).toBe(404);
    expect((await outsider.send('PUT', `/api/review/tests/${testId}/rubric`, RUBRIC)).status).toBe(404);
  });

  it('shows a reviewer the team’s ratings only after they gave theirs, then each criterion’s mean and spread', async () => {
    const rob = await signedIn(ROB);
    const ria = await signedIn(RIA);
    const given = await rob.send('PUT', `${ratingsPath}/mine`, {
      rubricVersion: 1,
      scores: [5, 4],
      recommendation: 'strong-yes',
    });
    expect(given.status, given.text).toBe(200);
    expect(given.body).toMatchObject({
      mine: { by: `Rob Reviewer (${ROB})`, scores: [5, 4], recommendation: 'strong-yes' },
      team: {
        criteria: [
          { mean: 5, spread: 0, count: 1, discuss: false },
          { mean: 4, count: 1 },
        ],
      },
    });

    // Ria has not rated: nothing of Rob's reaches her, in any response she can ask for.
    const before = await ria.send('GET', ratingsPath);
    expect(before.body).toMatchObject({ rubric: { version: 1, locked: true }, mine: null, team: null });
    for (const path of [
      ratingsPath,
      `/api/review/candidates/${candidate}`,
      `/api/review/candidates/${candidate}/decisions`,
      `/api/review/tests/${testId}/candidates`,
    ]) {
      const response = await ria.send('GET', path);
      expect(response.status, path).toBe(200);
      expect(response.text, path).not.toMatch(/strong-yes|Rob Reviewer/);
    }

    const short = await ria.send('PUT', `${ratingsPath}/mine`, { rubricVersion: 1, scores: [2], recommendation: 'no' });
    expect(short.status).toBe(400);
    expect(short.text).toMatch(/one score for each of the rubric's 2 criteria/);
    const outOfScale = await ria.send('PUT', `${ratingsPath}/mine`, {
      rubricVersion: 1,
      scores: [0, 6],
      recommendation: 'no',
    });
    expect(outOfScale.status).toBe(400);
    const after = await ria.send('PUT', `${ratingsPath}/mine`, {
      rubricVersion: 1,
      scores: [2, 4],
      recommendation: 'no',
    });
    expect(after.status, after.text).toBe(200);
    expect(after.body.team).toMatchObject({
      ratings: [{ by: `Rob Reviewer (${ROB})` }, { by: `Ria Reviewer (${RIA})` }],
      criteria: [
        { criterion: RUBRIC.criteria[0], mean: 3.5, spread: 3, count: 2, discuss: true },
        { criterion: RUBRIC.criteria[1], mean: 4, spread: 0, count: 2, discuss: false },
      ],
    });

    const outsider = await signedIn(OUTSIDER);
    expect((await outsider.send('GET', ratingsPath)).status).toBe(404);
    expect(
      (await outsider.send('PUT', `${ratingsPath}/mine`, { rubricVersion: 1, scores: [1, 1], recommendation: 'no' }))
        .status,
    ).toBe(404);

    const ann = await signedIn(ADMIN);
    const log = await ann.send('GET', '/api/review/access-log');
    const given2 = (log.body.entries as { sessionId: string; detail: string | null }[]).filter(
      (entry) => entry.sessionId === candidate && entry.detail === 'rating given',
    );
    expect(given2).toHaveLength(2);
  });

  it('lists the team’s score and recommendation, sorted and filtered by them, only to a reviewer who has rated', async () => {
    const listed = async (browser: ReviewerBrowser, query = '') => {
      const page = await browser.send('GET', `/api/review/tests/${testId}/candidates${query}`);
      expect(page.status, page.text).toBe(200);
      return (
        page.body.candidates as {
          sessionId: string;
          teamScore: number | null;
          teamRecommendations: object | null;
          teamVerdict: string | null;
        }[]
      ).filter((row) => row.sessionId === candidate);
    };
    const rob = await signedIn(ROB);
    // Rob's mean is 4.5 and Ria's 3: the team's 3.75; a strong yes and a no are one on each side.
    expect(await listed(rob, '?sort=score')).toEqual([
      expect.objectContaining({
        teamScore: 3.8,
        teamRecommendations: { 'strong-no': 0, no: 1, yes: 0, 'strong-yes': 1 },
        teamVerdict: 'split',
      }),
    ]);
    expect(await listed(rob, '?recommendation=split')).toHaveLength(1);
    expect(await listed(rob, '?recommendation=yes')).toHaveLength(0);
    expect(await listed(rob, '?recommendation=no')).toHaveLength(0);
    // Ann has not rated: nothing of the team's ratings reaches her list, nor its filter.
    const ann = await signedIn(ADMIN);
    expect(await listed(ann)).toEqual([
      expect.objectContaining({ teamScore: null, teamRecommendations: null, teamVerdict: null }),
    ]);
    for (const verdict of ['yes', 'no', 'split'])
      expect(await listed(ann, `?recommendation=${verdict}`)).toHaveLength(0);
  });

  it('makes a new rubric version on every change, and every rating keeps the version it was given under, with its criteria', async () => {
    const ann = await signedIn(ADMIN);
    const depth = { about: 2, name: 'Depth', anchors };
    const changed = await ann.send('PUT', `/api/review/tests/${testId}/rubric`, {
      editedVersion: 1,
      criteria: [...RUBRIC.criteria, depth],
    });
    expect(changed.body).toMatchObject({ version: 2, locked: false });

    const rob = await signedIn(ROB);
    const stale = await rob.send('PUT', `${ratingsPath}/mine`, {
      rubricVersion: 1,
      scores: [4, 4],
      recommendation: 'yes',
    });
    expect(stale.status).toBe(409);
    expect(stale.text).toMatch(/rubric changed/);
    // Rob's rating under version 1 is kept as it was, with the names of what he scored, and the
    // team's figures stay by criterion: the new one has none yet.
    expect((await rob.send('GET', ratingsPath)).body).toEqual({
      rubric: { version: 2, criteria: [...RUBRIC.criteria, depth], locked: false },
      mine: expect.objectContaining({ rubricVersion: 1, criteria: RUBRIC.criteria, scores: [5, 4] }),
      team: {
        ratings: [
          expect.objectContaining({ by: `Rob Reviewer (${ROB})`, rubricVersion: 1, criteria: RUBRIC.criteria }),
          expect.objectContaining({ by: `Ria Reviewer (${RIA})`, rubricVersion: 1, criteria: RUBRIC.criteria }),
        ],
        criteria: [
          { criterion: RUBRIC.criteria[0], mean: 3.5, spread: 3, count: 2, discuss: true },
          { criterion: RUBRIC.criteria[1], mean: 4, spread: 0, count: 2, discuss: false },
          { criterion: depth, mean: 0, spread: 0, count: 0, discuss: false },
        ],
      },
    });
    const again = await rob.send('PUT', `${ratingsPath}/mine`, {
      rubricVersion: 2,
      scores: [4, 4, 3],
      recommendation: 'yes',
    });
    expect(again.status, again.text).toBe(200);
    // Ria's version 1 scores still count for the two criteria version 2 kept as they were.
    expect(again.body).toMatchObject({
      mine: { rubricVersion: 2 },
      team: {
        ratings: [
          { by: `Ria Reviewer (${RIA})`, rubricVersion: 1, criteria: RUBRIC.criteria },
          { by: `Rob Reviewer (${ROB})`, rubricVersion: 2, criteria: [...RUBRIC.criteria, depth] },
        ],
        criteria: [
          { criterion: RUBRIC.criteria[0], mean: 3, spread: 2, count: 2, discuss: true },
          { criterion: RUBRIC.criteria[1], mean: 4, count: 2 },
          { criterion: depth, mean: 3, count: 1 },
        ],
      },
    });
    expect((await ann.send('GET', `/api/review/tests/${testId}/rubric`)).body).toMatchObject({
      version: 2,
      locked: true,
    });
  });

  it('are erased with the candidate', async () => {
    const ann = await signedIn(ADMIN);
    expect((await ann.send('DELETE', `/api/review/candidates/${candidate}`)).status).toBe(204);
    expect((await ann.send('GET', ratingsPath)).status).toBe(404);
    expect(await stores.ratings.ratingsOf(candidate)).toEqual([]);
  });
});

describe.each(TEST_DATABASES)(
  'a rubric changed while a reviewer rates or another admin edits it ($name)',
  (database) => {
    let server: InProcessServer;
    let stores: Stores;
    let close: () => Promise<void>;
    const candidate = newSessionId();
    const signedIn = (email: string) => signedInAt(server.url, email);
    const rubricPath = `/api/review/tests/${testId}/rubric`;
    const ratingsPath = `/api/review/candidates/${candidate}/ratings`;
    const clarity = { about: 1, name: 'Clarity', anchors };
    const depth = { about: 2, name: 'Depth', anchors };

    beforeAll(async () => {
      ({ server, stores, close } = await reviewServer(database, [
        { companyId, email: ADMIN, name: 'Ann Admin', role: 'admin' },
        { companyId, email: ADA, name: 'Ada Admin', role: 'admin' },
        { companyId, email: ROB, name: 'Rob Reviewer', role: 'reviewer' },
      ]));
      expect((await postJson(server.url, '/api/now-assessment', registration(candidate))).status).toBe(200);
      expect((await postJson(server.url, '/api/answers', answers(candidate, { final: true }))).status).toBe(200);
    });

    afterAll(() => close());

    it('refuses a rating given against criteria an admin has since reordered, though nobody had rated yet', async () => {
      const ann = await signedIn(ADMIN);
      const first = await ann.send('PUT', rubricPath, { editedVersion: null, criteria: [clarity, depth] });
      expect(first.status, first.text).toBe(200);
      expect(first.body).toEqual({ version: 1, criteria: [clarity, depth], locked: false });

      // Rob opens the candidate: his form shows Clarity first, Depth second.
      const rob = await signedIn(ROB);
      expect((await rob.send('GET', ratingsPath)).body).toMatchObject({ rubric: { version: 1 }, mine: null });

      // Ann swaps the two before anyone has rated: a new version, not version 1 changed under Rob.
      const swapped = await ann.send('PUT', rubricPath, { editedVersion: 1, criteria: [depth, clarity] });
      expect(swapped.status, swapped.text).toBe(200);
      expect(swapped.body).toEqual({ version: 2, criteria: [depth, clarity], locked: false });

      // Rob's 5 was for Clarity: counted for Depth it would mean what he never said.
      const stale = await rob.send('PUT', `${ratingsPath}/mine`, {
        rubricVersion: 1,
        scores: [5, 1],
        recommendation: 'yes',
      });
      expect(stale.status).toBe(409);
      expect(stale.text).toMatch(/rubric changed while you were rating/);
      expect(await stores.ratings.ratingsOf(candidate)).toEqual([]);

      const again = await rob.send('PUT', `${ratingsPath}/mine`, {
        rubricVersion: 2,
        scores: [1, 5],
        recommendation: 'yes',
      });
      expect(again.status, again.text).toBe(200);
      expect(await stores.ratings.ratingsOf(candidate)).toEqual([
        expect.objectContaining({ rubricVersion: 2, scores: [1, 5] }),
      ]);
    });

    it('refuses an admin’s save of a version another admin has replaced, and keeps the other’s', async () => {
      const ann = await signedIn(ADMIN);
      const ada = await signedIn(ADA);
      // Both read version 2; Ann saves first.
      const annsEdit = await ann.send('PUT', rubricPath, {
        editedVersion: 2,
        criteria: [depth, { ...clarity, name: 'Clarity of writing' }],
      });
      expect(annsEdit.status, annsEdit.text).toBe(200);
      expect(annsEdit.body).toMatchObject({ version: 3 });

      const adasEdit = await ada.send('PUT', rubricPath, { editedVersion: 2, criteria: [clarity] });
      expect(adasEdit.status).toBe(409);
      expect(adasEdit.text).toMatch(/Version 3 of the rubric was saved while you were editing version 2/);
      // Writing a first rubric where there is one already is editing a version one has not read.
      const asFirst = await ada.send('PUT', rubricPath, { editedVersion: null, criteria: [clarity] });
      expect(asFirst.status).toBe(409);
      expect(asFirst.text).toMatch(/Version 3 of the rubric was saved while you were writing a first one/);
      expect((await ada.send('GET', rubricPath)).body).toEqual({
        version: 3,
        criteria: [depth, { ...clarity, name: 'Clarity of writing' }],
        locked: false,
      });

      // Having read version 3, Ada may replace it.
      const adaAgain = await ada.send('PUT', rubricPath, { editedVersion: 3, criteria: [clarity] });
      expect(adaAgain.status, adaAgain.text).toBe(200);
      expect(adaAgain.body).toMatchObject({ version: 4, criteria: [clarity] });
    });
  },
);
