import { sampleTestId } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DueDelivery } from '../../src/storage/db/database.ts';
import { SEND_AGAIN_AFTER_MS } from '../../src/storage/deliveries/delivery-store.ts';
import { CANDIDATE_EMAIL, newSessionId, testId } from '../helpers.ts';
import { type AllStores, backEnds, type DatabaseUnderTest, twoInstances } from './back-ends.ts';
import { feedbackOf, keyHashOf, ref, registrationOf } from './inputs.ts';

const HOLD = 5 * 60_000;
/**
 * Real time: where the database keeps a job queue (pg-boss on PostgreSQL), it decides what is due
 * by its own clock, so a test cannot move time for it.
 */
const t = Date.now();
const idsOf = (due: DueDelivery[]) => due.map((one) => one.deliveryId);
const byKind = (x: { kind: string }, y: { kind: string }) => x.kind.localeCompare(y.kind);

describe.each(backEnds)('the outward queue ($name)', (backEnd) => {
  let database: DatabaseUnderTest;
  let a: AllStores;
  let b: AllStores;
  beforeAll(async () => {
    database = await backEnd.createDatabase();
    [a, b] = await twoInstances(database);
  });
  afterAll(() => database.remove());

  const invitation = (invitationId: string, email: string) => ({
    invitationId,
    testId: sampleTestId,
    invitationToken: invitationId.padEnd(26, 'x').slice(0, 26),
    email,
    name: null,
    createdAt: t,
    expiresAt: t + 86_400_000,
    extraTimePercent: 0,
  });

  it('queues one email with each invitation, which one instance of many claims, and none while it is held', async () => {
    await a.createInvitation(invitation('inv_queue1', 'one@mail.example'));
    const [due] = idsOf(await b.dueDeliveries(t, 10, 2));
    expect(due).toBeDefined();
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, index) => (index % 2 ? a : b).claimDelivery(due as string, t, HOLD)),
    );
    const won = claims.filter((claim) => claim !== undefined);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ kind: 'invitation', recipient: 'one@mail.example', attempts: 1, state: 'queued' });
    expect(idsOf(await a.dueDeliveries(t + HOLD - 1, 10, 2))).not.toContain(due);

    await b.markSent(due as string, t + 1000);
    expect(idsOf(await a.dueDeliveries(t + 2 * HOLD, 10, 2))).not.toContain(due);
    const [logged] = await a.deliveriesOf('lumenvault', 10);
    expect(logged).toMatchObject({ deliveryId: due, state: 'sent', sentAt: t + 1000, lastError: null });
  });

  it('lets another instance send a message whose instance died, once its hold has passed', async () => {
    await a.createInvitation(invitation('inv_queue2', 'two@mail.example'));
    const due = (await a.deliveriesOf('lumenvault', 10)).find((one) => one.recipient === 'two@mail.example');
    const id = due?.deliveryId as string;
    expect(await a.claimDelivery(id, t, HOLD)).toBeDefined();
    expect(await b.claimDelivery(id, t + 5000, HOLD)).toBeUndefined();
    expect(await b.claimDelivery(id, t + HOLD, HOLD)).toMatchObject({ attempts: 2 });
  });

  it('retries a failed message when due, gives up when told to, and sends it again on request', async () => {
    await a.createInvitation(invitation('inv_queue3', 'three@mail.example'));
    const id = (await a.deliveriesOf('lumenvault', 10)).find((one) => one.recipient === 'three@mail.example')
      ?.deliveryId as string;
    const first = await a.dueDeliveries(Date.now(), 10, 2);
    expect(idsOf(first)).toContain(id);
    await a.claimDelivery(id, Date.now(), HOLD);
    const retryAt = Date.now() + 1500;
    await a.markFailed(id, 'Mailbox busy', retryAt);
    for (const attempt of first) await attempt.attempted();
    expect(idsOf(await b.dueDeliveries(Date.now(), 10, 2))).not.toContain(id);
    await new Promise((resolve) => setTimeout(resolve, retryAt + 200 - Date.now()));
    await expect.poll(async () => idsOf(await b.dueDeliveries(Date.now(), 10, 2)), { timeout: 5000 }).toContain(id);
    await b.claimDelivery(id, Date.now(), HOLD);
    await b.markFailed(id, 'Mailbox gone', null);
    expect(idsOf(await a.dueDeliveries(Date.now() + 10 * HOLD, 10, 2))).not.toContain(id);
    expect((await a.deliveriesOf('lumenvault', 10)).find((one) => one.deliveryId === id)).toMatchObject({
      state: 'failed',
      attempts: 2,
      lastError: 'Mailbox gone',
    });

    expect(await b.sendAgain('another-company', id, Date.now())).toBe('not-found');
    expect(await b.sendAgain('lumenvault', id, Date.now())).toBe('queued');
    expect(idsOf(await a.dueDeliveries(Date.now(), 10, 2))).toContain(id);
  });

  it('sends a message that went out again only once it went out a while ago', async () => {
    await a.createInvitation(invitation('inv_queue5', 'five@mail.example'));
    const id = (await a.deliveriesOf('lumenvault', 10)).find((one) => one.recipient === 'five@mail.example')
      ?.deliveryId as string;
    const sentAt = Date.now();
    await a.claimDelivery(id, sentAt, HOLD);
    await a.markSent(id, sentAt);
    expect(await b.sendAgain('lumenvault', id, sentAt + SEND_AGAIN_AFTER_MS - 1)).toBe('sent-lately');
    expect((await a.deliveriesOf('lumenvault', 10)).find((one) => one.deliveryId === id)).toMatchObject({
      state: 'sent',
    });
    expect(await b.sendAgain('lumenvault', id, sentAt + SEND_AGAIN_AFTER_MS)).toBe('queued');
  });

  it('queues no email for an invitation that could not be stored', async () => {
    await a.createInvitation(invitation('inv_queue4', 'four@mail.example'));
    await expect(b.createInvitation(invitation('inv_queue4', 'four@mail.example'))).rejects.toThrow();
    const logged = (await a.deliveriesOf('lumenvault', 50)).filter((one) => one.recipient === 'four@mail.example');
    expect(logged).toHaveLength(1);
  });

  it("queues the candidate's receipt and the company's event with the first feedback, and nothing with a repeat", async () => {
    const sessionId = newSessionId();
    await a.saveRegistration(ref(sessionId, t), keyHashOf(sessionId), registrationOf(sessionId), null, 'Female');
    const before = await a.demographicCounts(testId);
    await a.setWebhookEndpoint('lumenvault', 'https://hooks.lumenvault.example/assessment', 'whsec_c2VjcmV0', t);
    await a.saveFeedback(ref(sessionId, t + 1), feedbackOf(sessionId));
    await b.saveFeedback(ref(sessionId, t + 2), feedbackOf(sessionId));
    await a.removeWebhookEndpoint('lumenvault');

    const queued = (await a.deliveriesOf('lumenvault', 200)).filter((one) => one.sessionId === sessionId);
    expect(queued.map(({ kind, recipient, state, dueAt }) => ({ kind, recipient, state, dueAt })).sort(byKind)).toEqual(
      [
        { kind: 'receipt', recipient: CANDIDATE_EMAIL, state: 'queued', dueAt: t + 1 },
        { kind: 'webhook', recipient: 'https://hooks.lumenvault.example/assessment', state: 'queued', dueAt: t + 1 },
      ],
    );
    expect(JSON.parse(queued.find((one) => one.kind === 'webhook')?.payload ?? '')).toEqual({
      type: 'assessment.finished',
      timestamp: new Date(t + 1).toISOString(),
      data: { testId, sessionId },
    });
    // Each has its first attempt scheduled with it: an instance is handed both to send.
    const ids = queued.map((one) => one.deliveryId);
    const handed: string[] = [];
    await expect
      .poll(
        async () => {
          handed.push(...idsOf(await b.dueDeliveries(Date.now(), 50, 50)));
          return ids.filter((id) => handed.includes(id)).length;
        },
        { timeout: 5000 },
      )
      .toBe(2);
    const finished = (counts: typeof before) =>
      counts.filter((row) => row.gender === 'Female').reduce((sum, row) => sum + row.finished, 0);
    expect(finished(await a.demographicCounts(testId))).toBe(finished(before) + 1);
  });

  it("queues the company's event with a registration that opens its session, and nothing when it repeats", async () => {
    const sessionId = newSessionId();
    const before = await a.demographicCounts(testId);
    await a.setWebhookEndpoint('lumenvault', 'https://hooks.lumenvault.example/started', 'whsec_c2VjcmV0', t);
    await a.saveRegistration(ref(sessionId, t), keyHashOf(sessionId), registrationOf(sessionId), null, 'Other');
    await b.saveRegistration(ref(sessionId, t + 1), keyHashOf(sessionId), registrationOf(sessionId), null, 'Other');
    await a.removeWebhookEndpoint('lumenvault');

    const queued = (await a.deliveriesOf('lumenvault', 200)).filter((one) => one.sessionId === sessionId);
    expect(queued.map(({ kind, recipient, dueAt }) => ({ kind, recipient, dueAt }))).toEqual([
      { kind: 'webhook', recipient: 'https://hooks.lumenvault.example/started', dueAt: t },
    ]);
    expect(JSON.parse(queued[0]?.payload ?? '')).toEqual({
      type: 'assessment.started',
      timestamp: new Date(t).toISOString(),
      data: { testId, sessionId, invitationId: null },
    });
    const handed: string[] = [];
    await expect
      .poll(
        async () => {
          handed.push(...idsOf(await b.dueDeliveries(Date.now(), 50, 50)));
          return handed.includes(queued[0]?.deliveryId as string);
        },
        { timeout: 5000 },
      )
      .toBe(true);
    const registered = (counts: typeof before) =>
      counts.filter((row) => row.gender === 'Other').reduce((sum, row) => sum + row.registered, 0);
    expect(registered(await a.demographicCounts(testId))).toBe(registered(before) + 1);
    expect((await b.getSession(sessionId))?.registration?.payload).toMatchObject({
      fullName: registrationOf(sessionId).fullName,
    });
  });
});
