import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { companyIdOf, getTest, type TestDefinition } from '@assessment/core';
import { describe, expect, it, vi } from 'vitest';
import { STOP_WAIT_MS } from '../src/mail/delivery-sender.ts';
import { storesBeside, TEST_DATABASES } from './databases.ts';
import { newSessionId, postJson, registration, startServer, tempDataDir, testId } from './helpers.ts';

const X = companyIdOf(getTest(testId) as TestDefinition);
const SECRET = 'whsec_c2h1dGRvd25zaHV0ZG93bnNodXRkb3du';
/** How long the endpoint takes to answer: the shutdown starts while the first event waits for it. */
const ANSWER_MS = 1500;

/** An endpoint that answers 204 after `answerMs` (never, when null), and counts what it was sent. */
async function startSlowEndpoint(answerMs: number | null) {
  let requests = 0;
  const held = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    request.resume();
    requests += 1;
    held.add(response);
    if (answerMs !== null) setTimeout(() => response.writeHead(204).end(), answerMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    requests: () => requests,
    stop() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(TEST_DATABASES)('stopping the server while a message is sending ($name)', (database) => {
  /** A server whose company X has a webhook endpoint, and two of X's events queued; its errors are caught. */
  async function serverWithTwoEvents(env: { DATA_DIR: string; DATABASE_URL?: string }, url: string) {
    const beside = await storesBeside(env);
    await beside.stores.deliveries.setWebhookEndpoint(X, url, SECRET, Date.now());
    await beside.close();
    const server = await startServer({ ...env, WEBHOOK_ALLOW_PRIVATE: 'true' });
    const errors = vi.spyOn(server.app.log, 'error');
    // Two of X's events: one lane per company, so the second waits behind the first on this instance.
    for (const unique of [newSessionId(), newSessionId()]) {
      expect((await postJson(server.url, '/api/now-assessment', registration(unique))).status).toBe(200);
    }
    return { server, errors };
  }

  async function webhookRows(env: { DATA_DIR: string; DATABASE_URL?: string }) {
    const beside = await storesBeside(env);
    try {
      return await beside.reads
        .selectFrom('deliveries')
        .select(['state', 'attempts'])
        .where('kind', '=', 'webhook')
        .orderBy('created_at')
        .execute();
    } finally {
      await beside.close();
    }
  }

  it('takes no new message, waits for the one under way to be marked, then closes the database', {
    timeout: 30_000,
  }, async () => {
    const opened = await database.open();
    const endpoint = await startSlowEndpoint(ANSWER_MS);
    const env = { ...opened.env, DATA_DIR: tempDataDir() };
    try {
      const { server, errors } = await serverWithTwoEvents(env, endpoint.url);
      void server.app.deliverySender.runDue();
      await expect.poll(endpoint.requests, { timeout: 5000 }).toBe(1);
      await server.stop();
      // Time enough for a second send, had the first one's end started it as the database closed.
      await delay(ANSWER_MS + 500);
      expect(endpoint.requests()).toBe(1);
      expect(errors).not.toHaveBeenCalled();
      // Both events were queued in the same millisecond, so which one went first is not fixed: one of each.
      const rows = (await webhookRows(env)).map((row) => `${row.state} after ${Number(row.attempts)}`);
      expect(rows.sort()).toEqual(['queued after 0', 'sent after 1']);
    } finally {
      await endpoint.stop();
      await opened.drop();
    }
  });

  it('waits no longer than its cap for an endpoint that never answers, and leaves that message to be sent again', {
    timeout: 30_000,
  }, async () => {
    const opened = await database.open();
    const endpoint = await startSlowEndpoint(null);
    const env = { ...opened.env, DATA_DIR: tempDataDir() };
    try {
      const { server, errors } = await serverWithTwoEvents(env, endpoint.url);
      void server.app.deliverySender.runDue();
      await expect.poll(endpoint.requests, { timeout: 5000 }).toBe(1);
      const stopping = Date.now();
      await server.stop();
      expect(Date.now() - stopping).toBeLessThan(STOP_WAIT_MS + 2000);
      // Said once, in words; nothing about a closed database.
      expect(errors.mock.calls.map(([first]) => String((first as { err?: Error }).err?.message))).toEqual([
        'Stopped with 1 message(s) still sending: each is sent again once its claim runs out',
      ]);
      // Neither sent nor failed: claimed, and sent again once the claim runs out.
      expect((await webhookRows(env)).map((row) => row.state)).toEqual(['queued', 'queued']);
    } finally {
      await endpoint.stop();
      await opened.drop();
    }
  });
});
