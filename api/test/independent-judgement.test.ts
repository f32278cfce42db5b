import {
  CANDIDATE_SORTS,
  companyIdOf,
  getTest,
  SHOWN_STAGES,
  TEAM_VERDICTS,
  type TestDefinition,
} from '@assessment/core';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './databases.ts';
import { answers, type InProcessServer, newSessionId, postJson, registration, testId } from './helpers.ts';
import { ReviewerBrowser, reviewServer } from './reviewer-helpers.ts';

/**
 * Independent judgement (issue 53): a reviewer rates a candidate before anything of a teammate's
 * judgement of them reaches them, by any route; and what the team's ratings add up to is said as
 * it is.
 */

const companyId = companyIdOf(getTest(testId) as TestDefinition);
const ANN = 'judge-ann@lumenvault.example';
const ROB = 'judge-rob@lumenvault.example';
const RIA = 'judge-ria@lumenvault.example';
const anchors = { one: 'Vague', three: 'Clear', five: 'Clear, with evidence' };
const RUBRIC = {
  editedVersion: null,
  criteria: [
    { about: 1, name: 'Reasoning', anchors },
    { about: 'video', name: 'Presence', anchors },
  ],
};

/** Ann's judgement of the candidate she advanced: none of it may reach a reviewer who has not rated them. */
const REASON = 'Strong written answers';
const NOTE = 'Ask about the second answer in the interview';
const ANNS_JUDGEMENT = [new RegExp(REASON), new RegExp(NOTE), /Ann Admin/, new RegExp(ANN.replaceAll('.', '\\.'))];

interface ListedRow {
  sessionId: string;
  stage: string;
  teamScore: number | null;
  teamRecommendations: Record<string, number> | null;
  teamVerdict: string | null;
}

