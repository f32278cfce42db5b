import { allTests } from '@assessment/core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminGet,
  answers,
  type InProcessServer,
  keyHeaders,
  newSessionId,
  postJson,
  registration,
  startServer,
  testId,
} from './helpers.ts';

const servers: InProcessServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});
async function serve(env: Record<string, string> = {}) {
  const server = await startServer(env);
  servers.push(server);
  return server;
}

/** Runs `work` over `items`, `width` at a time, as many browsers would. */
async function inParallel<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width) {
    results.push(...(await Promise.all(items.slice(start, start + width).map(work))));
  }
  return results;
}

describe('many candidates behind one address', () => {
  it('200 candidates behind one office NAT register and autosave without a single 429 (default limits)', async () => {
    const server = await serve();
    const sessions = Array.from({ length: 200 }, () => newSessionId());
    const registrations = await inParallel(sessions, 25, async (unique) => {
      return (await postJson(server.url, '/api/now-assessment', registration(unique))).status;
    });
    expect(new Set(registrations)).toEqual(new Set([200]));
    // Three autosaves each, an autosave every ten seconds for half a minute.
    const saves = await inParallel(
      sessions.flatMap((unique) => [1, 2, 3].map((revision) => ({ unique, revision }))),
      25,
      async ({ unique, revision }) =>
        (await postJson(server.url, '/api/answers', answers(unique, { revision }))).status,
    );
    expect(saves).toHaveLength(600);
    expect(new Set(saves)).toEqual(new Set([200]));
  });
});

describe('registration limits', () => {
  const register = (url: string, client: string, forTest = testId) => {
    const unique = newSessionId();
    return fetch(`${url}/api/now-assessment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...keyHeaders(unique) },
      body: JSON.stringify(registration(unique, { data: forTest })),
    });
  };

  it('limit registrations per test, with a clear 429 and Retry-After', async () => {
    const server = await serve({ REGISTRATIONS_PER_TEST_PER_HOUR: '2', TRUST_PROXY: 'true' });
    expect((await register(server.url, '198.51.100.1')).status).toBe(200);
    expect((await register(server.url, '198.51.100.2')).status).toBe(200);
    const refused = await register(server.url, '198.51.100.3');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: expect.stringMatching(/^Too many registrations for this test; try again in \d+ s$/),
    });
    const other = allTests().find((test) => test.uuid !== testId)?.uuid as string;
    expect((await register(server.url, '198.51.100.3', other)).status).toBe(200);
  });
});

describe('the admin API', () => {
  it('has its own bucket: a flood of candidates does not lock the hiring company out', async () => {
    const server = await serve({ RATE_LIMIT_PER_MINUTE: '5' });
    const flood = await inParallel(Array.from({ length: 10 }), 10, () =>
      postJson(server.url, '/api/feedback', { unique: newSessionId() }, { key: null }).then(
        (response) => response.status,
      ),
    );
    expect(flood).toContain(429);
    const admin = await adminGet(server.url, '/api/admin/sessions');
    expect(admin.status).toBe(200);
  });
});
