import { companyIdOf, getTest, type TestDefinition } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GONE_TEST, leaveCatalogue, TEST_DATABASES } from './databases.ts';
import { answers, feedback, type InProcessServer, newSessionId, postJson, registration, testId } from './helpers.ts';
import { asOperator, DAY, HOUR, invite, testClock } from './invitation-helpers.ts';
import { startMailSink } from './mail-sink.ts';
import { ReviewerBrowser, reviewServer } from './reviewer-helpers.ts';

/**
 * What the database still holds of a test a deploy took out of the catalogue (the test, or its
 * whole company): its queued messages go no further, and the log says why; the operator still sees
 * and erases its invitations, while the company's reviewers no longer reach them.
 */

const companyId = companyIdOf(getTest(testId) as TestDefinition);
const ADMIN = 'catalogue-admin@lumenvault.example';
const PUBLIC_URL = 'https://assess.example.com';

describe.each(TEST_DATABASES)('a test no longer in the catalogue ($name)', (database) => {
  const clock = testClock(Date.parse('2026-06-01T08:00:00Z'));
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  let server: InProcessServer;
  let env: Parameters<typeof leaveCatalogue>[0];
  let close: () => Promise<void>;
  const admin = async () => {
    const browser = new ReviewerBrowser(server.url);
    expect((await browser.signIn(ADMIN)).status).toBe(204);
    return browser;
  };

  beforeAll(async () => {
    sink = await startMailSink();
    ({ server, env, close } = await reviewServer(
      database,
      [{ companyId, email: ADMIN, name: 'Admin', role: 'admin' }],
      { now: clock.now },
      { SMTP_URL: sink.url, PUBLIC_URL },
    ));
  });
  afterAll(async () => {
    await close();
    await sink.stop();
  });

  /** A candidate on the open link who finishes, so that their receipt is queued. */
  async function finished(email: string): Promise<string> {
    const unique = newSessionId();
    expect((await postJson(server.url, '/api/now-assessment', registration(unique, { email }))).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(unique, { final: true }))).status).toBe(200);
    const skipped = await postJson(server.url, '/api/video-skip', { unique, data: testId, reason: 'No camera' });
    expect(skipped.status).toBe(200);
    expect((await postJson(server.url, '/api/feedback', feedback(unique))).status).toBe(200);
    return unique;
  }

  it('drops a queued invitation, reminder and receipt as no longer offered, and sends none', async () => {
    // Sent at once; reminded once the company's 48 hours before its end have come.
    const reminded = await invite(server.url, clock.now(), {
      email: 'reminded@mail.example',
      expiresAt: new Date(clock.now() + 4 * DAY).toISOString(),
    });
    await server.app.deliverySender.runDue();
    clock.advance(2 * DAY + HOUR);
    // The mail server refuses the three first tries, so all are still queued when the deploy comes.
    sink.refuseNext(3);
    const invited = await invite(server.url, clock.now(), { email: 'invited@mail.example' });
    const receipted = await finished('receipt@mail.example');
    await server.app.periodicTasks.runDue();
    await server.app.deliverySender.runDue();
    expect(sink.to('invited@mail.example')).toEqual([]);

    await leaveCatalogue(env, {
      sessionIds: [receipted],
      invitationIds: [invited.invitationId, reminded.invitationId],
    });
    // Their next tries, now: on PostgreSQL a retry's job is handed out by the wall clock, which
    // `clock` is not, and finds its row not due yet; "Send again" makes them due by both.
    const reviewer = await admin();
    type Logged = { deliveryId: string; kind: string; recipient: string | null; state: string; lastError: string };
    const log = async () => (await reviewer.send('GET', '/api/review/deliveries')).body.deliveries as Logged[];
    const queued = (await log()).filter((one) => one.state === 'queued');
    expect(queued.map((one) => one.kind).sort()).toEqual(['invitation', 'receipt', 'reminder']);
    for (const one of queued) {
      const again = await reviewer.send('POST', `/api/review/deliveries/${one.deliveryId}/send-again`);
      expect(again.status).toBe(204);
    }
    await server.app.deliverySender.runDue();

    expect(sink.to('invited@mail.example')).toEqual([]);
    expect(sink.to('receipt@mail.example')).toEqual([]);
    expect(sink.to('reminded@mail.example')).toHaveLength(1);
    const logged = await log();
    const failed = logged.filter((one) => one.state === 'failed');
    // The receipt's recipient is hidden: the review page cannot tell whether a test it no longer has was blind.
    expect(failed.map(({ kind, recipient, lastError }) => ({ kind, recipient, lastError }))).toEqual(
      expect.arrayContaining([
        { kind: 'reminder', recipient: 'reminded@mail.example', lastError: 'the test is no longer offered' },
        { kind: 'invitation', recipient: 'invited@mail.example', lastError: 'the test is no longer offered' },
        { kind: 'receipt', recipient: null, lastError: 'the test is no longer offered' },
      ]),
    );
    expect(failed).toHaveLength(3);
  });

  it('lets the operator list, change, revoke and erase its invitations; the company’s reviewers reach none', async () => {
    const kept = await invite(server.url, clock.now(), { email: 'kept@mail.example' });
    const erased = await invite(server.url, clock.now(), { email: 'erased@mail.example' });
    await leaveCatalogue(env, { invitationIds: [kept.invitationId, erased.invitationId] });

    const listed = await asOperator(server.url, 'GET', `/api/admin/tests/${GONE_TEST}/invitations`);
    expect(listed.status).toBe(200);
    const emails = (listed.body.invitations as { email: string }[]).map((one) => one.email);
    expect(emails).toEqual(expect.arrayContaining(['kept@mail.example', 'erased@mail.example']));
    // An id neither the catalogue nor the database knows is still nothing.
    expect((await asOperator(server.url, 'GET', '/api/admin/tests/nosuch01/invitations')).status).toBe(404);

    const changed = await asOperator(server.url, 'PATCH', `/api/admin/invitations/${kept.invitationId}`, {
      extraTimePercent: 25,
    });
    expect(changed).toMatchObject({ status: 200, body: { extraTimePercent: 25 } });
    const revoked = await asOperator(server.url, 'POST', `/api/admin/invitations/${kept.invitationId}/revoke`);
    expect(revoked).toMatchObject({ status: 200, body: { state: 'revoked' } });
    expect((await asOperator(server.url, 'DELETE', `/api/admin/invitations/${erased.invitationId}`)).status).toBe(204);
    const after = await asOperator(server.url, 'GET', `/api/admin/tests/${GONE_TEST}/invitations`);
    const erasedNow = (after.body.invitations as { invitationId: string; email: string }[]).find(
      (one) => one.invitationId === erased.invitationId,
    );
    expect(erasedNow?.email).toBe('');

    const reviewer = await admin();
    expect((await reviewer.send('GET', `/api/review/tests/${GONE_TEST}/invitations`)).status).toBe(404);
    expect((await reviewer.send('POST', `/api/review/invitations/${kept.invitationId}/revoke`)).status).toBe(404);
    expect((await reviewer.send('DELETE', `/api/review/invitations/${kept.invitationId}`)).status).toBe(404);
  });
});
