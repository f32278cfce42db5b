import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_WATCH_MS } from '../src/releases/health-watch.ts';
import { addReleaseKey } from '../src/releases/release-keys.ts';
import { storesBeside, TEST_DATABASES } from './databases.ts';
import { adminSession, type InProcessServer, keyHeaders, registered, startServer } from './helpers.ts';
import { asOperator, invite, registerWith } from './invitation-helpers.ts';
import { startMailSink } from './mail-sink.ts';
import { archiveOf, releaseApi, remoteFiles, SHELL_CONTRACT } from './release-fixtures.ts';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** The smallest k with P(X ≤ k) > p, for X ~ Binomial(n, q). */
function binomialQuantile(n: number, q: number, p: number): number {
  let cumulative = 0;
  let term = (1 - q) ** n;
  for (let k = 0; k <= n; k += 1) {
    cumulative += term;
    if (cumulative > p) return k;
    term *= ((n - k) / (k + 1)) * (q / (1 - q));
  }
  return n;
}

/** What a browser holding this session's key is served: `remotes.json` with its key, as the shell asks. */
async function remotesOf(url: string, unique: string | null) {
  const response = await fetch(`${url}/remotes.json`, { headers: unique ? keyHeaders(unique) : {} });
  return {
    entries: (await response.json()) as Record<string, string>,
    sharing: response.headers.get('release-shares'),
    releases: Object.fromEntries(
      (response.headers.get('section-releases') ?? '').split(',').map((pair) => pair.split('=') as [string, string]),
    ),
  };
}

