import type { RegistrationPayload } from '@assessment/core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminGet,
  answers,
  type InProcessServer,
  newSessionId,
  postJson,
  postJsonFrom,
  registration,
  startServer,
} from './helpers.ts';
import { invite } from './invitation-helpers.ts';

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

/** A registration sent from `address` (`postJsonFrom`). */
function registerFrom(url: string, address: string, overrides: Partial<RegistrationPayload> = {}) {
  const unique = newSessionId();
  return postJsonFrom(url, address, '/api/now-assessment', unique, registration(unique, overrides));
}

describe('registration limits', () => {
  it('limits each address and each address block, with a clear 429 and Retry-After', async () => {
    const server = await serve({ REGISTRATIONS_PER_IP_PER_HOUR: '3', REGISTRATIONS_PER_BLOCK_PER_HOUR: '5' });
    for (let index = 0; index < 3; index += 1) expect((await registerFrom(server.url, '127.0.0.2')).status).toBe(200);
    const byAddress = await registerFrom(server.url, '127.0.0.2');
    expect(byAddress.status).toBe(429);
    expect(Number(byAddress.headers['retry-after'])).toBeGreaterThan(0);
    expect(byAddress.body.error).toMatch(/^Too many registrations from this address; try again in \d+ s$/);
    for (let index = 0; index < 2; index += 1) expect((await registerFrom(server.url, '127.0.0.3')).status).toBe(200);
    const byBlock = await registerFrom(server.url, '127.0.0.4');
    expect(byBlock.status).toBe(429);
    expect(byBlock.body.error).toMatch(/^Too many registrations from this network; try again in \d+ s$/);
    // Another network is not held back by this one.
    expect((await registerFrom(server.url, '127.0.1.2')).status).toBe(200);
  });

  it('a flood from many addresses fills a test, yet a candidate from another network and a personal invitation get in', async () => {
    const server = await serve({ REGISTRATIONS_PER_TEST_PER_HOUR: '20' });
    const flooders = Array.from({ length: 8 }, (_, index) => `127.0.0.${index + 2}`);
    const statuses = await inParallel(
      flooders.flatMap((address) => Array.from({ length: 5 }, () => address)),
      8,
      async (address) => (await registerFrom(server.url, address)).status,
    );
    // The test's 20, then the 3 an hour a full test still takes from the flooders' one block.
    expect(statuses.filter((status) => status === 200)).toHaveLength(23);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
    const refused = await registerFrom(server.url, '127.0.0.9');
    expect(refused.body.error).toMatch(
      /^This test is taking many new candidates just now, and a few from each network/,
    );

    expect((await registerFrom(server.url, '127.0.1.5')).status).toBe(200);
    expect((await registerFrom(server.url, '127.0.2.5')).status).toBe(200);
    const invitation = await invite(server.url, Date.now());
    const personal = await registerFrom(server.url, '127.0.0.3', { invitation: invitation.token });
    expect(personal.status, JSON.stringify(personal.body)).toBe(200);
  });
});

describe('a personal invitation’s registration', () => {
  it('is never refused for what others at its address spent', async () => {
    const server = await serve({ RATE_LIMIT_PER_MINUTE: '5' });
    const invitation = await invite(server.url, Date.now());
    // Someone at the address spends its anonymous requests for the minute.
    const flood = [];
    for (let request = 0; request < 6; request += 1) {
      flood.push((await postJson(server.url, '/api/feedback', { unique: newSessionId() }, { key: null })).status);
    }
    expect(flood.at(-1)).toBe(429);
    const openLink = await registerFrom(server.url, '127.0.0.1');
    expect(openLink.status).toBe(429);
    expect(openLink.body.error).toMatch(/^Too many requests; try again in \d+ s$/);

    const personal = await registerFrom(server.url, '127.0.0.1', { invitation: invitation.token });
    expect(personal.status, JSON.stringify(personal.body)).toBe(200);
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
