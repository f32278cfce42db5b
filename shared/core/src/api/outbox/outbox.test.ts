import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../../store/safe-storage.ts';
import { createOutbox, OUTBOX_REFUSED_STORAGE_KEY, OUTBOX_STORAGE_KEY, type Outbox } from './outbox.ts';

/**
 * The outbox's own rules: where no server answers (a closed port on this machine refuses every
 * connection, as a server that is down does), and against a small HTTP server that gives the
 * answers whose handling is the outbox's alone. Delivery to the real API is tested in api/test.
 */

const outboxes: Outbox[] = [];
afterEach(() => {
  for (const outbox of outboxes.splice(0)) outbox.stop();
});

async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/api`;
}

describe('outbox, server down', () => {
  it('keeps only the newest waiting autosave of a session, and a submit stays a submit', async () => {
    const storage = memoryStorage();
    const baseUrl = await closedPortUrl();
    const outbox = createOutbox({ storage, fetch, baseUrl: () => baseUrl, log: { error() {}, warn() {} } });
    outboxes.push(outbox);
    const unique = 'session-1';
    const keepFinal = (older: unknown, newer: unknown) =>
      (older as { final: boolean }).final ? { ...(newer as object), final: true } : newer;
    for (const [revision, final] of [
      [1, false],
      [2, true],
      [3, false],
    ] as const) {
      outbox.enqueue({
        path: '/answers',
        body: { unique, revision, final },
        coalesceKey: `answers:${unique}`,
        merge: keepFinal,
      });
    }
    outbox.enqueue({
      path: '/answers',
      body: { unique: 'session-2', revision: 1, final: false },
      coalesceKey: 'answers:other',
    });
    await outbox.flush();

    const stored = JSON.parse(storage.getItem(OUTBOX_STORAGE_KEY) ?? '[]');
    expect(stored.map((item: { body: { revision: number; final: boolean } }) => item.body)).toEqual([
      expect.objectContaining({ unique, revision: 3, final: true }),
      expect.objectContaining({ revision: 1, final: false }),
    ]);
  });
});

/** A real HTTP server that answers every POST with the status it is set to, and counts the paths. */
async function answeringServer() {
  const received: string[] = [];
  let answer: { status: number; error: string; state?: string } = {
    status: 410,
    error: 'This invitation link has expired.',
    state: 'expired',
  };
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(request.url ?? '');
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      const { status, ...refusal } = answer;
      response.end(JSON.stringify(status < 300 ? { ok: true } : refusal));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  servers.push(server);
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    received,
    /** `state`: what a 410 names, as the API does (invitationGoneSchema). */
    answerWith(status: number, error = 'Refused', state?: string) {
      answer = state === undefined ? { status, error } : { status, error, state };
    },
  };
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

describe('outbox, server answering', () => {
  it('keeps a call answered 410, says so, and sends it when flushed after the server takes it again', async () => {
    const server = await answeringServer();
    const storage = memoryStorage();
    const gone: { path: string; sequence: string | undefined; reason: string; state: string | null }[] = [];
    let firstGone: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      firstGone = resolve;
    });
    const outbox = createOutbox({
      storage,
      fetch,
      baseUrl: () => server.baseUrl,
      log: { error() {}, warn() {} },
      onGone: (item, reason, state) => {
        gone.push({ path: item.path, sequence: item.sequence, reason, state });
        firstGone();
      },
    });
    outboxes.push(outbox);
    outbox.enqueue({ path: '/answers', body: { n: 1 }, sequence: 'session-1' });
    outbox.enqueue({ path: '/video-just', body: { n: 2 }, sequence: 'session-1' });
    await answered;
    // Time for a retry that must not come: the next one is minutes away.
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(gone).toEqual([
      { path: '/answers', sequence: 'session-1', reason: 'This invitation link has expired.', state: 'expired' },
    ]);
    // Kept in storage, not refused, and the session's later call waits behind it.
    expect(outbox.pendingCount()).toBe(2);
    expect(outbox.refusedCount()).toBe(0);
    expect(server.received).toEqual(['/api/answers']);

    server.answerWith(200);
    await outbox.flush();
    expect(server.received).toEqual(['/api/answers', '/api/answers', '/api/video-just']);
    expect(outbox.pendingCount()).toBe(0);
  });

  it('drops a call answered 410 for an erased session or a revoked link, which never open again', async () => {
    const server = await answeringServer();
    const storage = memoryStorage();
    const gone: string[] = [];
    const outbox = createOutbox({
      storage,
      fetch,
      baseUrl: () => server.baseUrl,
      log: { error() {}, warn() {} },
      onGone: (item, _reason, state) => gone.push(`${item.sequence} ${item.path} ${state}`),
    });
    outboxes.push(outbox);
    server.answerWith(410, 'The data of this assessment has been erased.', 'erased');
    outbox.enqueue({ path: '/feedback', body: {}, sequence: 'erased-session' });
    await outbox.flush();
    server.answerWith(410, 'This invitation link has been revoked.', 'revoked');
    outbox.enqueue({ path: '/answers', body: {}, sequence: 'revoked-session' });
    await outbox.flush();

    expect(gone).toEqual(['erased-session /feedback erased', 'revoked-session /answers revoked']);
    expect(outbox.pendingCount()).toBe(0);
    expect(storage.getItem(OUTBOX_STORAGE_KEY)).toBe('[]');
    expect([outbox.refusedCount('erased-session'), outbox.refusedCount('revoked-session')]).toEqual([1, 1]);
    await outbox.flush();
    expect(server.received).toEqual(['/api/feedback', '/api/answers']);
  });

  it('keeps a call answered 410 for an expired link, which may be extended', async () => {
    const server = await answeringServer();
    server.answerWith(410, 'This invitation link has expired.', 'expired');
    const outbox = createOutbox({
      storage: memoryStorage(),
      fetch,
      baseUrl: () => server.baseUrl,
      log: { error() {}, warn() {} },
    });
    outboxes.push(outbox);
    outbox.enqueue({ path: '/answers', body: {}, sequence: 'session-1' });
    await outbox.flush();
    expect([outbox.pendingCount('session-1'), outbox.refusedCount('session-1')]).toEqual([1, 0]);
  });

  it('drops a call refused for good and tells why', async () => {
    const server = await answeringServer();
    server.answerWith(409, 'This invitation link is already in use in another browser.');
    const refusals: { path: string; status: number; reason: string }[] = [];
    const outbox = createOutbox({
      storage: memoryStorage(),
      fetch,
      baseUrl: () => server.baseUrl,
      log: { error() {}, warn() {} },
      onRefused: (item, status, reason) => refusals.push({ path: item.path, status, reason }),
    });
    outboxes.push(outbox);
    outbox.enqueue({ path: '/now-assessment', body: {}, sequence: 'session-1' });
    await outbox.flush();
    expect(refusals).toEqual([
      { path: '/now-assessment', status: 409, reason: 'This invitation link is already in use in another browser.' },
    ]);
    expect(outbox.pendingCount()).toBe(0);
    expect(outbox.refusedCount()).toBe(1);
  });

  it("counts for a session only that session's waiting and refused calls, also those of a page before", async () => {
    const server = await answeringServer();
    server.answerWith(400, 'feedback: Invalid input');
    const storage = memoryStorage();
    const earlier = createOutbox({ storage, fetch, baseUrl: () => server.baseUrl, log: { error() {}, warn() {} } });
    outboxes.push(earlier);
    earlier.enqueue({ path: '/feedback', body: {}, sequence: 'earlier' });
    await earlier.flush();
    server.answerWith(503);
    earlier.enqueue({ path: '/answers', body: {}, sequence: 'earlier' });
    await earlier.flush();

    const outbox = createOutbox({ storage, fetch, baseUrl: () => server.baseUrl, log: { error() {}, warn() {} } });
    outboxes.push(outbox);
    outbox.enqueue({ path: '/feedback', body: {}, sequence: 'current' });
    await outbox.flush();
    expect([outbox.pendingCount(), outbox.refusedCount()]).toEqual([2, 1]);
    expect([outbox.pendingCount('earlier'), outbox.refusedCount('earlier')]).toEqual([1, 1]);
    expect([outbox.pendingCount('current'), outbox.refusedCount('current')]).toEqual([1, 0]);

    server.answerWith(200);
    await outbox.flush();
    expect([outbox.pendingCount('current'), outbox.refusedCount('current')]).toEqual([0, 0]);
  });

  it('forgets every call of an erased session, waiting or refused, and keeps those of another', async () => {
    const server = await answeringServer();
    const storage = memoryStorage();
    const outbox = createOutbox({ storage, fetch, baseUrl: () => server.baseUrl, log: { error() {}, warn() {} } });
    outboxes.push(outbox);
    server.answerWith(400, 'feedback: Invalid input');
    outbox.enqueue({ path: '/feedback', body: { text: 'erased' }, sequence: 'erased' });
    outbox.enqueue({ path: '/feedback', body: { text: 'other' }, sequence: 'other' });
    await outbox.flush();
    server.answerWith(503);
    outbox.enqueue({ path: '/answers', body: { text: 'erased' }, sequence: 'erased' });
    outbox.enqueue({ path: '/answers', body: { text: 'other' }, sequence: 'other' });
    await outbox.flush();

    expect(outbox.forgetSession('erased')).toBe(true);
    expect([outbox.pendingCount('erased'), outbox.refusedCount('erased')]).toEqual([0, 0]);
    expect([outbox.pendingCount('other'), outbox.refusedCount('other')]).toEqual([1, 1]);
    for (const key of [OUTBOX_STORAGE_KEY, OUTBOX_REFUSED_STORAGE_KEY])
      expect(storage.getItem(key)).not.toContain('erased');
  });
});
