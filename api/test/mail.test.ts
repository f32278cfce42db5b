import fs from 'node:fs';
import path from 'node:path';
import { getTest } from '@assessment/core';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storesBeside } from './databases.ts';
import {
  answers,
  feedback,
  type InProcessServer,
  newSessionId,
  postJson,
  registration,
  spawnServer,
  startServer,
  tempDataDir,
  testId,
} from './helpers.ts';
import { asOperator, DAY, invite, MINUTE, registerWith, testClock } from './invitation-helpers.ts';
import { startMailSink } from './mail-sink.ts';

const test = getTest(testId);
if (!test) throw new Error('The sample test is missing from the catalogue');
const PUBLIC_URL = 'https://assess.example.com';

/** Every plain-text line, so a check reads like what the candidate reads. */
const lines = (text: string | undefined) => (text ?? '').split('\n');

describe('emails through a real SMTP server', () => {
  const clock = testClock(Date.parse('2026-03-02T09:00:00Z'));
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  let server: InProcessServer;
  beforeAll(async () => {
    sink = await startMailSink();
    server = await startServer(
      { SMTP_URL: sink.url, PUBLIC_URL, MAIL_FROM: 'hiring@assess.example.com' },
      { now: clock.now },
    );
  });
  afterAll(async () => {
    await server.stop();
    await sink.stop();
  });

  it('a personal invitation emails its candidate the link, the expiry and the extra time, once', async () => {
    const invitation = await invite(server.url, clock.now(), {
      email: 'grace@mail.example',
      name: 'Grace Hopper',
      extraTimePercent: 50,
    });
    await server.app.deliverySender.runDue();
    await server.app.deliverySender.runDue();

    const [mail, ...more] = sink.to('grace@mail.example');
    expect(more).toEqual([]);
    expect(mail?.parsed.subject).toBe(`Your assessment for ${test.roleName} at ${test.companyName}`);
    expect(mail?.parsed.from?.value).toEqual([{ name: test.companyName, address: 'hiring@assess.example.com' }]);
    const text = lines(mail?.parsed.text);
    expect(text).toContain('Hello Grace Hopper,');
    expect(text).toContain(`Open your assessment: ${PUBLIC_URL}/invite/${testId}-${invitation.token}`);
    expect(text.join(' ')).toContain('which includes 50 % extra time given to you');
    expect(text.join(' ')).toContain('The link works until Monday, 9 March 2026 at 09:00 UTC.');
    expect(mail?.parsed.html).toContain(`<a href="${PUBLIC_URL}/invite/${testId}-${invitation.token}">`);
    expect(mail?.parsed.html).toContain('<html lang="en">');
    expect(mail?.parsed.attachments).toEqual([]);
  });

  it('a mail server that refuses for a while gets the message again later, with backoff, and once', async () => {
    sink.refuseNext(2);
    await invite(server.url, clock.now(), { email: 'busy@mail.example' });
    await server.app.deliverySender.runDue();
    expect(sink.to('busy@mail.example')).toEqual([]);
    // Not before its time: 30 s after the first refusal, then a minute after the second.
    await server.app.deliverySender.runDue();
    clock.advance(30_000);
    await server.app.deliverySender.runDue();
    expect(sink.to('busy@mail.example')).toEqual([]);
    clock.advance(MINUTE);
    await server.app.deliverySender.runDue();
    expect(sink.to('busy@mail.example')).toHaveLength(1);
  });

  it('a revoked invitation whose email had not gone out yet is not sent', async () => {
    sink.refuseNext(1);
    const invitation = await invite(server.url, clock.now(), { email: 'revoked@mail.example' });
    await server.app.deliverySender.runDue();
    const revoked = await asOperator(server.url, 'POST', `/api/admin/invitations/${invitation.invitationId}/revoke`);
    expect(revoked.status).toBe(200);
    clock.advance(MINUTE);
    await server.app.deliverySender.runDue();
    expect(sink.to('revoked@mail.example')).toEqual([]);
  });

  it('a candidate who finishes gets a receipt of what the company received, and when', async () => {
    const unique = newSessionId();
    const email = 'receipt@mail.example';
    expect((await postJson(server.url, '/api/now-assessment', registration(unique, { email }))).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(unique, { final: true }))).status).toBe(200);
    expect((await postJson(server.url, '/api/video-skip', { unique, data: testId, reason: 'No camera' })).status).toBe(
      200,
    );
    expect((await postJson(server.url, '/api/feedback', feedback(unique))).status).toBe(200);
    // The feedback sent again by the browser's outbox sends no second receipt.
    expect((await postJson(server.url, '/api/feedback', feedback(unique))).status).toBe(200);
    await server.app.deliverySender.runDue();

    const [mail, ...more] = sink.to(email);
    expect(more).toEqual([]);
    expect(mail?.parsed.subject).toBe(`What ${test.companyName} received from your assessment`);
    const text = lines(mail?.parsed.text);
    expect(text).toContain('Hello Ada Lovelace,');
    expect(text.some((line) => /^- Registration: Received at Monday, 2 March 2026 at 09:\d\d UTC\.$/.test(line))).toBe(
      true,
    );
    expect(text.some((line) => /^- Answers: Submitted at .+ UTC, when you chose Complete\.$/.test(line))).toBe(true);
    expect(
      text.some((line) => /^- Video introduction: No video: you continued without one at .+ UTC\.$/.test(line)),
    ).toBe(true);
    expect(text.some((line) => /^- Feedback: Received at .+ UTC\.$/.test(line))).toBe(true);
  });
});