/** A health report from a session's browser. */
function report(url: string, unique: string | null, body: unknown) {
  return fetch(`${url}/api/release-health`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(unique ? keyHeaders(unique) : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The quiz's row of `pnpm release status`. */
interface QuizRow {
  section: string;
  live: { version: string };
  candidate: { version: string; share: number; next: { share: number; at: string } | null } | null;
}

const failedRender = (release: string) => ({
  reports: [
    { release, kind: 'load', count: 1 },
    { release, kind: 'render', count: 3 },
  ],
});

describe.each(TEST_DATABASES)('releases on a share of sessions on $name', (database) => {
  let server: InProcessServer;
  let drop: () => Promise<void>;
  let env: Record<string, string>;
  let clock = Date.now();
  const keys: Record<string, string> = {};
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  const QUIZ_TEAM = 'quiz-team@example.com';

  beforeAll(async () => {
    const opened = await database.open();
    drop = opened.drop;
    sink = await startMailSink();
    env = {
      ...opened.env,
      SMTP_URL: sink.url,
      RELEASE_URLS_ALLOW_PRIVATE: 'true',
      RATE_LIMIT_PER_MINUTE: '10000',
      REGISTRATIONS_PER_IP_PER_HOUR: '10000',
      REGISTRATIONS_PER_BLOCK_PER_HOUR: '10000',
      REGISTRATIONS_PER_TEST_PER_HOUR: '10000',
      RELEASE_ROLLBACK_MIN_LOADS: '20',
    };
    server = await startServer(env, { shellContract: SHELL_CONTRACT, now: () => clock });
    const beside = await storesBeside({ DATA_DIR: server.dataDir, ...opened.env });
    try {
      keys.quiz = (await addReleaseKey(beside.stores.releases, { sectionId: 'quiz', name: 'quiz CI', now: clock })).key;
      for (const name of ['health', 'forged', 'refusals', 'stages']) {
        // Two keys name the team's address: it is told once.
        const contact = name === 'health' || name === 'forged' ? QUIZ_TEAM : null;
        keys[name] = (
          await addReleaseKey(beside.stores.releases, { sectionId: 'quiz', name: `quiz ${name}`, now: clock, contact })
        ).key;
      }
      keys.video = (
        await addReleaseKey(beside.stores.releases, { sectionId: 'video', name: 'video CI', now: clock })
      ).key;
    } finally {
      await beside.close();
    }
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
    await drop?.();
  });

  it('gives a new version to its share of new sessions, each of which keeps its set after promotions, other releases and a day', async () => {
    const quiz = releaseApi(server.url, keys.quiz as string);
    const video = releaseApi(server.url, keys.video as string);
    const v1 = (await quiz.upload('quiz', await archiveOf(remoteFiles({ marker: 'Quiz one' })), 'v1')).body.release
      .version;
    expect((await quiz.live('quiz', v1)).status).toBe(200);
    const videoFirst = (
      await video.upload('video', await archiveOf(remoteFiles({ name: 'remoteVideo', marker: 'Video one' })), 'vv1')
    ).body.release.version;
    expect((await video.live('video', videoFirst)).status).toBe(200);
    const v2 = (await quiz.upload('quiz', await archiveOf(remoteFiles({ marker: 'Quiz two' })), 'v2')).body.release
      .version;
    const shared = await quiz.live('quiz', v2, v1, 10);
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ share: 10, changed: true });
    // The live set is unchanged for a browser with no session.
    const anonymous = await remotesOf(server.url, null);
    expect(anonymous.entries.remoteQuiz).toBe(`/remotes/quiz/${v1}/remoteEntry.js`);
    expect(anonymous.sharing).toBe('on');

    const onV2: string[] = [];
    const onV1: string[] = [];
    for (let index = 0; index < 200; index += 1) {
      const unique = await registered(server.url);
      const quizEntry = (await remotesOf(server.url, unique)).entries.remoteQuiz;
      if (quizEntry === `/remotes/quiz/${v2}/remoteEntry.js`) onV2.push(unique);
      else if (quizEntry === `/remotes/quiz/${v1}/remoteEntry.js`) onV1.push(unique);
      else throw new Error(`A session got ${quizEntry}`);
    }
    // The binomial 99% interval of 200 draws at 10%.
    expect(onV2.length).toBeGreaterThanOrEqual(binomialQuantile(200, 0.1, 0.005));
    expect(onV2.length).toBeLessThanOrEqual(binomialQuantile(200, 0.1, 0.995));
    expect(onV1.length + onV2.length).toBe(200);

    const old = onV1[0] as string;
    const fresh = onV2[0] as string;
    const videoBefore = (await remotesOf(server.url, old)).entries.remoteVideo;
    expect(videoBefore).toBe(`/remotes/video/${videoFirst}/remoteEntry.js`);

    // Promoted to every new session, and a release of another section.
    const promoted = await quiz.promote('quiz', {});
    expect(promoted.body).toMatchObject({ version: v2, share: 100, changed: true });
    const videoNext = (
      await video.upload(
        'video',
        await archiveOf(remoteFiles({ name: 'remoteVideo', marker: 'Video two' })),
        'video-v2',
      )
    ).body.release.version;
    expect((await video.live('video', videoNext)).status).toBe(200);
    clock += DAY;

    // A reload, a second tab and the next day all send the same key: the same set each time.
    for (let load = 0; load < 3; load += 1) {
      const again = await remotesOf(server.url, old);
      expect(again.entries.remoteQuiz).toBe(`/remotes/quiz/${v1}/remoteEntry.js`);
      expect(again.entries.remoteVideo).toBe(videoBefore);
      expect((await remotesOf(server.url, fresh)).entries.remoteQuiz).toBe(`/remotes/quiz/${v2}/remoteEntry.js`);
    }
    // The admin API (and so the export and the reviewer's page, which read the same view) names them.
    // (The feedback section is there too when its remote is built: imported at the first start.)
    const named = (await adminSession(server.url, old)).sectionVersions.filter((one) => one.section !== 'feedback');
    expect(named).toEqual([
      { section: 'quiz', version: v1 },
      { section: 'video', version: videoFirst },
    ]);
    expect((await adminSession(server.url, fresh)).sectionVersions).toContainEqual({ section: 'quiz', version: v2 });
    // A session opened now gets what is live now.
    const later = await registered(server.url);
    const laterSet = await remotesOf(server.url, later);
    expect(laterSet.entries).toMatchObject({
      remoteQuiz: `/remotes/quiz/${v2}/remoteEntry.js`,
      remoteVideo: `/remotes/video/${videoNext}/remoteEntry.js`,
    });
    expect(laterSet.sharing).toBe('off');

    const history = (await quiz.history('quiz')).body.history.filter((entry) => entry.version === v2);
    expect(history.map((entry) => [entry.kind, entry.reason?.split(';')[0] ?? null])).toEqual([
      ['released', null],
      ['shared', '10% of new sessions'],
      ['promoted', null],
    ]);
  });

  it('moves the sessions of a version rolled back as broken to the live one at their next load', async () => {
    const quiz = releaseApi(server.url, keys.quiz as string);
    const live = (await quiz.status()).body.sections.find((row) => row.section === 'quiz')?.live?.version as string;
    const v3 = (await quiz.upload('quiz', await archiveOf(remoteFiles({ marker: 'Quiz three' })), 'v3')).body.release
      .version;
    expect((await quiz.live('quiz', v3, live, 99)).status).toBe(200);
    let pinned: string | undefined;
    for (let index = 0; index < 40 && !pinned; index += 1) {
      const unique = await registered(server.url);
      if ((await remotesOf(server.url, unique)).entries.remoteQuiz?.includes(v3)) pinned = unique;
    }
    expect(pinned).toBeDefined();
    const status = (await quiz.status()).body.sections.find((row) => row.section === 'quiz');
    expect(status).toMatchObject({ live: { version: live }, candidate: { version: v3, share: 99 } });

    const back = await quiz.rollback('quiz', { from: live });
    expect(back.body).toMatchObject({ live: { version: live }, changed: true });
    expect((await remotesOf(server.url, pinned as string)).entries.remoteQuiz).toBe(
      `/remotes/quiz/${live}/remoteEntry.js`,
    );
    const last = (await quiz.history('quiz')).body.history.at(-1);
    expect(last).toMatchObject({ kind: 'rolled-back', version: v3 });
  });

  it('rolls a release on a share back by itself once its failures pass the live rate by the margin', async () => {
    // Back from the day a test before moved on: on PostgreSQL the team's message falls due by the database's clock.
    clock = Date.now();
    const quiz = releaseApi(server.url, keys.health as string);
    const live = (await quiz.status()).body.sections.find((row) => row.section === 'quiz')?.live?.version as string;
    const bad = (await quiz.upload('quiz', await archiveOf(remoteFiles({ marker: 'Throws' })), 'bad')).body.release
      .version;
    expect((await quiz.live('quiz', bad, live, 99)).status).toBe(200);
    const onBad: { unique: string; release: string }[] = [];
    while (onBad.length < 20) {
      const unique = await registered(server.url);
      const served = await remotesOf(server.url, unique);
      if (served.entries.remoteQuiz?.includes(bad))
        onBad.push({ unique, release: served.releases.remoteQuiz as string });
    }
    // One short of the minimum of loads: not yet.
    for (const { unique, release } of onBad.slice(0, 19)) {
      expect((await report(server.url, unique, failedRender(release))).status).toBe(204);
    }
    await sleep(HEALTH_WATCH_MS * 2.5);
    expect((await quiz.status()).body.sections.find((row) => row.section === 'quiz')?.candidate?.version).toBe(bad);
    const last = onBad[19] as { unique: string; release: string };
    expect((await report(server.url, last.unique, failedRender(last.release))).status).toBe(204);
    for (let wait = 0; ; wait += 1) {
      if ((await remotesOf(server.url, null)).sharing === 'off') break;
      if (wait > 50) throw new Error('The release was not rolled back');
      await sleep(200);
    }
    const entry = (await quiz.history('quiz')).body.history.at(-1);
    expect(entry).toMatchObject({ kind: 'rolled-back', version: bad, by: 'automatic rollback' });
    expect(entry?.reason).toContain('20 failures in 20 loads (100.0%)');
    // pnpm release status shows it.
    const shown = (await quiz.status()).body.sections.find((row) => row.section === 'quiz') as unknown as {
      lastRollback: { by: string; reason: string };
    };
    expect(shown.lastRollback).toMatchObject({ by: 'automatic rollback', reason: entry?.reason });
    // Its sessions get the live release at their next load.
    expect((await remotesOf(server.url, last.unique)).entries.remoteQuiz).toBe(`/remotes/quiz/${live}/remoteEntry.js`);
    // The team is told, through the delivery queue, at the address its keys name: once.
    for (let wait = 0; sink.to(QUIZ_TEAM).length === 0; wait += 1) {
      if (wait > 50) throw new Error('The quiz team was not told of the rollback');
      await sleep(200);
    }
    const [told, ...again] = sink.to(QUIZ_TEAM);
    expect(again).toEqual([]);
    expect(told?.parsed.subject).toBe(`The quiz section's version ${bad} was rolled back`);
    expect(told?.parsed.text).toContain('20 failures in 20 loads (100.0%)');
    expect(told?.parsed.text).toContain(`the live version, ${live},`);
    // pnpm release status says whom it told, and that the message went.
    for (let wait = 0; ; wait += 1) {
      const row = (await quiz.status()).body.sections.find((one) => one.section === 'quiz') as unknown as {
        told: { to: string; state: string }[];
      };
      if (row.told[0]?.state === 'sent') {
        expect(row.told).toEqual([{ to: QUIZ_TEAM, state: 'sent' }]);
        break;
      }
      if (wait > 50) throw new Error(`The message is not marked sent: ${JSON.stringify(row.told)}`);
      await sleep(200);
    }
  });

  it('refuses malformed (400) and oversized (413) reports, and counts no forged ones', async () => {
    const quiz = releaseApi(server.url, keys.forged as string);
    const live = (await quiz.status()).body.sections.find((row) => row.section === 'quiz')?.live?.version as string;
    const healthy = (await quiz.upload('quiz', await archiveOf(remoteFiles({ marker: 'Healthy' })), 'healthy')).body
      .release.version;
    expect((await quiz.live('quiz', healthy, live, 10)).status).toBe(200);
    const forger = await registered(server.url);
    const healthyId = (await remotesOf(server.url, null)).releases.remoteQuiz as string;
    expect((await report(server.url, forger, { reports: [{ release: 'x', kind: 'load', count: 1 }] })).status).toBe(
      400,
    );
    expect((await report(server.url, forger, { reports: [], name: 'Ada' })).status).toBe(400);
    expect((await report(server.url, forger, 'x'.repeat(4096))).status).toBe(413);
    expect((await report(server.url, null, failedRender(healthyId))).status).toBe(401);

    // Sessions not on the healthy release name it in forged reports: none counts.
    const status = (await quiz.status()).body.sections.find((row) => row.section === 'quiz');
    expect(status?.candidate?.version).toBe(healthy);
    const candidateId = await (async () => {
      for (;;) {
        const unique = await registered(server.url);
        const served = await remotesOf(server.url, unique);
        if (served.entries.remoteQuiz?.includes(healthy)) return served.releases.remoteQuiz as string;
      }
    })();
    let forged = 0;
    for (let index = 0; index < 30; index += 1) {
      const unique = await registered(server.url);
      if ((await remotesOf(server.url, unique)).entries.remoteQuiz?.includes(healthy)) continue;
      expect((await report(server.url, unique, failedRender(candidateId))).status).toBe(204);
      forged += 1;
    }
    expect(forged).toBeGreaterThan(20);
    // And one browser sends at most its hourly share of reports.
    const statuses: number[] = [];
    const eager = await registered(server.url);
    for (let index = 0; index < 13; index += 1)
      statuses.push((await report(server.url, eager, failedRender(candidateId))).status);
    expect(statuses.slice(0, 12).every((code) => code === 204)).toBe(true);
    expect(statuses[12]).toBe(429);
    await sleep(HEALTH_WATCH_MS * 2.5);
    const after = (await quiz.status()).body.sections.find((row) => row.section === 'quiz');
    expect(after?.candidate).toMatchObject({ version: healthy, share: 10 });
    expect((await quiz.rollback('quiz', { from: live })).status).toBe(200);
  });

  it("counts a page's report once its invitation is revoked, and keeps nothing of an erased or unregistered session's, all 204", async () => {
    const beside = await storesBeside({ DATA_DIR: server.dataDir, ...env });
    const loads = async (release: string) =>
      (
        await beside.reads
          .selectFrom('release_health')
          .select('count')
          .where('release_id', '=', release)
          .where('kind', '=', 'load')
          .executeTakeFirst()
      )?.count ?? 0;
    try {
      const invitation = await invite(server.url, clock);
      const invited = await registerWith(server.url, invitation.token);
      expect(invited.status).toBe(200);
      const release = (await remotesOf(server.url, invited.unique)).releases.remoteQuiz as string;
      const before = await loads(release);
      const revoked = await asOperator(server.url, 'POST', `/api/admin/invitations/${invitation.invitationId}/revoke`);
      expect(revoked.status).toBe(200);
      const seen = { reports: [{ release, kind: 'load', count: 1 }] };
      expect((await report(server.url, invited.unique, seen)).status).toBe(204);
      expect(Number(await loads(release))).toBe(Number(before) + 1);

      const erased = await registered(server.url);
      expect((await remotesOf(server.url, erased)).releases.remoteQuiz).toBe(release);
      expect((await asOperator(server.url, 'DELETE', `/api/admin/sessions/${erased}`)).status).toBe(204);
      expect((await report(server.url, erased, seen)).status).toBe(204);
      expect(Number(await loads(release))).toBe(Number(before) + 1);
      // A key of no session (yet: its registration may be on its way) is answered alike, and counts nothing.
      expect((await report(server.url, 'never-registered', seen)).status).toBe(204);
      expect(Number(await loads(release))).toBe(Number(before) + 1);
    } finally {
      await beside.close();
    }
  });

  it('refuses a share that is not a whole percentage, and a promotion with nothing on a share', async () => {
    const quiz = releaseApi(server.url, keys.refusals as string);
    const live = (await quiz.status()).body.sections.find((row) => row.section === 'quiz')?.live?.version as string;
    expect((await quiz.live('quiz', live, live, 0)).status).toBe(400);
    expect((await quiz.live('quiz', live, live, 101)).status).toBe(400);
    expect((await quiz.live('quiz', live, live, 10)).status).toBe(409);
    expect((await quiz.promote('quiz', {})).status).toBe(409);
  });
  it('raises a release on a share to its stages by itself once it has been judged healthy, and a change by hand ends them', async () => {
    clock = Date.now();
    const quiz = releaseApi(server.url, keys.stages as string);
    // Read as the operator: the team's key has its own calls per minute for what it changes.
    const quizRow = async () =>
      (
        (await asOperator(server.url, 'GET', '/api/admin/releases')).body as unknown as { sections: QuizRow[] }
      ).sections.find((row) => row.section === 'quiz') as QuizRow;
    const live = (await quizRow()).live.version;
    const upload = async (marker: string) =>
      (await quiz.upload('quiz', await archiveOf(remoteFiles({ marker })), marker.toLowerCase())).body.release.version;
    const staged = await upload('Staged');
    // Stages rise above the share and come with their interval.
    expect((await quiz.live('quiz', staged, live, 10, { stages: [5], everyMinutes: 15 })).status).toBe(400);
    expect((await quiz.live('quiz', staged, live, 10, { stages: [50] })).status).toBe(400);
    expect((await quiz.live('quiz', staged, live, 10, { stages: [50, 100], everyMinutes: 0 })).status).toBe(400);
    expect((await quiz.live('quiz', staged, live, 10, { stages: [50, 100], everyMinutes: 15 })).status).toBe(200);
    expect((await quizRow()).candidate).toMatchObject({ version: staged, share: 10, next: { share: 50 } });
    // Not due yet: it stays on its share through a few looks of the watch.
    await sleep(HEALTH_WATCH_MS * 2.5);
    expect((await quizRow()).candidate?.share).toBe(10);
    clock += 15 * MINUTE;
    // Due, but not judged yet: it waits for the rule's minimum of loads (20 here), then goes on.
    await sleep(HEALTH_WATCH_MS * 2.5);
    expect((await quizRow()).candidate?.share).toBe(10);
    const beside = await storesBeside({ DATA_DIR: server.dataDir, ...env });
    try {
      const { release_id: releaseId } = await beside.reads
        .selectFrom('releases')
        .select('release_id')
        .where('section_id', '=', 'quiz')
        .where('version', '=', staged)
        .executeTakeFirstOrThrow();
      await beside.stores.releases.addHealth([{ releaseId, kind: 'load', count: 20 }]);
    } finally {
      await beside.close();
    }
    await expect.poll(async () => (await quizRow()).candidate?.share, { timeout: 10_000, interval: 1000 }).toBe(50);
    expect((await quizRow()).candidate?.next?.share).toBe(100);
    clock += 15 * MINUTE;
    await expect.poll(async () => (await quizRow()).live.version, { timeout: 10_000, interval: 1000 }).toBe(staged);
    expect((await quizRow()).candidate).toBeNull();
    const history = (
      (await asOperator(server.url, 'GET', '/api/admin/releases/quiz/history')).body as unknown as {
        history: unknown[];
      }
    ).history.slice(-2);
    expect(history).toMatchObject([
      { kind: 'shared', version: staged, by: 'stages' },
      { kind: 'promoted', version: staged, by: 'stages' },
    ]);

    // Raised by hand, a release's stages end: the team has taken it over.
    const byHand = await upload('ByHand');
    expect((await quiz.live('quiz', byHand, staged, 10, { stages: [50], everyMinutes: 15 })).status).toBe(200);
    expect((await quiz.promote('quiz', { share: 30 })).status).toBe(200);
    expect((await quizRow()).candidate).toMatchObject({ version: byHand, share: 30, next: null });
    clock += 60 * MINUTE;
    await sleep(HEALTH_WATCH_MS * 2.5);
    expect((await quizRow()).candidate?.share).toBe(30);
  });
});
