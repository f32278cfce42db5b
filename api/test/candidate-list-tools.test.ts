import { companyIdOf, getTest, type TestDefinition, testsOfCompany } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from './databases.ts';
import { type InProcessServer, newSessionId, postJson, registration, testId } from './helpers.ts';
import { ReviewerBrowser, reviewServer } from './reviewer-helpers.ts';

const companyId = companyIdOf(getTest(testId) as TestDefinition);
const otherTest = testsOfCompany(companyId).find((test) => test.uuid !== testId) as TestDefinition;
const ADMIN = 'list-ann@lumenvault.example';
const REVIEWER = 'list-rob@lumenvault.example';

interface Listed {
  sessionId: string;
  fullName: string | null;
  blindCode: string | null;
  registrationsOfEmail: number | null;
  stage: string;
}

describe.each(TEST_DATABASES)(
  "the candidate list's search, duplicates, neighbours and bulk moves ($name)",
  (database) => {
    let server: InProcessServer;
    let close: () => Promise<void>;
    let ann: ReviewerBrowser;
    let rob: ReviewerBrowser;
    /** Session ids by first name. */
    const who = {} as Record<'zoe' | 'yan' | 'xia' | 'xia2' | 'xia3' | 'wes' | 'other', string>;

    async function register(first: string, email: string, test = testId): Promise<string> {
      const unique = newSessionId();
      const fullName = `${first} Listed`;
      const sent = await postJson(
        server.url,
        '/api/now-assessment',
        registration(unique, { data: test, fullName, name: fullName, email }),
      );
      expect(sent.status).toBe(200);
      return unique;
    }

    const list = async (browser: ReviewerBrowser, query: string, test = testId) => {
      const answer = await browser.send('GET', `/api/review/tests/${test}/candidates?silent=include&${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.candidates as Listed[];
    };

    beforeAll(async () => {
      ({ server, close } = await reviewServer(database, [
        { companyId, email: ADMIN, name: 'Ann Admin', role: 'admin' },
        { companyId, email: REVIEWER, name: 'Rob Reviewer', role: 'reviewer' },
      ]));
      ann = new ReviewerBrowser(server.url);
      rob = new ReviewerBrowser(server.url);
      expect((await ann.signIn(ADMIN)).status).toBe(204);
      expect((await rob.signIn(REVIEWER)).status).toBe(204);
      who.zoe = await register('Zoë', 'zoe@mail.example');
      who.yan = await register('Yan', 'yan_100%@mail.example');
      // One person, three times, the address typed three ways.
      who.xia = await register('Xia', 'xia@mail.example');
      who.xia2 = await register('Xia', ' XIA@mail.example ');
      who.xia3 = await register('Xia', 'Xia@Mail.example');
      who.wes = await register('Wes', 'wes@mail.example');
      who.other = await register('Otto', 'zoe@mail.example', otherTest.uuid);
    });
    afterAll(() => close());

    it('finds candidates by any part of their name or email, in any case, its wildcards meaning themselves', async () => {
      const names = async (search: string) =>
        (await list(ann, `sort=name&order=asc&search=${encodeURIComponent(search)}`)).map((row) => row.sessionId);
      expect(await names('zoË')).toEqual([who.zoe]);
      expect(new Set(await names('XIA@MAIL'))).toEqual(new Set([who.xia, who.xia2, who.xia3]));
      expect(await names('_100%')).toEqual([who.yan]);
      expect(await names('%')).toEqual([who.yan]);
      expect(await names('nobody')).toEqual([]);
      const tooLong = await ann.send('GET', `/api/review/tests/${testId}/candidates?search=${'a'.repeat(321)}`);
      expect(tooLong.status).toBe(400);
    });

    it('flags an email that registered more than once for the test', async () => {
      const rows = await list(ann, 'sort=name&order=asc');
      const count = (sessionId: string) => rows.find((row) => row.sessionId === sessionId)?.registrationsOfEmail;
      expect([who.xia, who.xia2, who.xia3].map(count)).toEqual([3, 3, 3]);
      // Zoë's address registered for another test too: that is not this test's repeat.
      expect([count(who.zoe), count(who.wes)]).toEqual([1, 1]);
    });

    it("gives the candidates before and after one in the reviewer's order and filter", async () => {
      const around = async (sessionId: string, query: string) =>
        (await ann.send('GET', `/api/review/candidates/${sessionId}/neighbours?silent=include&${query}`)).body;
      // By name: Wes, Xia ×3, Yan, Zoë; ties by start, newest first in this order's direction.
      const order = (await list(ann, 'sort=name&order=asc')).map((row) => row.sessionId);
      expect(await around(who.yan, 'sort=name&order=asc')).toEqual({
        previous: order[order.indexOf(who.yan) - 1],
        next: who.zoe,
        position: order.indexOf(who.yan) + 1,
        total: order.length,
      });
      expect(await around(who.zoe, 'sort=name&order=asc&search=z')).toEqual({
        previous: null,
        next: null,
        position: 1,
        total: 1,
      });
      expect(await around(who.wes, 'sort=name&order=asc&search=zoe')).toEqual({
        previous: null,
        next: null,
        position: null,
        total: 1,
      });
      expect((await rob.send('GET', `/api/review/candidates/${who.other}-nope/neighbours`)).status).toBe(404);
    });

    it('moves the chosen candidates to a stage, each checked as its own move would be', async () => {
      // Another browser moved Wes meanwhile: the bulk move, made from the stage the list showed, leaves him.
      expect(
        (await rob.send('PUT', `/api/review/candidates/${who.wes}/stage`, { from: 'new', stage: 'reviewing' })).status,
      ).toBe(200);
      const moved = await ann.send('POST', `/api/review/tests/${testId}/stages`, {
        candidates: [
          { sessionId: who.zoe, from: 'new' },
          { sessionId: who.yan, from: 'new' },
          { sessionId: who.wes, from: 'new' },
          { sessionId: who.other, from: 'new' },
        ],
        stage: 'advance',
      });
      expect(moved.status).toBe(200);
      expect(moved.body.results).toEqual([
        { sessionId: who.zoe, outcome: 'changed', stage: 'advance', problem: null },
        { sessionId: who.yan, outcome: 'changed', stage: 'advance', problem: null },
        { sessionId: who.wes, outcome: 'moved-meanwhile', stage: 'reviewing', problem: null },
        { sessionId: who.other, outcome: 'not-found', stage: null, problem: null },
      ]);
      const history = (await ann.send('GET', `/api/review/candidates/${who.zoe}/decisions`)).body.history;
      expect(history).toMatchObject([{ from: 'new', to: 'advance', by: `Ann Admin (${ADMIN})` }]);
      // A reason not on the company's list moves nobody.
      const unlisted = await ann.send('POST', `/api/review/tests/${testId}/stages`, {
        candidates: [{ sessionId: who.xia, from: 'new' }],
        stage: 'decline',
        reason: 'Not on any list',
      });
      expect(unlisted.status).toBe(400);
      expect((await list(ann, 'stage=decline')).length).toBe(0);
      const tooMany = await ann.send('POST', `/api/review/tests/${testId}/stages`, {
        candidates: Array.from({ length: 101 }, () => ({ sessionId: who.xia, from: 'new' })),
        stage: 'decline',
      });
      expect(tooMany.status).toBe(400);
    });

    it('never finds, flags or names by search what blind review hides from the reviewer', async () => {
      expect((await ann.send('PATCH', `/api/review/tests/${testId}`, { blindReview: true })).status).toBe(200);
      try {
        // Rob has neither rated nor shown anyone: the search reaches none of them, and the rows hide the repeat.
        expect(await list(rob, 'search=xia')).toEqual([]);
        expect(await list(rob, 'search=mail.example')).toEqual([]);
        const rows = await list(rob, '');
        expect(rows.every((row) => row.fullName === null && row.registrationsOfEmail === null)).toBe(true);
        // Once he has chosen to see Zoë, she is found, and only she.
        expect((await rob.send('POST', `/api/review/candidates/${who.zoe}/reveal`)).status).toBe(200);
        expect((await list(rob, 'search=mail.example')).map((row) => row.sessionId)).toEqual([who.zoe]);
        expect((await rob.send('GET', `/api/review/candidates/${who.zoe}/neighbours?sort=name`)).status).toBe(400);
      } finally {
        expect((await ann.send('PATCH', `/api/review/tests/${testId}`, { blindReview: false })).status).toBe(200);
      }
    });
  },
);