describe.each(TEST_DATABASES)('independent judgement ($name)', (database) => {
  let server: InProcessServer;
  let close: () => Promise<void>;
  const signedIn = async (email: string) => {
    const reviewer = new ReviewerBrowser(server.url);
    expect((await reviewer.signIn(email)).status).toBe(204);
    return reviewer;
  };
  /** A candidate who registered and sent final answers. */
  const candidate = async () => {
    const sessionId = newSessionId();
    expect((await postJson(server.url, '/api/now-assessment', registration(sessionId))).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(sessionId, { final: true }))).status).toBe(200);
    return sessionId;
  };
  const rate = async (
    reviewer: ReviewerBrowser,
    sessionId: string,
    scores: (number | null)[],
    recommendation: string,
  ) => {
    const rated = await reviewer.send('PUT', `/api/review/candidates/${sessionId}/ratings/mine`, {
      rubricVersion: 1,
      scores,
      recommendation,
    });
    expect(rated.status, rated.text).toBe(200);
    return rated;
  };
  /** The candidate's row of the reviewer's CSV with `query`, by column name, or undefined where it leaves them out. */
  const exported = async (reviewer: ReviewerBrowser, sessionId: string, query = '') => {
    const csv = await reviewer.send('GET', `/api/review/tests/${testId}/export.csv${query}`);
    expect(csv.status, `${query} ${csv.text}`).toBe(200);
    const [columns = [], ...records] = parse(csv.text) as string[][];
    const record = records.find((one) => one[0] === sessionId);
    return { text: csv.text, row: record && Object.fromEntries(columns.map((name, index) => [name, record[index]])) };
  };
  /** The candidate's row in the reviewer's list with `query`, or undefined where the list leaves them out. */
  const listed = async (reviewer: ReviewerBrowser, sessionId: string, query = '') => {
    const page = await reviewer.send('GET', `/api/review/tests/${testId}/candidates${query}`);
    expect(page.status, `${query} ${page.text}`).toBe(200);
    return (page.body.candidates as ListedRow[]).find((row) => row.sessionId === sessionId);
  };

  beforeAll(async () => {
    ({ server, close } = await reviewServer(database, [
      { companyId, email: ANN, name: 'Ann Admin', role: 'admin' },
      { companyId, email: ROB, name: 'Rob Reviewer', role: 'reviewer' },
      { companyId, email: RIA, name: 'Ria Reviewer', role: 'reviewer' },
    ]));
    const ann = await signedIn(ANN);
    const rubric = await ann.send('PUT', `/api/review/tests/${testId}/rubric`, RUBRIC);
    expect(rubric.status, rubric.text).toBe(200);
    const blind = await ann.send('PATCH', `/api/review/tests/${testId}`, { blindReview: true });
    expect(blind.status, blind.text).toBe(200);
  });

  afterAll(() => close());

  it('refuses a score for the video while blind review hides it, and takes one once the video shows', async () => {
    const filmed = await candidate();
    const ratingsPath = `/api/review/candidates/${filmed}/ratings`;
    const rob = await signedIn(ROB);
    const guessed = await rob.send('PUT', `${ratingsPath}/mine`, {
      rubricVersion: 1,
      scores: [4, 1],
      recommendation: 'yes',
    });
    expect(guessed.status).toBe(422);
    expect(guessed.text).toMatch(/Blind review hides the video from you: leave Presence empty/);
    expect((await rob.send('GET', ratingsPath)).body).toMatchObject({ mine: null });

    // The written answers first: then the video shows, and its criterion can be scored.
    await rate(rob, filmed, [4, null], 'yes');
    expect((await rob.send('GET', `/api/review/candidates/${filmed}`)).body).toMatchObject({ blind: null });
    expect((await rate(rob, filmed, [4, 3], 'yes')).body).toMatchObject({ mine: { scores: [4, 3] } });

    // Or the candidate shown at one click, on record: the video shows at once.
    const ria = await signedIn(RIA);
    expect((await ria.send('POST', `/api/review/candidates/${filmed}/reveal`)).status).toBe(200);
    expect((await rate(ria, filmed, [2, 2], 'no')).body).toMatchObject({ mine: { scores: [2, 2] } });
  });

  it('sends a reviewer nothing of a teammate’s judgement of a candidate they have not rated, by any route, and all of it once they have', async () => {
    const advanced = await candidate();
    const declined = await candidate();
    const ann = await signedIn(ANN);
    const reasons = await ann.send('PATCH', '/api/review/company', { stageReasons: [REASON], stageReasonsVersion: 0 });
    expect(reasons.status, reasons.text).toBe(200);
    await rate(ann, advanced, [5, null], 'strong-yes');
    for (const sessionId of [advanced, declined]) {
      expect((await ann.send('POST', `/api/review/candidates/${sessionId}/notes`, { body: NOTE })).status).toBe(201);
    }
    const moved = await ann.send('PUT', `/api/review/candidates/${advanced}/stage`, {
      from: 'new',
      stage: 'advance',
      reason: REASON,
    });
    expect(moved.status, moved.text).toBe(200);
    // Declined without a rating of hers: Ann still sees her own decision as it is.
    const out = await ann.send('PUT', `/api/review/candidates/${declined}/stage`, {
      from: 'new',
      stage: 'decline',
      reason: REASON,
    });
    expect(out.status, out.text).toBe(200);
    expect(out.body).toMatchObject({
      stage: 'decline',
      withheld: true,
      history: [{ by: expect.stringMatching(/^Ann/) }],
    });

    const rob = await signedIn(ROB);
    const withheld = { stage: 'moved-on', history: [], notes: [], withheld: true };
    for (const sessionId of [advanced, declined]) {
      const paths = [
        `/api/review/candidates/${sessionId}`,
        `/api/review/candidates/${sessionId}/ratings`,
        `/api/review/candidates/${sessionId}/decisions`,
      ];
      for (const path of paths) {
        const response = await rob.send('GET', path);
        expect(response.status, path).toBe(200);
        for (const pattern of ANNS_JUDGEMENT) expect(response.text, `${path} ${pattern}`).not.toMatch(pattern);
      }
      expect((await rob.send('GET', `/api/review/candidates/${sessionId}/decisions`)).body).toEqual(withheld);
      expect((await rob.send('GET', `/api/review/candidates/${sessionId}/ratings`)).body).toMatchObject({ team: null });

      // The list, in every order and with every filter: moved on, no more, and found only by that.
      const queries = [
        ...CANDIDATE_SORTS.filter((sort) => sort !== 'name').flatMap((sort) =>
          ['asc', 'desc'].map((order) => `?sort=${sort}&order=${order}`),
        ),
        ...SHOWN_STAGES.map((stage) => `?stage=${stage}`),
        ...TEAM_VERDICTS.map((verdict) => `?recommendation=${verdict}`),
        '?silent=include',
        '?silent=only',
      ];
      for (const query of queries) {
        const page = await rob.send('GET', `/api/review/tests/${testId}/candidates${query}`);
        expect(page.status, query).toBe(200);
        for (const pattern of ANNS_JUDGEMENT) expect(page.text, `${query} ${pattern}`).not.toMatch(pattern);
        const row = (page.body.candidates as ListedRow[]).find((one) => one.sessionId === sessionId);
        const expected = !/stage=(?!moved-on)|recommendation=|silent=only/.test(query);
        expect(row !== undefined, `${query} lists the candidate`).toBe(expected);
        if (row) {
          expect(row, query).toMatchObject({
            stage: 'moved-on',
            teamScore: null,
            teamRecommendations: null,
            teamVerdict: null,
          });
        }
      }

      // The CSV, with the list's choices: the same, and nothing more.
      for (const query of ['', '?silent=include', '?stage=moved-on', '?stage=advance', '?recommendation=yes']) {
        const { text, row } = await exported(rob, sessionId, query);
        for (const pattern of ANNS_JUDGEMENT) expect(text, `CSV ${query} ${pattern}`).not.toMatch(pattern);
        expect(row !== undefined, `CSV ${query} holds the candidate`).toBe(!/advance|recommendation/.test(query));
        if (row) {
          expect(row, query).toMatchObject({ stage: 'Moved on', notes: '0', teamScore: '', teamRecommends: '' });
          expect(row['criterion: Reasoning (Question 1) team mean'], query).toBe('');
        }
      }

      // A note of Rob's own is his to see; a stage change of a candidate he is shown as moved on is
      // refused alike from every stage, so no guess is told right.
      const noted = await rob.send('POST', `/api/review/candidates/${sessionId}/notes`, { body: 'My own note' });
      expect(noted.status).toBe(201);
      expect(noted.body).toMatchObject({ stage: 'moved-on', history: [], notes: [{ body: 'My own note' }] });
      for (const pattern of ANNS_JUDGEMENT) expect(noted.text).not.toMatch(pattern);
      const refusals = [];
      for (const from of SHOWN_STAGES) {
        const refused = await rob.send('PUT', `/api/review/candidates/${sessionId}/stage`, {
          from,
          stage: 'reviewing',
        });
        expect(refused.status, from).toBe(409);
        for (const pattern of ANNS_JUDGEMENT) expect(refused.text, from).not.toMatch(pattern);
        refusals.push(refused.text);
      }
      expect(new Set(refusals).size).toBe(1);
      expect(JSON.parse(refusals[0] ?? '{}')).toMatchObject({
        error: expect.stringMatching(/^A teammate has moved this candidate on\. Nothing was saved; rate the candidate/),
        stage: 'moved-on',
      });
    }

    // Rated, Rob sees the team's judgement whole: where, by whom, why, and the notes.
    await rate(rob, advanced, [3, null], 'no');
    const decided = await rob.send('GET', `/api/review/candidates/${advanced}/decisions`);
    expect(decided.body).toMatchObject({
      stage: 'advance',
      withheld: false,
      history: [{ from: 'new', to: 'advance', reason: REASON, by: `Ann Admin (${ANN})` }],
      notes: [{ body: NOTE, by: `Ann Admin (${ANN})` }, { body: 'My own note' }],
    });
    expect(await listed(rob, advanced, '?stage=advance')).toMatchObject({ stage: 'advance', teamVerdict: 'split' });
    expect(await listed(rob, declined, '?stage=moved-on')).toBeDefined();
  });

  it('exports the list’s candidates with plain-text answers and the team’s figures, as far as the reviewer may see them', async () => {
    const written = newSessionId();
    expect((await postJson(server.url, '/api/now-assessment', registration(written))).status).toBe(200);
    const rich: [string, string, string] = [
      '<p>Costs <strong>fell</strong> by 4%.</p><ol><li>Look</li><li class="ql-indent-1">closer</li></ol>',
      '<p>See <a href="https://example.com/report">the report</a></p>',
      '<p><br></p>',
    ];
    expect((await postJson(server.url, '/api/answers', answers(written, { answers: rich, final: true }))).status).toBe(
      200,
    );
    const silent = newSessionId();
    expect((await postJson(server.url, '/api/now-assessment', registration(silent))).status).toBe(200);
    const ann = await signedIn(ANN);
    const ria = await signedIn(RIA);
    await rate(ann, written, [2, null], 'no');
    await rate(ria, written, [4, null], 'yes');
    expect(
      (await ann.send('POST', `/api/review/candidates/${written}/notes`, { body: 'Probe the figures' })).status,
    ).toBe(201);

    // Ria rated: the team's figures, and the rubric's criteria, each its mean and count.
    const { text, row } = await exported(ria, written);
    expect(text.split('\r\n')[0]).toContain(
      ',blindCode,stage,notes,teamScore,teamRecommends,recommendations: Strong yes,recommendations: Yes,recommendations: No,recommendations: Strong no,' +
        'criterion: Reasoning (Question 1) team mean,criterion: Reasoning (Question 1) ratings,' +
        'criterion: Presence (Video introduction) team mean,criterion: Presence (Video introduction) ratings',
    );
    expect(row).toMatchObject({
      answer1: 'Costs fell by 4%.\n\n1. Look\n  1. closer',
      answer2: 'See the report (https://example.com/report)',
      answer3: '',
      email: 'ada@mail.example',
      blindCode: '',
      stage: 'New',
      notes: '1',
      teamScore: '3',
      teamRecommends: 'Split',
      'recommendations: Yes': '1',
      'recommendations: No': '1',
      'recommendations: Strong yes': '0',
      'criterion: Reasoning (Question 1) team mean': '3',
      'criterion: Reasoning (Question 1) ratings': '2',
      'criterion: Presence (Video introduction) team mean': '',
      'criterion: Presence (Video introduction) ratings': '0',
    });
    // The list's default view leaves out who sent nothing; the way to export all takes them in.
    expect((await exported(ria, silent)).row).toBeUndefined();
    expect((await exported(ria, silent, '?silent=include')).row).toMatchObject({ answer1: '', stage: 'New' });
    expect((await exported(ria, written, '?recommendation=split')).row).toBeDefined();
    expect((await exported(ria, written, '?recommendation=yes')).row).toBeUndefined();

    // Rob has neither rated nor shown them: a code, the answers, and nothing of the team's.
    const rob = await signedIn(ROB);
    const robs = await exported(rob, written);
    expect(robs.row).toMatchObject({
      answer1: 'Costs fell by 4%.\n\n1. Look\n  1. closer',
      email: '',
      fullName: '',
      blindCode: expect.stringMatching(/^[0-9A-F]{4}$/),
      notes: '0',
      teamScore: '',
      teamRecommends: '',
      'recommendations: Yes': '',
      'criterion: Reasoning (Question 1) ratings': '',
    });
    // Rob has rated others before, who are no longer hidden from him: his row of this one says nothing of who.
    expect(JSON.stringify(robs.row)).not.toMatch(/Ada Lovelace|ada@mail\.example|social\.example|Chromium/);
    expect(robs.text).not.toMatch(/Probe the figures/);
    const bad = await rob.send('GET', `/api/review/tests/${testId}/export.csv?silent=sometimes`);
    expect(bad.status).toBe(400);
  });

  it('sums a split vote up as Split, with its counts, and filters on that, never as the average', async () => {
    const split = await candidate();
    const rob = await signedIn(ROB);
    const ria = await signedIn(RIA);
    await rate(rob, split, [4, null], 'yes');
    await rate(ria, split, [1, null], 'no');
    expect(await listed(rob, split)).toMatchObject({
      teamScore: 2.5,
      teamRecommendations: { 'strong-no': 0, no: 1, yes: 1, 'strong-yes': 0 },
      teamVerdict: 'split',
    });
    expect(await listed(rob, split, '?recommendation=split')).toBeDefined();
    expect(await listed(rob, split, '?recommendation=yes')).toBeUndefined();
    expect(await listed(rob, split, '?recommendation=no')).toBeUndefined();

    // A third, strong no tips it, whatever the strength of the others.
    const ann = await signedIn(ANN);
    await rate(ann, split, [1, null], 'strong-no');
    expect(await listed(ria, split)).toMatchObject({
      teamRecommendations: { 'strong-no': 1, no: 1, yes: 1, 'strong-yes': 0 },
      teamVerdict: 'no',
    });
    expect(await listed(ria, split, '?recommendation=no')).toBeDefined();
    expect(await listed(ria, split, '?recommendation=split')).toBeUndefined();
  });

  it('keeps a teammate’s decision from a reviewer who has not rated in the search, Previous and Next, and a bulk move', async () => {
    const quinn = newSessionId();
    const named = registration(quinn, {
      fullName: 'Quinn Walker',
      name: 'Quinn Walker',
      email: 'quinn.w@mail.example',
    });
    expect((await postJson(server.url, '/api/now-assessment', named)).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(quinn, { final: true }))).status).toBe(200);
    const ann = await signedIn(ANN);
    const rob = await signedIn(ROB);
    await rate(ann, quinn, [5, null], 'strong-yes');
    const advanced = await ann.send('PUT', `/api/review/candidates/${quinn}/stage`, { from: 'new', stage: 'advance' });
    expect(advanced.status, advanced.text).toBe(200);
    // Blind review: Rob's search reaches Quinn once he has chosen to see her, not rated her.
    expect((await rob.send('POST', `/api/review/candidates/${quinn}/reveal`)).status).toBe(200);
    const found = await listed(rob, quinn, '?search=quinn.w');
    expect(found).toMatchObject({ stage: 'moved-on', teamScore: null, teamRecommendations: null, teamVerdict: null });
    expect(await listed(rob, quinn, '?search=quinn&stage=advance')).toBeUndefined();
    expect(await listed(rob, quinn, '?search=quinn&recommendation=yes')).toBeUndefined();

    const around = async (reviewer: ReviewerBrowser, query: string) => {
      const answer = await reviewer.send('GET', `/api/review/candidates/${quinn}/neighbours?${query}`);
      expect(answer.status, answer.text).toBe(200);
      return answer.body.position as number | null;
    };
    // Previous and Next walk the list Rob is shown: Quinn is among the moved on, not the advanced or the recommended.
    expect(await around(rob, 'stage=advance')).toBeNull();
    expect(await around(rob, 'recommendation=yes')).toBeNull();
    expect(await around(rob, 'stage=moved-on')).not.toBeNull();
    expect(await around(rob, 'stage=moved-on&silent=only')).toBeNull();
    expect(await around(ann, 'stage=advance')).not.toBeNull();

    // A bulk move leaves her where Ann put her, and says the same whichever stage it guesses.
    for (const from of ['advance', 'decline', 'moved-on'] as const) {
      for (const stage of ['advance', 'reviewing'] as const) {
        const moved = await rob.send('POST', `/api/review/tests/${testId}/stages`, {
          candidates: [{ sessionId: quinn, from }],
          stage,
        });
        expect(moved.status, moved.text).toBe(200);
        expect(moved.body.results).toEqual([
          { sessionId: quinn, outcome: 'moved-meanwhile', stage: 'moved-on', problem: null },
        ]);
        expect(moved.text).not.toMatch(/Ann Admin|strong-yes/);
      }
    }
    expect((await ann.send('GET', `/api/review/candidates/${quinn}/decisions`)).body).toMatchObject({
      stage: 'advance',
      history: [{ from: 'new', to: 'advance' }],
    });

    // Rated, Rob sees where she stands, walks the list by it, and may move her.
    await rate(rob, quinn, [4, null], 'yes');
    expect(await listed(rob, quinn, '?search=quinn&stage=advance')).toMatchObject({
      stage: 'advance',
      teamVerdict: 'yes',
    });
    expect(await around(rob, 'stage=advance')).not.toBeNull();
    const moved = await rob.send('POST', `/api/review/tests/${testId}/stages`, {
      candidates: [{ sessionId: quinn, from: 'advance' }],
      stage: 'reviewing',
    });
    expect(moved.body.results).toEqual([{ sessionId: quinn, outcome: 'changed', stage: 'reviewing', problem: null }]);
  });
});
