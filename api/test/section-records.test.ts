import { companyIdOf, getTest, type SessionView, type TestDefinition } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/storage/db/database.ts';
import { sectionsWithCoding as sections } from './coding-section.ts';
import { TEST_DATABASES } from './databases.ts';
import {
  ADMIN_TOKEN,
  adminSession,
  type InProcessServer,
  newSessionId,
  postJson,
  registered,
  testId,
} from './helpers.ts';
import { ReviewerBrowser, reviewServer } from './reviewer-helpers.ts';

const companyId = companyIdOf(getTest(testId) as TestDefinition);
const REVIEWER = 'sections-rob@lumenvault.example';
const SOLUTION = 'def add(a, b):\n    return a + b  # "quoted", ünïcödé';

const recordOf = (unique: string, record: unknown) => ({ unique, data: testId, record });

describe.each(TEST_DATABASES)('a section that keeps a record of its own ($name)', (database) => {
  let server: InProcessServer;
  let close: () => Promise<void>;
  let reads: Db;
  let candidate: string;

  beforeAll(async () => {
    ({ server, close, reads } = await reviewServer(
      database,
      [{ companyId, email: REVIEWER, name: 'Rob Reviewer', role: 'reviewer' }],
      { sections },
    ));
    candidate = await registered(server.url);
  });
  afterAll(() => close());

  it('stores what the section sends, the newest record of each session, once its own schema accepts it', async () => {
    const path = '/api/sections/coding/record';
    const draft = { language: 'python', solution: 'def add(a, b):', testsPassed: 0 };
    expect((await postJson(server.url, path, recordOf(candidate, draft))).status).toBe(200);
    const final = { language: 'python', solution: SOLUTION, testsPassed: 7 };
    expect((await postJson(server.url, path, recordOf(candidate, final))).status).toBe(200);

    const wrong = await postJson(server.url, path, recordOf(candidate, { ...final, testsPassed: 'all' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/testsPassed/);
    const unknown = await postJson(server.url, '/api/sections/quiz/record', recordOf(candidate, final));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('No section "quiz" keeps a record');
    // Another browser's key cannot write this session's record.
    const stranger = await postJson(server.url, path, recordOf(candidate, draft), { key: null });
    expect(stranger.status).toBe(401);

    const view = await adminSession(server.url, candidate);
    expect(view.sections).toEqual([
      {
        sectionId: 'coding',
        title: 'Live Coding',
        receivedAt: expect.any(String),
        updatedAt: expect.any(String),
        fields: [
          { key: 'language', label: 'Language', value: 'python' },
          { key: 'solution', label: 'Solution', value: SOLUTION },
          { key: 'tests-passed', label: 'Tests passed', value: 7 },
        ],
      },
    ] satisfies SessionView['sections']);
  });

  it("shows it on the reviewer's candidate page and in the test's CSV, under the section's own columns", async () => {
    const rob = new ReviewerBrowser(server.url);
    expect((await rob.signIn(REVIEWER)).status).toBe(204);
    const detail = await rob.send('GET', `/api/review/candidates/${candidate}`);
    expect(detail.status).toBe(200);
    expect(detail.body.sections).toMatchObject([
      { sectionId: 'coding', fields: [{ value: 'python' }, { value: SOLUTION }, { value: 7 }] },
    ]);

    const csv = await rob.send('GET', `/api/review/tests/${testId}/export.csv`);
    expect(csv.status).toBe(200);
    const [header = ''] = csv.text.split('\r\n');
    expect(header.endsWith(',coding.language,coding.solution,coding.tests-passed')).toBe(true);
    expect(csv.text).toContain(`,python,"${SOLUTION.replaceAll('"', '""')}",7\r\n`);
  });

  it('counts as something the candidate sent: listed by default, not among the registered only', async () => {
    const rob = new ReviewerBrowser(server.url);
    expect((await rob.signIn(REVIEWER)).status).toBe(204);
    const listed = async (query: string) => {
      const list = await rob.send('GET', `/api/review/tests/${testId}/candidates${query}`);
      expect(list.status).toBe(200);
      return (list.body.candidates as { sessionId: string }[]).map((row) => row.sessionId);
    };
    // The candidate of this file sent a section record and nothing else after registering.
    expect(await listed('')).toContain(candidate);
    expect(await listed('?silent=only')).not.toContain(candidate);
    const silent = await registered(server.url, newSessionId());
    expect(await listed('?silent=only')).toContain(silent);
  });

  it('goes with the session when it is erased', async () => {
    const other = await registered(server.url, newSessionId());
    const record = { language: 'typescript', solution: 'export {}', testsPassed: 1 };
    expect((await postJson(server.url, '/api/sections/coding/record', recordOf(other, record))).status).toBe(200);
    const erased = await fetch(`${server.url}/api/admin/sessions/${other}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(erased.status).toBe(204);
    const left = await reads.selectFrom('section_records').selectAll().where('session_id', '=', other).execute();
    expect(left).toEqual([]);
  });
});
