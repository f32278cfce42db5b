import { createOutbox, memoryStorage, OUTBOX_STORAGE_KEY, type Outbox, type OutboxDeps } from '@assessment/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminSession,
  answers,
  feedback,
  freePort,
  type InProcessServer,
  keyHeaders,
  newSessionId,
  quizComplete,
  registered,
  registration,
  startServer,
} from './helpers.ts';

/**
 * The outbox against the real server: an in-memory Storage stands in for localStorage and the real
 * fetch goes over HTTP. Only the log is collected, to check what the console would show. What the
 * outbox does on its own, with no server answering, is tested beside it in @assessment/core.
 */

const servers: InProcessServer[] = [];
const outboxes: Outbox[] = [];

afterEach(async () => {
  for (const outbox of outboxes.splice(0)) outbox.stop();
  for (const server of servers.splice(0)) await server.stop();
});

function collectLog() {
  const lines = { error: [] as string[], warn: [] as string[] };
  return {
    lines,
    log: {
      error: (message: string) => lines.error.push(message),
      warn: (message: string) => lines.warn.push(message),
    },
  };
}

function outboxFor(base: string, overrides: Partial<OutboxDeps> = {}): Outbox {
  const outbox = createOutbox({
    storage: memoryStorage(),
    fetch,
    baseUrl: () => `${base}/api`,
    log: collectLog().log,
    ...overrides,
  });
  outboxes.push(outbox);
  return outbox;
}

async function serve(env: Record<string, string> = {}): Promise<InProcessServer> {
  const server = await startServer(env);
  servers.push(server);
  return server;
}

function waitForEmpty(outbox: Outbox, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (outbox.pendingCount() === 0) return resolve();
    const timer = setTimeout(() => reject(new Error(`still ${outbox.pendingCount()} pending`)), timeoutMs);
    const unsubscribe = outbox.subscribe((pending) => {
      if (pending > 0) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    });
  });
}

