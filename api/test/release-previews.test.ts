import { companyIdOf, getTest, RELEASE_PREVIEW_HEADER, type TestDefinition } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReleaseKey } from '../src/releases/release-keys.ts';
import { TEST_DATABASES } from './databases.ts';
import {
  adminSession,
  adminSessions,
  feedback,
  keyHeaders,
  newSessionId,
  postJson,
  registration,
  testId,
} from './helpers.ts';
import { archiveOf, releaseApi, remoteFiles } from './release-fixtures.ts';
import { ReviewerBrowser, reviewServer } from './reviewer-helpers.ts';

const test = getTest(testId) as TestDefinition;
const ADMIN = 'preview-ada@lumenvault.example';
const HOUR = 60 * 60 * 1000;
const PREVIEWER = 'Pat Previewer';

/** What a browser is served, with its session key and its tab's preview link, as the shell asks. */
async function remoteQuizOf(url: string, unique: string | null, token: string | null): Promise<string | undefined> {
  const response = await fetch(`${url}/remotes.json`, {
    headers: { ...(unique ? keyHeaders(unique) : {}), ...(token ? { [RELEASE_PREVIEW_HEADER]: token } : {}) },
  });
  return ((await response.json()) as Record<string, string>).remoteQuiz;
}

/** A registration from a tab that holds the preview link `token`, as the shell's outbox sends it. */
async function registerPreviewing(url: string, unique: string, token: string | null) {
  const response = await fetch(`${url}/api/now-assessment`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...keyHeaders(unique),
      ...(token ? { [RELEASE_PREVIEW_HEADER]: token } : {}),
    },
    body: JSON.stringify(registration(unique, { fullName: PREVIEWER, name: PREVIEWER, email: 'pat@team.example' })),
  });
  return { status: response.status, body: (await response.json()) as { error?: string } };
}

/**
 * `pnpm release preview` (issue 55): a link that opens a release before any candidate gets it, for
 * whoever holds it, until it expires; and a session opened through it, which nothing counts.
 */
