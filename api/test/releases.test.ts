import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReleaseKey } from '../src/releases/release-keys.ts';
import { storesBeside, TEST_DATABASES } from './databases.ts';
import { ADMIN_TOKEN, adminGet, type InProcessServer, startServer } from './helpers.ts';
import {
  archiveOf,
  type ReleaseAnswer,
  releaseApi,
  remoteFiles,
  remotesJson,
  SHELL_CONTRACT,
} from './release-fixtures.ts';

/** How many files the release store holds: each stored once, whatever number of releases names it. */
function storedFiles(dataDir: string): number {
  const folder = path.join(dataDir, 'releases', 'blobs');
  if (!fs.existsSync(folder)) return 0;
  return fs.readdirSync(folder, { recursive: true }).filter((name) => /[0-9a-f]{64}$/.test(String(name))).length;
}

/** A team's own host for a release: the fixture's files, with or without CORS, and one file it can drop. */
async function teamHost(files: Record<string, string>) {
  const state = { cors: true, missing: '' };
  const server = http.createServer((request, response) => {
    const name = (request.url ?? '/').slice(1);
    const body = files[name];
    if (body === undefined || name === state.missing) {
      response.writeHead(404).end();
      return;
    }
    const type = name.endsWith('.css') ? 'text/css' : name.endsWith('.json') ? 'application/json' : 'text/javascript';
    response.writeHead(200, { 'content-type': type, ...(state.cors ? { 'access-control-allow-origin': '*' } : {}) });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, state, close: () => new Promise((resolve) => server.close(resolve)) };
}

const MAX_BYTES = 256 * 1024;

describe.each(TEST_DATABASES)('section releases on $name', (database) => {
  let server: InProcessServer;
  let drop: () => Promise<void>;
  const keys: Record<string, string> = {};
  let revokedKey = '';

  beforeAll(async () => {
    const opened = await database.open();
    drop = opened.drop;
    server = await startServer(
      { ...opened.env, RELEASE_MAX_BYTES: String(MAX_BYTES), RELEASE_URLS_ALLOW_PRIVATE: 'true' },
      { shellContract: SHELL_CONTRACT },
    );
    const beside = await storesBeside({ DATA_DIR: server.dataDir, ...opened.env });
    try {
      const add = async (sectionId: string, name: string) =>
        (await addReleaseKey(beside.stores.releases, { sectionId, name, now: Date.now() })).key;
      keys.quiz = await add('quiz', 'quiz CI');
      keys.quizLaptop = await add('quiz', 'quiz laptop');
      keys.video = await add('video', 'video CI');
      keys.limited = await add('feedback', 'feedback CI');
      revokedKey = await add('quiz', 'old quiz key');
      const revoked = (await beside.stores.releases.keys()).find((key) => key.name === 'old quiz key');
      await beside.stores.releases.revokeKey(revoked?.key_id ?? '', Date.now());
      // Only hashes are kept.
      const stored = JSON.stringify(await beside.reads.selectFrom('release_keys').selectAll().execute());
      expect(stored).not.toContain(keys.quiz);
    } finally {
      await beside.close();
    }
  });
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  const liveQuiz = async () =>
    (await releaseApi(server.url, keys.quiz as string).status()).body.sections[0]?.live?.version ?? null;

  it('checks a release, stores each file once, serves it on every page, and rolls back to the one before', async () => {
    const quiz = releaseApi(server.url, keys.quiz as string);
    const laptop = releaseApi(server.url, keys.quizLaptop as string);
    const first = await quiz.upload('quiz', await archiveOf(remoteFiles({ marker: 'Version one' })), 'v1');
    expect(first.status).toBe(201);
    const v1 = first.body.release.version;
    expect(v1).toMatch(/^v1-[0-9a-f]{12}$/);
    expect((await quiz.live('quiz', v1, await liveQuiz())).status).toBe(200);

    const entry = (await remotesJson(server.url)).remoteQuiz;
    expect(entry).toBe(`/remotes/quiz/${v1}/remoteEntry.js`);
    const script = await fetch(`${server.url}/remotes/quiz/${v1}/assets/section-a1.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('access-control-allow-origin')).toBe('*');
    expect(await script.text()).toContain('Version one');
    expect((await fetch(`${server.url}/remotes/quiz/${v1}/assets/section-b2.css`)).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );

    // The same content again: nothing new is stored, under the same version or a new label.
    const files = storedFiles(server.dataDir);
    const again = await quiz.upload('quiz', await archiveOf(remoteFiles({ marker: 'Version one' })), 'v1');
    expect(again).toMatchObject({ status: 200, body: { existing: true, release: { version: v1 } } });
    expect(
      (await laptop.upload('quiz', await archiveOf(remoteFiles({ marker: 'Version one' })), 'v1-again')).status,
    ).toBe(201);
    expect(storedFiles(server.dataDir)).toBe(files);

    const second = await laptop.upload('quiz', await archiveOf(remoteFiles({ marker: 'Version two' })), 'v2');
    const v2 = second.body.release.version;
    expect((await laptop.live('quiz', v2, v1)).status).toBe(200);
    expect((await remotesJson(server.url)).remoteQuiz).toBe(`/remotes/quiz/${v2}/remoteEntry.js`);
    // Only the changed file is new.
    expect(storedFiles(server.dataDir)).toBe(files + 1);
    // The old release stays servable: a page loaded before holds its chunks.
    expect((await fetch(`${server.url}/remotes/quiz/${v1}/assets/section-a1.js`)).status).toBe(200);

    const back = await quiz.rollback('quiz', { from: v2 });
    expect(back).toMatchObject({ status: 200, body: { live: { version: v1 }, changed: true } });
    expect((await remotesJson(server.url)).remoteQuiz).toBe(`/remotes/quiz/${v1}/remoteEntry.js`);

    const history = (await quiz.history('quiz')).body.history;
    const mine = history.filter((entry) => [v1, v2].includes(entry.version ?? ''));
    expect(mine.map((entry) => [entry.kind, entry.version, entry.by])).toEqual([
      ['released', v1, 'quiz CI'],
      ['promoted', v1, 'quiz CI'],
      ['released', v2, 'quiz laptop'],
      ['promoted', v2, 'quiz laptop'],
      ['rolled-back', v1, 'quiz CI'],
    ]);
    expect(mine.at(-1)).toMatchObject({ previousVersion: v2 });
    // The admin API returns the same.
    const admin = await (await adminGet(server.url, '/api/admin/releases/quiz/history')).json();
    expect(admin.history).toEqual(history);
    const status = await (await adminGet(server.url, '/api/admin/releases')).json();
    expect(status.sections[0]).toMatchObject({
      section: 'quiz',
      live: { version: v1, by: 'quiz CI', releasedBy: 'quiz CI' },
    });
  });

  it('refuses what would break candidates, says what is wrong, keeps them on the live version, and records it', async () => {
    const quiz = releaseApi(server.url, keys.quiz as string);
    const before = await remotesJson(server.url);
    const refusals: [string, Promise<{ status: number; body: ReleaseAnswer }>, number, RegExp][] = [];
    const refuse = (
      what: string,
      answer: Promise<{ status: number; body: ReleaseAnswer }>,
      status: number,
      message: RegExp,
    ) => refusals.push([what, answer, status, message]);

    const withoutChunk = remoteFiles();
    delete withoutChunk['assets/section-a1.js'];
    refuse(
      'a file that would answer 404',
      quiz.upload('quiz', await archiveOf(withoutChunk)),
      422,
      /assets\/section-a1\.js.*404/,
    );
    refuse(
      'another contract version',
      quiz.upload('quiz', await archiveOf(remoteFiles({ contractVersion: SHELL_CONTRACT.sectionContractVersion + 1 }))),
      422,
      new RegExp(
        `contract ${SHELL_CONTRACT.sectionContractVersion + 1}; the live shell speaks ${SHELL_CONTRACT.sectionContractVersion}`,
      ),
    );
    refuse(
      'no contract version',
      quiz.upload('quiz', await archiveOf(remoteFiles({ contractVersion: undefined }))),
      422,
      /sectionContractVersion/,
    );
    refuse(
      'another federation name',
      quiz.upload('quiz', await archiveOf(remoteFiles({ name: 'remoteVideo' }))),
      422,
      /"remoteVideo".*"remoteQuiz"/,
    );
    refuse(
      'another exposed module',
      quiz.upload('quiz', await archiveOf(remoteFiles({ exposes: './Quiz' }))),
      422,
      /\.\/Quiz.*\.\/Section/,
    );
    refuse(
      'a singleton the shell cannot provide',
      quiz.upload('quiz', await archiveOf(remoteFiles({ shared: { react: '^20.0.0' } }))),
      422,
      /react \^20\.0\.0; the shell provides react 19/,
    );
    refuse(
      'a singleton the shell does not provide at all',
      quiz.upload('quiz', await archiveOf(remoteFiles({ shared: { lodash: '^4.0.0' } }))),
      422,
      /lodash from the shell, which does not provide it/,
    );
    refuse(
      'a path-traversal entry',
      quiz.upload('quiz', await archiveOf({ ...remoteFiles(), '../../escape.js': 'alert(1)' })),
      400,
      /\.\.\/\.\.\/escape\.js.*climbs out/,
    );
    refuse(
      'an absolute path',
      quiz.upload('quiz', await archiveOf({ ...remoteFiles(), '/etc/cron.d/x.js': 'x' })),
      400,
      /absolute/,
    );
    refuse(
      'a link',
      quiz.upload(
        'quiz',
        await archiveOf([{ header: { name: 'assets/link.js', type: 'symlink', linkname: '/etc/passwd' } }]),
      ),
      400,
      /a link: a release holds plain files only/,
    );
    refuse(
      'a page other than the standalone one',
      quiz.upload('quiz', await archiveOf({ ...remoteFiles(), 'assets/page.html': '<script>' })),
      400,
      /page\.html.*type/,
    );
    refuse(
      'an upload over the size limit',
      quiz.upload('quiz', await archiveOf({ ...remoteFiles(), 'assets/big.js': Buffer.alloc(MAX_BYTES + 1, 32) })),
      413,
      /larger than/,
    );
    refuse('no archive at all', quiz.upload('quiz', Buffer.from('not a tar at all')), 400, /not a gzipped tar archive/);
    refuse(
      "another section's key",
      releaseApi(server.url, keys.video as string).upload('quiz', await archiveOf(remoteFiles())),
      403,
      /"video CI" releases the video section only/,
    );
    refuse(
      'no key',
      releaseApi(server.url, 'rk_quiz_guessed').upload('quiz', await archiveOf(remoteFiles())),
      401,
      /release key/,
    );
    refuse(
      'a revoked key',
      releaseApi(server.url, revokedKey).upload('quiz', await archiveOf(remoteFiles())),
      401,
      /release key/,
    );
    const stored = (await quiz.history('quiz')).body.history.find((entry) => entry.kind === 'released');
    refuse(
      'a live version that changed meanwhile',
      quiz.live('quiz', stored?.version ?? '', 'what-the-team-saw-000000000000'),
      409,
      /changed meanwhile/,
    );

    for (const [what, answer, status, message] of refusals) {
      const { status: got, body } = await answer;
      expect({ what, status: got }).toEqual({ what, status });
      expect(body.error, what).toMatch(message);
    }
    expect(await remotesJson(server.url)).toEqual(before);

    const history = (await quiz.history('quiz')).body.history;
    const refused = history.filter((entry) => entry.kind === 'refused').map((entry) => entry.reason);
    expect(refused).toEqual(
      expect.arrayContaining([expect.stringMatching(/contract/), expect.stringMatching(/climbs out/)]),
    );
    // A stranger's call names no section team: only those a key vouches for are on record.
    expect(history.some((entry) => entry.kind === 'refused' && entry.by === 'video CI')).toBe(false);
  });

  it('checks a release the team hosts as a browser would fetch it: 200, a script type, CORS', async () => {
    const quiz = releaseApi(server.url, keys.quiz as string);
    const files = remoteFiles({ marker: 'Hosted by the team' });
    const host = await teamHost(files);
    try {
      const before = await remotesJson(server.url);
      host.state.cors = false;
      const noCors = await quiz.hosted('quiz', `${host.origin}/remoteEntry.js`, 'hosted');
      expect(noCors.status).toBe(422);
      expect(noCors.body.error).toMatch(/remoteEntry\.js has no CORS for http:\/\/localhost:\d+/);
      host.state.cors = true;
      host.state.missing = 'assets/section-b2.css';
      const missing = await quiz.hosted('quiz', `${host.origin}/remoteEntry.js`, 'hosted');
      expect(missing.body.error).toMatch(/assets\/section-b2\.css answered 404/);
      expect(await remotesJson(server.url)).toEqual(before);

      host.state.missing = '';
      const hosted = await quiz.hosted('quiz', `${host.origin}/remoteEntry.js`, 'hosted');
      expect(hosted.status).toBe(201);
      // Every page allows the new origin once the release is stored, before it is live anywhere.
      const policy = async () =>
        (await fetch(`${server.url}/invite/thd0wtfl`)).headers.get('content-security-policy') ?? '';
      await expect.poll(policy, { timeout: 5000 }).toContain(`script-src 'self' ${host.origin}`);
      expect((await quiz.live('quiz', hosted.body.release.version, await liveQuiz())).status).toBe(200);
      expect((await remotesJson(server.url)).remoteQuiz).toBe(`${host.origin}/remoteEntry.js`);
    } finally {
      await host.close();
    }
  });

  it('counts every call against its key', async () => {
    const limited = releaseApi(server.url, keys.limited as string);
    const statuses: number[] = [];
    for (let call = 0; call < 31; call += 1) statuses.push((await limited.status()).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
    // Another key, and the operator, are counted apart.
    expect((await releaseApi(server.url, keys.video as string).status()).status).toBe(200);
    expect((await releaseApi(server.url, ADMIN_TOKEN).status()).status).toBe(200);
  });
});