describe('outbox', () => {
  it('delivers a call and forgets it once the server acknowledges it', async () => {
    const server = await serve();
    const storage = memoryStorage();
    const outbox = outboxFor(server.url, { storage });
    const unique = newSessionId();
    const counts: number[] = [];
    outbox.subscribe((pending) => counts.push(pending));

    outbox.enqueue({ path: '/now-assessment', body: registration(unique), headers: keyHeaders(unique) });
    await waitForEmpty(outbox, 5000);

    expect(counts).toEqual([1, 0]);
    expect(JSON.parse(storage.getItem(OUTBOX_STORAGE_KEY) ?? 'null')).toEqual([]);
    expect((await adminSession(server.url, unique)).registration?.email).toBe('ada@mail.example');
  });

  it('keeps calls while the server is unreachable, across a reload, and delivers them when it is back', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const storage = memoryStorage();
    const { lines, log } = collectLog();
    const unique = newSessionId();

    const firstPage = outboxFor(base, { storage, log });
    firstPage.enqueue({ path: '/now-assessment', body: registration(unique), headers: keyHeaders(unique) });
    firstPage.enqueue({ path: '/video-just', body: quizComplete(unique), headers: keyHeaders(unique) });
    await firstPage.flush();
    expect(firstPage.pendingCount()).toBe(2);
    expect(lines.warn[0]).toMatch(/did not reach the server/);
    firstPage.stop();

    // A new page on the same storage finds both calls waiting, oldest first.
    const secondPage = outboxFor(base, { storage, log, random: () => 0 });
    expect(secondPage.pendingCount()).toBe(2);
    await secondPage.flush();
    expect(secondPage.pendingCount()).toBe(2);

    // No flush from here on: the backoff timer alone must deliver once the server is up.
    const server = await serve({ PORT: String(port) });
    await waitForEmpty(secondPage, 10_000);
    const session = await adminSession(server.url, unique);
    expect(session.registration?.fullName).toBe('Ada Lovelace');
    expect(session.quizCompletedAt).toEqual(expect.any(String));
  });

  it('drops a call the server refuses (4xx) with a console error instead of retrying it forever', async () => {
    const server = await serve();
    const { lines, log } = collectLog();
    const outbox = outboxFor(server.url, { log });
    const unique = await registered(server.url);
    outbox.enqueue({ path: '/feedback', body: feedback(unique, { data: 'zzzz9999' }), headers: keyHeaders(unique) });
    await outbox.flush();
    expect(outbox.pendingCount()).toBe(0);
    expect(lines.error).toEqual(['Outbox: the server refused POST /feedback (400): Unknown invitation "zzzz9999"']);
  });

  it('remembers, across a reload, that a call was refused, so no screen claims it arrived', async () => {
    const server = await serve();
    const storage = memoryStorage();
    const outbox = outboxFor(server.url, { storage });
    expect(outbox.refusedCount()).toBe(0);
    const unique = await registered(server.url);
    outbox.enqueue({ path: '/feedback', body: feedback(unique, { data: 'zzzz9999' }), headers: keyHeaders(unique) });
    await outbox.flush();
    expect(outbox.refusedCount()).toBe(1);
    expect(outboxFor(server.url, { storage }).refusedCount()).toBe(1);
  });

  it('keeps a rate-limited call (429) for a later try', async () => {
    const server = await serve({ RATE_LIMIT_PER_MINUTE: '1' });
    const { lines, log } = collectLog();
    const outbox = outboxFor(server.url, { log });
    const unique = newSessionId();
    outbox.enqueue({ path: '/now-assessment', body: registration(unique), headers: keyHeaders(unique) });
    outbox.enqueue({ path: '/video-just', body: quizComplete(unique), headers: keyHeaders(unique) });
    outbox.enqueue({ path: '/feedback', body: feedback(unique), headers: keyHeaders(unique) });
    await outbox.flush();
    expect(outbox.pendingCount()).toBe(1);
    expect(lines.warn.length).toBeGreaterThan(0);
    expect(new Set(lines.warn)).toEqual(new Set(['Outbox: POST /feedback answered 429; it will be retried']));
    expect(lines.error).toEqual([]);
  });

  it("sends a session's calls in order: none overtakes its registration, on page hide or after a 429", async () => {
    const server = await serve({ REGISTRATIONS_PER_IP_PER_HOUR: '1' });
    const { lines, log } = collectLog();
    await registered(server.url);
    const outbox = outboxFor(server.url, { log });
    const unique = newSessionId();
    const call = (path: string, body: { unique: string }) => ({
      path,
      body,
      headers: keyHeaders(unique),
      sequence: unique,
    });
    outbox.enqueue(call('/now-assessment', registration(unique)));
    outbox.enqueue(call('/answers', answers(unique)));
    outbox.enqueue(call('/feedback', feedback(unique)));
    outbox.flushOnPageHide();
    await outbox.flush();
    // The registration waits for its limit; nothing of the session went ahead of it and was refused.
    expect(outbox.pendingCount()).toBe(3);
    expect(outbox.refusedCount()).toBe(0);
    expect(lines.error).toEqual([]);
    expect(new Set(lines.warn)).toEqual(new Set(['Outbox: POST /now-assessment answered 429; it will be retried']));
  });

  it('loses nothing when two copies of the client share one storage (two tabs, or a remote with its own copy)', async () => {
    const port = await freePort();
    const storage = memoryStorage();
    const first = outboxFor(`http://127.0.0.1:${port}`, { storage });
    const second = outboxFor(`http://127.0.0.1:${port}`, { storage });
    const unique = newSessionId();
    first.enqueue({ path: '/now-assessment', body: registration(unique), headers: keyHeaders(unique) });
    second.enqueue({ path: '/feedback', body: feedback(unique), headers: keyHeaders(unique) });
    first.enqueue({ path: '/video-just', body: quizComplete(unique), headers: keyHeaders(unique) });
    await Promise.all([first.flush(), second.flush()]);
    expect(JSON.parse(storage.getItem(OUTBOX_STORAGE_KEY) ?? '[]').map((item: { path: string }) => item.path)).toEqual([
      '/now-assessment',
      '/feedback',
      '/video-just',
    ]);

    const server = await serve({ PORT: String(port) });
    await first.flush();
    expect(second.pendingCount()).toBe(0);
    const session = await adminSession(server.url, unique);
    expect(session.feedback?.stars).toBe(5);
    expect(session.quizCompletedAt).toEqual(expect.any(String));
  });

  it('still delivers when storage is full (QuotaExceededError)', async () => {
    const server = await serve();
    const outbox = outboxFor(server.url, { storage: memoryStorage(50) });
    const unique = newSessionId();
    outbox.enqueue({ path: '/now-assessment', body: registration(unique), headers: keyHeaders(unique) });
    expect(outbox.pendingCount()).toBe(1);
    await waitForEmpty(outbox, 5000);
    expect((await adminSession(server.url, unique)).registration).not.toBeNull();
  });

  it('sends small calls with fetch keepalive on page hide, large ones without', async () => {
    const server = await serve();
    const keepalive = new Map<string, boolean | undefined>();
    const recordingFetch: typeof fetch = (input, init) => {
      keepalive.set(new URL(String(input)).pathname, init?.keepalive);
      return fetch(input, init);
    };
    const storage = memoryStorage();
    // Queued by a page that could not reach the server.
    const offline = outboxFor(`http://127.0.0.1:${await freePort()}`, { storage });
    const unique = newSessionId();
    offline.enqueue({
      path: '/now-assessment',
      body: registration(unique),
      headers: keyHeaders(unique),
      sequence: unique,
    });
    const image = `<p><img src="data:image/png;base64,${'A'.repeat(80_000)}"></p>`;
    offline.enqueue({
      path: '/answers',
      body: answers(unique, { answers: [image, '', ''] }),
      headers: keyHeaders(unique),
      sequence: unique,
    });
    await offline.flush();
    offline.stop();

    const page = outboxFor(server.url, { storage, fetch: recordingFetch });
    page.flushOnPageHide();
    await waitForEmpty(page, 5000);
    expect(keepalive.get('/api/now-assessment')).toBe(true);
    expect(keepalive.get('/api/answers')).toBe(false);
    expect((await adminSession(server.url, unique)).answers?.html[0]).toContain('data:image/png;base64,');
  });
});