describe.each(TEST_DATABASES)('preview links of a release on $name', (database) => {
  let clock = Date.parse('2026-03-10T09:00:00Z');
  let server: Awaited<ReturnType<typeof reviewServer>>;
  let url: string;
  let quiz: ReturnType<typeof releaseApi>;
  let video: ReturnType<typeof releaseApi>;
  let live: string;
  let previewed: string;

  beforeAll(async () => {
    server = await reviewServer(
      database,
      [{ companyId: companyIdOf(test), email: ADMIN, name: 'Ada Admin', role: 'admin' }],
      { now: () => clock },
      {
        WEBHOOK_ALLOW_PRIVATE: 'true',
        REGISTRATIONS_PER_IP_PER_HOUR: '1000',
        REGISTRATIONS_PER_BLOCK_PER_HOUR: '1000',
      },
    );
    url = server.server.url;
    const quizKey = await addReleaseKey(server.stores.releases, { sectionId: 'quiz', name: 'quiz CI', now: clock });
    const videoKey = await addReleaseKey(server.stores.releases, { sectionId: 'video', name: 'video CI', now: clock });
    quiz = releaseApi(url, quizKey.key);
    video = releaseApi(url, videoKey.key);
    live = (await quiz.upload('quiz', await archiveOf(remoteFiles({ marker: 'Live quiz' })), 'live')).body.release
      .version;
    expect((await quiz.live('quiz', live)).status).toBe(200);
    previewed = (await quiz.upload('quiz', await archiveOf(remoteFiles({ marker: 'Next quiz' })), 'next')).body.release
      .version;
  });
  afterAll(() => server?.close());

  it('opens a version nobody has yet for whoever holds the link, refuses it altered or expired, and records who asked', async () => {
    // Only the section's own team, of a release there is, for a day at most.
    expect((await video.preview('quiz', { version: previewed })).status).toBe(403);
    expect((await quiz.preview('quiz', { version: 'nothing-000000000000' })).status).toBe(404);
    expect((await quiz.preview('quiz', { version: previewed, hours: 25 })).status).toBe(400);
    const given = await quiz.preview('quiz', { version: previewed, hours: 2 });
    expect(given.status).toBe(201);
    const link = given.body;
    expect(link.version).toBe(previewed);
    expect(link.expiresAt).toBe(new Date(clock + 2 * HOUR).toISOString());
    const token = /\/preview\/(pv_[A-Za-z0-9_-]{32})$/.exec(link.url ?? '')?.[1] as string;
    expect(token).toBeDefined();

    const page = await fetch(`${url}/api/release-previews/${token}`);
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({
      section: 'quiz',
      version: previewed,
      label: 'next',
      expiresAt: link.expiresAt,
    });
    expect(await remoteQuizOf(url, null, token)).toBe(`/remotes/quiz/${previewed}/remoteEntry.js`);
    // Nobody else gets it: a browser without the link, and one with a link altered by one letter.
    expect(await remoteQuizOf(url, null, null)).toBe(`/remotes/quiz/${live}/remoteEntry.js`);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await fetch(`${url}/api/release-previews/${altered}`)).status).toBe(404);
    expect((await fetch(`${url}/api/release-previews/not-a-link`)).status).toBe(404);
    expect(await remoteQuizOf(url, null, altered)).toBe(`/remotes/quiz/${live}/remoteEntry.js`);
    expect((await registerPreviewing(url, newSessionId(), altered)).status).toBe(404);

    const history = (await quiz.history('quiz')).body.history as { kind: string; version: string; by: string }[];
    expect(history.at(-1)).toMatchObject({ kind: 'previewed', version: previewed, by: 'quiz CI' });

    clock += 2 * HOUR;
    expect((await fetch(`${url}/api/release-previews/${token}`)).status).toBe(410);
    expect(await remoteQuizOf(url, null, token)).toBe(`/remotes/quiz/${live}/remoteEntry.js`);
    const late = await registerPreviewing(url, newSessionId(), token);
    expect(late.status).toBe(410);
    expect(late.body.error).toContain('This preview link has expired');
  });

  it('keeps a session opened through the link out of every list, count, export, insight and webhook, and on its version', async () => {
    const admin = new ReviewerBrowser(url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
    const hook = await admin.send('PUT', '/api/review/webhook', { url: 'http://127.0.0.1:9/hook' });
    expect(hook.status, hook.text).toBe(200);
    const token = /\/preview\/(\S+)$/.exec(
      (await quiz.preview('quiz', { version: previewed })).body.url ?? '',
    )?.[1] as string;

    const candidate = newSessionId();
    expect((await postJson(url, '/api/now-assessment', registration(candidate))).status).toBe(200);
    const previews: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const unique = newSessionId();
      expect((await registerPreviewing(url, unique, token)).status).toBe(200);
      previews.push(unique);
    }
    const [first] = previews as [string];
    for (const unique of [candidate, first]) {
      expect((await postJson(url, '/api/feedback', feedback(unique))).status).toBe(200);
    }

    // The session keeps the previewed version without the link (another tab, a day later), and
    // stays a preview when it registers again.
    expect(await remoteQuizOf(url, first, null)).toBe(`/remotes/quiz/${previewed}/remoteEntry.js`);
    expect(await remoteQuizOf(url, candidate, null)).toBe(`/remotes/quiz/${live}/remoteEntry.js`);
    expect((await registerPreviewing(url, first, null)).status).toBe(200);
    expect(await adminSession(url, first)).toMatchObject({
      preview: true,
      sectionVersions: expect.arrayContaining([{ section: 'quiz', version: previewed }]),
    });
    expect((await adminSession(url, candidate)).preview).toBe(false);

    // The admin API's list, the review page's list, its counts, its export and the candidate's page.
    expect((await adminSessions(url)).map((one) => one.sessionId)).toEqual([candidate]);
    const list = await admin.send('GET', `/api/review/tests/${testId}/candidates?silent=include`);
    expect((list.body.candidates as { sessionId: string }[]).map((row) => row.sessionId)).toEqual([candidate]);
    const tests = (await admin.send('GET', '/api/review/tests')).body.tests as {
      testId: string;
      counts: { started: number; finished: number };
    }[];
    expect(tests.find((one) => one.testId === testId)?.counts).toMatchObject({ started: 1, finished: 1 });
    const csv = await admin.send('GET', `/api/review/tests/${testId}/export.csv`);
    expect(csv.status).toBe(200);
    expect(csv.text).not.toContain(PREVIEWER);
    expect(csv.text).not.toContain(first);
    expect((await admin.send('GET', `/api/review/candidates/${first}`)).status).toBe(404);
    // Six registrations would show; the one candidate is fewer than 5.
    const insights = await admin.send('GET', `/api/review/insights?testId=${testId}&from=2026-03-01&to=2026-03-31`);
    expect(insights.status, insights.text).toBe(200);
    const funnel = (insights.body.funnel as { openLink: { step: string; count: number | null }[] }).openLink;
    expect(funnel.find((one) => one.step === 'registered')?.count).toBeNull();

    // The company's endpoint hears of the candidate only, and no demographic answer is kept of a preview.
    const hooks = await server.reads
      .selectFrom('deliveries')
      .select('session_id')
      .where('kind', '=', 'webhook')
      .execute();
    expect(hooks.map((one) => one.session_id)).toContain(candidate);
    expect(hooks.some((one) => previews.includes(one.session_id ?? ''))).toBe(false);
    const demographics = await server.reads.selectFrom('demographics').select('session_id').execute();
    expect(demographics.map((one) => one.session_id)).toEqual([candidate]);
  });
});
