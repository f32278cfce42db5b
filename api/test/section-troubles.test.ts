import { companyIdOf, getTest, MAX_SECTION_TROUBLES, type TestDefinition } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/storage/db/database.ts';
import { TEST_DATABASES } from './databases.ts';
import { ADMIN_TOKEN, type InProcessServer, newSessionId, postJson, registered, testId } from './helpers.ts';
import { ReviewerBrowser, reviewServer } from './reviewer-helpers.ts';

const companyId = companyIdOf(getTest(testId) as TestDefinition);
const REVIEWER = 'troubles-tia@lumenvault.example';
const PATH = '/api/section-trouble';

const troubleOf = (unique: string, n: number, endedAt: number | null = null) => ({
  unique,
  data: testId,
  troubleId: n.toString(16).padStart(32, '0'),
  sectionId: 'quiz',
  kind: 'contract',
  startedAt: 1_000_000 + n,
  endedAt,
});

describe.each(TEST_DATABASES)('a section that failed in front of the candidate ($name)', (database) => {
  let server: InProcessServer;
  let close: () => Promise<void>;
  let reads: Db;

  beforeAll(async () => {
    ({ server, close, reads } = await reviewServer(database, [
      { companyId, email: REVIEWER, name: 'Tia Reviewer', role: 'reviewer' },
    ]));
  });
  afterAll(() => close());

  it("is on the candidate's timeline for the reviewer, with when it ended, once the section showed", async () => {
    const candidate = await registered(server.url);
    expect((await postJson(server.url, PATH, troubleOf(candidate, 1))).status).toBe(200);
    const tia = new ReviewerBrowser(server.url);
    expect((await tia.signIn(REVIEWER)).status).toBe(204);
    const troubles = async () => (await tia.send('GET', `/api/review/candidates/${candidate}`)).body.sectionTroubles;
    expect(await troubles()).toEqual([
      { sectionTitle: 'Problem Solving', kind: 'contract', startedAt: 1_000_001, endedAt: null },
    ]);
    expect((await postJson(server.url, PATH, troubleOf(candidate, 1, 1_185_001))).status).toBe(200);
    // The start sent again (the outbox retried it late) leaves the end as it was.
    expect((await postJson(server.url, PATH, troubleOf(candidate, 1))).status).toBe(200);
    expect(await troubles()).toEqual([
      { sectionTitle: 'Problem Solving', kind: 'contract', startedAt: 1_000_001, endedAt: 1_185_001 },
    ]);
  });

  it('is refused from another browser, or when it does not hold together', async () => {
    const candidate = await registered(server.url);
    expect((await postJson(server.url, PATH, troubleOf(candidate, 2), { key: null })).status).toBe(401);
    const backwards = await postJson(server.url, PATH, troubleOf(candidate, 2, 5));
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toMatch(/endedAt/);
    expect((await postJson(server.url, PATH, { ...troubleOf(candidate, 2), kind: 'sunspots' })).status).toBe(400);
  });

  it(`keeps at most ${MAX_SECTION_TROUBLES} a session, and goes with the session when it is erased`, async () => {
    const candidate = await registered(server.url, newSessionId());
    for (let n = 1; n <= MAX_SECTION_TROUBLES + 2; n += 1) {
      expect((await postJson(server.url, PATH, troubleOf(candidate, n))).status).toBe(200);
    }
    const kept = () => reads.selectFrom('section_troubles').selectAll().where('session_id', '=', candidate).execute();
    expect(await kept()).toHaveLength(MAX_SECTION_TROUBLES);
    const erased = await fetch(`${server.url}/api/admin/sessions/${candidate}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(erased.status).toBe(204);
    expect(await kept()).toEqual([]);
  });
});
