import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_HTTPS_ONLY } from '@assessment/core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  feedback,
  type InProcessServer,
  newSessionId,
  postJson,
  registration,
  startServer,
  tempDataDir,
  testId,
} from './helpers.ts';
import { DAY, testClock } from './invitation-helpers.ts';
import { ReviewerBrowser, withReviewers } from './reviewer-helpers.ts';

const PUBLIC_URL = 'https://assess.example.com';
const ADMIN = 'hooks@lumenvault.example';
const REVIEWER = 'hooks-reader@lumenvault.example';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  event: { type: string; timestamp: string; data: Record<string, string | null> };
}

/**
 * The company's ATS, as far as the product can tell: a local HTTP server that checks every
 * request with `standardwebhooks`' own `verify` against the secret it was given, and answers 500
 * to the next `failNext` requests.
 */
async function startReceiver() {
  const received: Received[] = [];
  const state = { secret: '', failNext: 0, unverified: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        new Webhook(state.secret).verify(body, request.headers as Record<string, string>);
      } catch {
        state.unverified += 1;
        response.writeHead(401).end();
        return;
      }
      if (state.failNext > 0) {
        state.failNext -= 1;
        response.writeHead(500).end();
        return;
      }
      received.push({ headers: request.headers, body, event: JSON.parse(body) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    state,
    types: () => received.map((one) => one.event.type),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('signed webhooks to the company endpoint', () => {
  // Near the real time: a receiver refuses a signature whose timestamp is more than 5 minutes off its own clock.
  const clock = testClock();
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: InProcessServer;
  let admin: ReviewerBrowser;
  beforeAll(async () => {
    const dataDir = tempDataDir();
    await withReviewers(dataDir, [
      { companyId: 'lumenvault', email: ADMIN },
      { companyId: 'lumenvault', email: REVIEWER, role: 'reviewer' },
    ]);
    receiver = await startReceiver();
    server = await startServer({ DATA_DIR: dataDir, PUBLIC_URL, WEBHOOK_ALLOW_PRIVATE: 'true' }, { now: clock.now });
    admin = new ReviewerBrowser(server.url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
  });
  afterAll(async () => {
    await server.stop();
    await receiver.stop();
  });

  const send = () => server.app.deliverySender.runDue();

  it('signs every event, carries ids and review links but nothing the candidate wrote, and retries after a 500', async () => {
    const set = await admin.send('PUT', '/api/review/webhook', { url: receiver.url });
    expect(set.status).toBe(200);
    receiver.state.secret = set.body.secret as string;
    expect(receiver.state.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect((await admin.send('GET', '/api/review/webhook')).body).toEqual({ url: receiver.url });
    // A new address keeps the secret: it is shown only when made.
    expect((await admin.send('PUT', '/api/review/webhook', { url: receiver.url })).status).toBe(204);

    const invited = await admin.send('POST', `/api/review/tests/${testId}/invitations`, {
      email: 'hooked@mail.example',
      expiresAt: new Date(clock.now() + 7 * DAY).toISOString(),
    });
    expect(invited.status).toBe(201);
    await send();
    expect(receiver.types()).toEqual(['invitation.created']);
    expect(receiver.received[0]?.event.data).toEqual({
      testId,
      invitationId: invited.body.invitationId,
      expiresAt: invited.body.expiresAt,
      reviewUrl: `${PUBLIC_URL}/review/tests/${testId}`,
    });
    expect(receiver.received[0]?.body).not.toContain('hooked@mail.example');

    receiver.state.failNext = 1;
    const unique = newSessionId();
    expect((await postJson(server.url, '/api/now-assessment', registration(unique))).status).toBe(200);
    await send();
    expect(receiver.types()).toEqual(['invitation.created']);
    const log = async () =>
      (
        (await admin.send('GET', '/api/review/deliveries')).body.deliveries as {
          event: string;
          state: string;
          lastStatus: number | null;
        }[]
      ).find((one) => one.event === 'assessment.started');
    expect(await log()).toMatchObject({ state: 'queued', lastStatus: 500 });
    clock.advance(30_000);
    await send();
    expect(receiver.types()).toEqual(['invitation.created', 'assessment.started']);
    expect(await log()).toMatchObject({ state: 'sent', lastStatus: 204 });
    expect(receiver.received[1]?.event.data).toEqual({
      testId,
      sessionId: unique,
      invitationId: null,
      reviewUrl: `${PUBLIC_URL}/review/candidates/${unique}`,
    });

    expect((await postJson(server.url, '/api/feedback', feedback(unique))).status).toBe(200);
    expect(
      (await admin.send('PUT', `/api/review/candidates/${unique}/stage`, { from: 'new', stage: 'advance' })).status,
    ).toBe(200);
    await send();
    expect(receiver.types().slice(2)).toEqual(['assessment.finished', 'candidate.stage_changed']);
    expect(receiver.received[3]?.event.data).toMatchObject({ sessionId: unique, from: 'new', to: 'advance' });
    expect(receiver.received.map((one) => one.body).join('')).not.toContain('Clear questions.');

    // After a rotation only the new secret verifies.
    const rotated = await admin.send('POST', '/api/review/webhook/rotate');
    expect(rotated.body.secret).not.toBe(receiver.state.secret);
    receiver.state.secret = rotated.body.secret as string;
    expect((await admin.send('DELETE', `/api/review/candidates/${unique}`)).status).toBe(204);
    await send();
    expect(receiver.types().at(-1)).toBe('candidate.erased');
    expect(receiver.received.at(-1)?.event.data).toMatchObject({ sessionId: unique, reason: 'request' });
    expect(receiver.state.unverified).toBe(0);
    const ids = receiver.received.map((one) => one.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);

    // The endpoint's path may carry the receiver's token: a reviewer who is not an admin reads its origin alone.
    const recipients = async (who: ReviewerBrowser) =>
      new Set(
        ((await who.send('GET', '/api/review/deliveries')).body.deliveries as { kind: string; recipient: string }[])
          .filter((one) => one.kind === 'webhook')
          .map((one) => one.recipient),
      );
    const reviewer = new ReviewerBrowser(server.url);
    expect((await reviewer.signIn(REVIEWER)).status).toBe(204);
    expect(await recipients(admin)).toEqual(new Set([receiver.url]));
    expect(await recipients(reviewer)).toEqual(new Set([`${new URL(receiver.url).origin}/…`]));
  });

  it('sends a signed test event at once, and says how the endpoint answered', async () => {
    const set = await admin.send('PUT', '/api/review/webhook', { url: receiver.url });
    if (set.status === 200) receiver.state.secret = set.body.secret as string;
    const before = receiver.received.length;
    expect(await admin.send('POST', '/api/review/webhook/test')).toMatchObject({
      status: 200,
      body: { delivered: true, status: 204, error: null },
    });
    expect(receiver.received.slice(before).map((one) => one.event)).toEqual([
      { type: 'webhook.test', timestamp: expect.any(String), data: { reviewUrl: `${PUBLIC_URL}/review/` } },
    ]);
    receiver.state.failNext = 1;
    expect((await admin.send('POST', '/api/review/webhook/test')).body).toEqual({
      delivered: false,
      status: 500,
      error: 'answered 500',
    });
    // Nothing is queued for a test: the log holds the company's real events only.
    const logged = (await admin.send('GET', '/api/review/deliveries')).body.deliveries as { event: string | null }[];
    expect(logged.map((one) => one.event)).not.toContain('webhook.test');

    const reviewer = new ReviewerBrowser(server.url);
    expect((await reviewer.signIn(REVIEWER)).status).toBe(204);
    expect((await reviewer.send('POST', '/api/review/webhook/test')).status).toBe(403);
  });
});

describe('without the operator setting', () => {
  it('refuses to call a loopback address, and says why in the log', async () => {
    const dataDir = tempDataDir();
    await withReviewers(dataDir, [{ companyId: 'lumenvault', email: ADMIN }]);
    const receiver = await startReceiver();
    const server = await startServer({ DATA_DIR: dataDir, PUBLIC_URL });
    try {
      const admin = new ReviewerBrowser(server.url);
      expect((await admin.signIn(ADMIN)).status).toBe(204);
      // Plain http is refused here: it is for the operator's private targets only.
      expect(await admin.send('PUT', '/api/review/webhook', { url: receiver.url })).toMatchObject({
        status: 400,
        body: { error: WEBHOOK_HTTPS_ONLY },
      });
      const loopback = `https://127.0.0.1:${new URL(receiver.url).port}/hooks`;
      receiver.state.secret = (await admin.send('PUT', '/api/review/webhook', { url: loopback })).body.secret as string;
      const tested = (await admin.send('POST', '/api/review/webhook/test')).body;
      expect(tested).toMatchObject({ delivered: false, status: null });
      expect(tested.error).toMatch(/private IP address/);
      await admin.send('POST', `/api/review/tests/${testId}/invitations`, {
        email: 'private@mail.example',
        expiresAt: new Date(Date.now() + DAY).toISOString(),
      });
      await server.app.deliverySender.runDue();
      expect(receiver.received).toEqual([]);
      const logged = (await admin.send('GET', '/api/review/deliveries')).body.deliveries as {
        event: string | null;
        lastError: string;
      }[];
      const hook = logged.find((one) => one.event === 'invitation.created');
      expect(hook).toMatchObject({ event: 'invitation.created' });
      expect(hook?.lastError).toMatch(/private IP address/);
    } finally {
      await server.stop();
      await receiver.stop();
    }
  });
});