describe('emails with no mail server set up', () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL });
  });
  afterAll(() => server.stop());

  it('are written as .eml files under DATA_DIR/mail, and erasing the candidate removes them', async () => {
    const invitation = await invite(server.url, Date.now());
    await server.app.deliverySender.runDue();
    const mailDir = path.join(server.dataDir, 'mail');
    const files = fs.readdirSync(mailDir);
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(fs.readFileSync(path.join(mailDir, files[0] as string)));
    expect(parsed.subject).toBe(`Your assessment for ${test.roleName} at ${test.companyName}`);
    expect(parsed.text).toContain(`${PUBLIC_URL}/invite/${testId}-${invitation.token}`);

    const { status, unique } = await registerWith(server.url, invitation.token);
    expect(status).toBe(200);
    const erased = await asOperator(server.url, 'DELETE', `/api/admin/sessions/${unique}`);
    expect(erased.status).toBe(204);
    expect(fs.readdirSync(mailDir)).toEqual([]);
  });
});

describe('a message committed before the server dies', () => {
  it('is sent once the server runs again, and only once after a kill -9', { timeout: 60_000 }, async () => {
    const dataDir = tempDataDir();
    const sink = await startMailSink();
    try {
      // Committed with no server running: the invitation and its queued email, and nothing sent.
      const beside = await storesBeside({ DATA_DIR: dataDir });
      await beside.stores.invitations.createInvitation({
        invitationId: 'inv_killtest',
        testId,
        token: 'abcdefghijklmnopqrstuvwxyz',
        email: 'kill@mail.example',
        name: null,
        createdAt: Date.now(),
        expiresAt: Date.now() + DAY,
        extraTimePercent: 0,
      });
      await beside.close();

      const env = { SMTP_URL: sink.url, PUBLIC_URL };
      const first = await spawnServer(dataDir, env);
      await expect.poll(() => sink.to('kill@mail.example').length, { timeout: 10_000 }).toBe(1);
      await first.kill();
      const second = await spawnServer(dataDir, env);
      // Three looks of the sender (every 2 s) find nothing left to send.
      await new Promise((resolve) => setTimeout(resolve, 6000));
      await second.stop();
      expect(sink.to('kill@mail.example')).toHaveLength(1);
    } finally {
      await sink.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
