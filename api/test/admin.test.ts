import { allTests } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionView } from '../src/admin/session-view.ts';
import {
  ADMIN_TOKEN,
  adminGet,
  adminSessions,
  createUpload,
  type InProcessServer,
  keyHeaders,
  newSessionId,
  patchUpload,
  postJson,
  registered,
  registration,
  startServer,
  syntheticWebm,
  testId,
  uploadHead,
} from './helpers.ts';

describe('admin API with ADMIN_TOKEN set', () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await startServer({ ADMIN_TOKEN });
  });
  afterAll(() => server.stop());

  const get = (path: string, authorization?: string) =>
    fetch(`${server.url}${path}`, { headers: authorization ? { authorization } : {} });

  it('answers the sessions with the token', async () => {
    const response = await get('/api/admin/sessions', `Bearer ${ADMIN_TOKEN}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sessions: expect.any(Array), next: null });
  });

  it.each([
    ['no header', undefined],
    ['a wrong token', 'Bearer not-the-token'],
    ['a prefix of the token', `Bearer ${ADMIN_TOKEN.slice(0, -1)}`],
    ['another scheme', `Basic ${ADMIN_TOKEN}`],
    ['an empty bearer', 'Bearer '],
  ])('refuses %s with 401', async (_what, authorization) => {
    for (const path of ['/api/admin/sessions', '/api/admin/sessions/abcdefgh/video']) {
      const response = await get(path, authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toEqual({ error: expect.stringMatching(/admin token/) });
    }
  });

  it('pages through the sessions in start order with a cursor, and filters by test and by date', async () => {
    const other = allTests().find((test) => test.uuid !== testId)?.uuid as string;
    const mine: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const unique = newSessionId();
      await postJson(server.url, '/api/now-assessment', registration(unique, { data: index === 2 ? other : testId }));
      mine.push(unique);
    }
    const all = await adminSessions(server.url, 'limit=2');
    expect(all.map((session) => session.sessionId).filter((unique) => mine.includes(unique))).toEqual(mine);
    const first = (await (await get('/api/admin/sessions?limit=2', `Bearer ${ADMIN_TOKEN}`)).json()) as {
      sessions: SessionView[];
      next: string;
    };
    expect(first.sessions).toHaveLength(2);
    expect(first.next).toEqual(expect.any(String));

    const ofOther = await adminSessions(server.url, `testId=${other}`);
    expect(ofOther.map((session) => session.sessionId)).toEqual([mine[2]]);
    const started = Date.parse((await adminSessions(server.url, `testId=${other}`))[0]?.startedAt as string);
    const from = new Date(started).toISOString();
    const onlyLater = await adminSessions(server.url, `from=${encodeURIComponent(from)}`);
    expect(onlyLater.every((session) => Date.parse(session.startedAt as string) >= started)).toBe(true);
    expect(onlyLater.map((session) => session.sessionId)).toContain(mine[4]);
    expect(await adminSessions(server.url, `to=${encodeURIComponent(from)}&testId=${other}`)).toEqual([]);

    for (const query of ['cursor=nonsense', 'limit=0', 'limit=1000', 'testId=../x', 'from=yesterday', 'colour=red']) {
      const refused = await get(`/api/admin/sessions?${query}`, `Bearer ${ADMIN_TOKEN}`);
      expect(refused.status, query).toBe(400);
    }
  });

  it('answers no-store on everything, refusals included', async () => {
    const unique = await registered(server.url);
    for (const [path, authorization] of [
      ['/api/admin/sessions', `Bearer ${ADMIN_TOKEN}`],
      [`/api/admin/sessions/${unique}`, `Bearer ${ADMIN_TOKEN}`],
      ['/api/admin/sessions', undefined],
      ['/api/admin/sessions/none/video', `Bearer ${ADMIN_TOKEN}`],
    ] as const) {
      expect((await get(path, authorization)).headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('writes what candidates typed so no markup can start in it, and a social link only when it is http(s)', async () => {
    const unique = newSessionId();
    await postJson(
      server.url,
      '/api/now-assessment',
      registration(unique, { fullName: '</script><script>alert(1)</script>', social: 'javascript:alert(1)' }),
    );
    const raw = await (await adminGet(server.url, `/api/admin/sessions/${unique}`)).text();
    expect(raw).not.toMatch(/[<>]/);
    const session = JSON.parse(raw) as SessionView;
    expect(session.registration?.fullName).toBe('</script><script>alert(1)</script>');
    expect(session.registration?.socialLink).toBeNull();

    const linked = newSessionId();
    await postJson(server.url, '/api/now-assessment', registration(linked, { social: ' https://social.example/ada ' }));
    expect((await adminSessions(server.url)).find((one) => one.sessionId === linked)?.registration?.socialLink).toBe(
      'https://social.example/ada',
    );
  });

  it('answers an unsatisfiable range with 416, and a satisfiable one with 206', async () => {
    const unique = await registered(server.url);
    const video = syntheticWebm(10_000);
    const upload = await createUpload(server.url, video.length, { unique, data: testId });
    expect((await patchUpload(upload.uploadUrl as string, 0, video)).status).toBe(204);
    const range = (value: string) =>
      fetch(`${server.url}/api/admin/sessions/${unique}/video`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, range: value },
      });
    const outside = await range('bytes=10000-10010');
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe('bytes */10000');
    expect(await outside.json()).toEqual({ error: expect.stringMatching(/outside/) });
    const suffix = await range('bytes=-100');
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(video.subarray(9900))).toBe(true);
  });

  it('answers 404 for the video of a session that has none', async () => {
    const response = await get('/api/admin/sessions/no-such-session/video', `Bearer ${ADMIN_TOKEN}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'This session has no finished video' });
  });
});

