import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  answers,
  createUpload,
  deviceCheck,
  feedback,
  type InProcessServer,
  keyHeaders,
  keyOf,
  newSessionId,
  postJson,
  quizComplete,
  registered,
  registration,
  startServer,
  testId,
  uploadOffset,
} from './helpers.ts';

let server: InProcessServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

/** A session to write to: a new one for the registration, else one already registered. */
const sessionFor = (route: string) =>
  route === '/api/now-assessment' ? Promise.resolve(newSessionId()) : registered(server.url);

const routes = [
  ['/api/now-assessment', registration],
  ['/api/answers', answers],
  ['/api/device-check', deviceCheck],
  ['/api/video-just', quizComplete],
  ['/api/feedback', feedback],
  ['/api/video-skip', (unique: string) => ({ unique, data: testId, reason: 'no-camera' })],
] as const;

describe('bad input', () => {
  it.each(routes)('%s refuses an unknown invitation with 400 naming it', async (route, make) => {
    const response = await postJson(server.url, route, { ...make(await sessionFor(route)), data: 'zzzz9999' });
    expect(response).toEqual({ status: 400, body: { error: 'Unknown invitation "zzzz9999"' } });
  });

  it.each(routes)('%s refuses a malformed invitation id and a missing session id', async (route, make) => {
    const unique = await sessionFor(route);
    const { unique: _unique, ...withoutSession } = { ...make(unique), data: '../etc' };
    const response = await postJson(server.url, route, withoutSession, { key: keyOf(unique) });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/unique: .*expected string/);
    expect(response.body.error).toMatch(/data: must be an invitation id/);
  });

  it('names every wrong type and missing field', async () => {
    const { email: _email, ...withoutEmail } = registration(newSessionId());
    const response = await postJson(server.url, '/api/now-assessment', {
      ...withoutEmail,
      declaration: false,
      startTime: 'yesterday',
      workExperience: '20 Years',
    });
    expect(response.status).toBe(400);
    for (const field of ['email', 'declaration', 'startTime', 'workExperience']) {
      expect(response.body.error).toContain(`${field}:`);
    }
  });

  it('refuses a feedback score outside 0..4, and feedback over 2000 characters', async () => {
    const unique = await registered(server.url);
    for (const body of [
      feedback(unique, { currentScore: 5 }),
      feedback(unique, { currentScore: 2.5 }),
      feedback(unique, { feedback: 'x'.repeat(2001) }),
    ]) {
      expect((await postJson(server.url, '/api/feedback', body)).status).toBe(400);
    }
  });

  it('refuses answers that are not three strings', async () => {
    const unique = await registered(server.url);
    const body = { ...answers(unique), answers: ['<p>only one</p>'] };
    const response = await postJson(server.url, '/api/answers', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^answers/);
  });

  it('refuses an answer over 400 KB with 400 and a body over 1 MiB with 413, as JSON', async () => {
    const unique = await registered(server.url);
    const big = `<p>${'a'.repeat(400_001)}</p>`;
    const tooBig = await postJson(server.url, '/api/answers', answers(unique, { answers: [big, '', ''] }));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error).toMatch(/answers\.0: must be at most 400000 bytes/);

    const huge = 'b'.repeat(380_000);
    const overLimit = await postJson(server.url, '/api/answers', answers(unique, { answers: [huge, huge, huge] }));
    expect(overLimit).toEqual({
      status: 413,
      body: { error: 'The request body is larger than the 1 MiB limit of this route' },
    });
    // A route of small bodies names its own limit.
    const registration = await postJson(server.url, '/api/now-assessment', { unique, padding: 'c'.repeat(70_000) });
    expect(registration).toEqual({
      status: 413,
      body: { error: 'The request body is larger than the 64 KiB limit of this route' },
    });
  });

  it('sends one frame policy, and HSTS only where the browser came over HTTPS', async () => {
    const plain = await fetch(`${server.url}/api/health`);
    expect(plain.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(plain.headers.get('x-frame-options')).toBeNull();
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const proxied = await startServer({ TRUST_PROXY: 'true' });
    try {
      const secure = await fetch(`${proxied.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const site = await fetch(`${proxied.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(site.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await proxied.stop();
    }
  });

  it('refuses a body that is not JSON', async () => {
    const unique = await registered(server.url);
    const response = await postJson(server.url, '/api/feedback', '{"unique":', { key: keyOf(unique) });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual(expect.any(String));
  });

  it('answers unknown API routes with a JSON 404', async () => {
    expect(await postJson(server.url, '/api/nothing-here', {})).toEqual({
      status: 404,
      body: { error: 'Nothing at POST /api/nothing-here' },
    });
  });

  it('refuses a session id reused for another invitation with 409 and changes nothing', async () => {
    const unique = newSessionId();
    await postJson(server.url, '/api/now-assessment', registration(unique));
    const other = (await import('@assessment/core')).allTests().find((test) => test.uuid !== testId);
    const response = await postJson(server.url, '/api/answers', answers(unique, { data: other?.uuid }));
    expect(response.status).toBe(409);
    expect(response.body.error).toMatch(/another invitation/);
    const session = await adminSession(server.url, unique);
    expect(session).toMatchObject({ testId, answers: null });
  });

  it('never lets a bad request change what is stored', async () => {
    const unique = newSessionId();
    await postJson(server.url, '/api/now-assessment', registration(unique));
    await postJson(server.url, '/api/answers', answers(unique, { revision: 7 }));
    await postJson(server.url, '/api/feedback', feedback(unique));
    const before = await adminSession(server.url, unique);

    await postJson(server.url, '/api/now-assessment', {
      ...registration(unique, { email: 'evil@x.example' }),
      declaration: false,
    });
    await postJson(server.url, '/api/answers', { ...answers(unique, { revision: 99 }), final: 'yes' });
    await postJson(server.url, '/api/feedback', feedback(unique, { currentScore: -1, feedback: 'changed' }));
    await postJson(server.url, '/api/answers', answers(unique, { revision: 100, data: 'zzzz9999' }));

    expect(await adminSession(server.url, unique)).toEqual(before);
  });
});

describe('rate limit', () => {
  let limited: InProcessServer;
  beforeAll(async () => {
    limited = await startServer({ RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => limited.stop());

  it('answers 429 with a JSON error and Retry-After once a session passes RATE_LIMIT_PER_MINUTE', async () => {
    const unique = await registered(limited.url);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let call = 0; call < 7; call += 1) {
      last = await fetch(`${limited.url}/api/video-just`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...keyHeaders(unique) },
        body: JSON.stringify(quizComplete(unique)),
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last?.json()).toEqual({ error: expect.stringMatching(/^Too many requests from this session/) });
  });

  it("behind a trusted proxy, counts registrations by each candidate's own address", async () => {
    const proxied = await startServer({ REGISTRATIONS_PER_IP_PER_HOUR: '3', TRUST_PROXY: 'true' });
    try {
      const register = async (client: string) => {
        const unique = newSessionId();
        const response = await fetch(`${proxied.url}/api/now-assessment`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...keyHeaders(unique) },
          body: JSON.stringify(registration(unique)),
        });
        return { status: response.status, retryAfter: response.headers.get('retry-after') };
      };
      const first = [await register('203.0.113.1'), await register('203.0.113.1'), await register('203.0.113.1')];
      expect(first.map((result) => result.status)).toEqual([200, 200, 200]);
      const refused = await register('203.0.113.1');
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(3000);
      expect((await register('203.0.113.2')).status).toBe(200);
    } finally {
      await proxied.stop();
    }
  });

  it('gives upload chunks their own, higher limit', async () => {
    const uploads = await startServer({ RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const unique = await registered(uploads.url);
      const created = await createUpload(uploads.url, 1000, { unique, data: testId });
      expect(created.status).toBe(201);
      for (let call = 0; call < 10; call += 1) {
        expect((await uploadOffset(created.uploadUrl as string)).status).toBe(200);
      }
    } finally {
      await uploads.stop();
    }
  });

  it('leaves health and the site outside the limit', async () => {
    for (let call = 0; call < 8; call += 1) {
      expect((await fetch(`${limited.url}/api/health`)).status).toBe(200);
    }
  });
});
