import { memoryStorage } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminSession,
  answers,
  deviceCheck,
  feedback,
  freePort,
  type InProcessServer,
  keyOf,
  newSessionId,
  registered,
  registration,
  startServer,
} from './helpers.ts';

/**
 * The browser client as the shell and remotes use it, with the page stood in for by event targets,
 * an in-memory localStorage and Node's real fetch against a real server.
 */

const storage = memoryStorage();
const page = Object.assign(new EventTarget(), { localStorage: storage });
const documentStub = Object.assign(new EventTarget(), { visibilityState: 'visible' });
vi.stubGlobal('window', page);
vi.stubGlobal('document', documentStub);
// Offline retries are logged on purpose; here they would only bury the test report.
vi.spyOn(console, 'warn').mockImplementation(() => undefined);
vi.spyOn(console, 'error').mockImplementation(() => undefined);
const client = await import('@assessment/react');
const { sessionStore } = await import('@assessment/react');

/** This page's candidate: a session id and its key, as "Agree & start" stores them. */
function candidate(): string {
  const unique = newSessionId();
  sessionStore.getState().update({ sessionId: unique, sessionKey: keyOf(unique) });
  return unique;
}

let server: InProcessServer;
let unreachable: string;

beforeAll(async () => {
  server = await startServer();
  unreachable = `http://127.0.0.1:${await freePort()}/api`;
});
afterAll(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await server.stop();
});

/** Resolves once no call of session `unique` waits any more. */
function whenEmpty(unique: string): Promise<void> {
  return new Promise((resolve) => {
    if (client.pendingOutboxCount(unique) === 0) return resolve();
    const unsubscribe = client.subscribeOutbox(() => {
      if (client.pendingOutboxCount(unique) === 0) {
        unsubscribe();
        resolve();
      }
    });
  });
}

function queued(): { path: string; body: { revision?: number; final?: boolean } }[] {
  return JSON.parse(storage.getItem('outbox') ?? '[]');
}

describe('API client', () => {
  it('sends through the outbox to the configured base URL', async () => {
    client.configureApi({ baseUrl: `${server.url}/api/` });
    const unique = candidate();
    client.postRegistration(registration(unique));
    client.postFeedback(feedback(unique));
    await client.flushOutbox();
    expect(client.pendingOutboxCount(unique)).toBe(0);
    const session = await adminSession(server.url, unique);
    expect(session.registration).not.toBeNull();
    expect(session.feedback?.stars).toBe(5);
  });

  it('answers the device check, or null when the server cannot be reached', async () => {
    const unique = await registered(server.url, candidate());
    expect(await client.postDeviceCheck(deviceCheck(unique))).toEqual({ result: true });
    client.configureApi({ baseUrl: unreachable });
    expect(await client.postDeviceCheck(deviceCheck(unique, { checkId: 'again' }))).toBeNull();
  });

  it('keeps one growing, still-final answers save while offline, and sends it when the browser is back online', async () => {
    client.configureApi({ baseUrl: unreachable });
    client.startOutbox();
    const unique = candidate();
    client.postRegistration(registration(unique));
    const { revision: _revision, savedAt: _savedAt, ...draft } = answers(unique);
    const before = Date.now();
    client.saveAnswers({ ...draft, final: true });
    client.saveAnswers({ ...draft, final: false, revision: 1 });
    await client.flushOutbox();

    const waiting = queued().filter((item) => item.path === '/answers');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.body.final).toBe(true);
    expect(waiting[0]?.body.revision).toBeGreaterThan(before);

    client.configureApi({ baseUrl: `${server.url}/api` });
    page.dispatchEvent(new Event('online'));
    await whenEmpty(unique);
    expect((await adminSession(server.url, unique)).answers).toMatchObject({ final: true });
  });

  it('flushes when the page is hidden', async () => {
    client.configureApi({ baseUrl: unreachable });
    const unique = candidate();
    client.postRegistration(registration(unique));
    await client.flushOutbox();
    expect(client.pendingOutboxCount(unique)).toBe(1);

    client.configureApi({ baseUrl: `${server.url}/api` });
    documentStub.visibilityState = 'hidden';
    documentStub.dispatchEvent(new Event('visibilitychange'));
    await whenEmpty(unique);
    expect((await adminSession(server.url, unique)).registration).not.toBeNull();
  });

  it('sends no key for a session this page does not hold, and the server refuses the write', async () => {
    client.configureApi({ baseUrl: `${server.url}/api` });
    const unique = await registered(server.url);
    candidate();
    expect(client.sessionKeyHeaders(unique)).toEqual({});
    client.postFeedback(feedback(unique));
    await client.flushOutbox();
    expect(client.refusedOutboxCount(unique)).toBe(1);
    expect((await adminSession(server.url, unique)).feedback).toBeNull();
  });
});