describe('headers on every response', () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it('sets Permissions-Policy on API, tus, error and site responses alike, and tus errors are JSON', async () => {
    const unique = await registered(server.url);
    const upload = await createUpload(server.url, 100, { unique, data: testId });
    const responses: [string, Headers][] = [
      ['health', (await fetch(`${server.url}/api/health`)).headers],
      ['tus create', upload.headers],
      ['tus head', (await uploadHead(upload.uploadUrl as string)).headers],
      ['unknown route', (await fetch(`${server.url}/api/nothing`)).headers],
      ['bad url', (await fetch(`${server.url}/api/%E0%A4%A`)).headers],
    ];
    for (const [what, headers] of responses) {
      expect(headers.get('permissions-policy'), what).toMatch(/camera=\(self\)/);
    }
    const wrongOffset = await patchUpload(upload.uploadUrl as string, 50, Buffer.alloc(10));
    expect(wrongOffset.status).toBe(409);
    expect(wrongOffset.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(wrongOffset.body)).toEqual({ error: expect.any(String) });
    const noVersion = await fetch(upload.uploadUrl as string, { method: 'HEAD' });
    expect(noVersion.status).toBe(401);
    const missing = await fetch(`${server.url}/api/videos/${'0'.repeat(32)}`, {
      method: 'PATCH',
      headers: { 'Tus-Resumable': '1.0.0', ...keyHeaders(unique) },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'There is no such upload' });
  });
});

describe('admin API without ADMIN_TOKEN', () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await startServer({ ADMIN_TOKEN: '' });
  });
  afterAll(() => server.stop());

  it('does not exist (404), token or not', async () => {
    for (const authorization of [undefined, 'Bearer ', `Bearer ${ADMIN_TOKEN}`]) {
      for (const path of ['/api/admin/sessions', '/api/admin/sessions/abcdefgh/video']) {
        const response = await fetch(`${server.url}${path}`, { headers: authorization ? { authorization } : {} });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: `Nothing at GET ${path}` });
      }
    }
  });
});

describe('the admin API’s rate limit', () => {
  it('counts the operator’s requests against the token, so no one else at the address spends them', async () => {
    const limited = await startServer({ ADMIN_TOKEN, RATE_LIMIT_PER_MINUTE: '5' });
    const get = (authorization: string) => fetch(`${limited.url}/api/admin/sessions`, { headers: { authorization } });
    try {
      // A stranger at the operator's address spends the address's requests with wrong tokens.
      const strangers: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) strangers.push((await get('Bearer not-the-token')).status);
      expect(strangers).toEqual([401, 401, 401, 401, 401, 429]);

      // The operator still has all of their own.
      const operators: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) operators.push((await get(`Bearer ${ADMIN_TOKEN}`)).status);
      expect(operators).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = await get(`Bearer ${ADMIN_TOKEN}`);
      expect(((await refused.json()) as { error: string }).error).toMatch(
        /^Too many requests with the admin token; try again in \d+ s$/,
      );
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.stop();
    }
  });
});
