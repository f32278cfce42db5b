import fs from 'node:fs';
import path from 'node:path';
import { getTest } from '@assessment/core';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storesBeside, TEST_DATABASES } from './databases.ts';
import {
  answers,
  CANDIDATE_EMAIL,
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
import { asOperator, DAY, HOUR, invite, MINUTE, registerWith, testClock } from './invitation-helpers.ts';
import { startMailSink } from './mail-sink.ts';
import { ReviewerBrowser, withReviewers } from './reviewer-helpers.ts';

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
    // The open link: the name typed on the form is nobody's word, so the receipt does not repeat it.
    expect(text).toContain('Hello,');
    expect(mail?.parsed.text).not.toContain('Ada Lovelace');
    expect(text.some((line) => /^- Registration: Received at Monday, 2 March 2026 at 09:\d\d UTC\.$/.test(line))).toBe(
      true,
    );
    expect(text.some((line) => /^- Answers: Submitted at .+ UTC, when you chose Complete\.$/.test(line))).toBe(true);
    expect(
      text.some((line) => /^- Video introduction: No video: you continued without one at .+ UTC\.$/.test(line)),
    ).toBe(true);
    expect(text.some((line) => /^- Feedback: Received at .+ UTC\.$/.test(line))).toBe(true);
  });
  it('greets by name a candidate whose personal invitation named their email', async () => {
    const invitation = await invite(server.url, clock.now(), { email: CANDIDATE_EMAIL });
    const { unique, status } = await registerWith(server.url, invitation.token);
    expect(status).toBe(200);
    expect((await postJson(server.url, '/api/feedback', feedback(unique))).status).toBe(200);
    await server.app.deliverySender.runDue();
    const receipt = sink
      .to(CANDIDATE_EMAIL)
      .find((mail) => mail.parsed.subject === `What ${test.companyName} received from your assessment`);
    expect(lines(receipt?.parsed.text)).toContain('Hello Ada Lovelace,');
  });

  it('sends no receipt to a list of addresses typed as the email, and says why', async () => {
    const unique = newSessionId();
    const typed = 'first@victim.example, second@victim.example';
    expect((await postJson(server.url, '/api/now-assessment', registration(unique, { email: typed }))).status).toBe(
      200,
    );
    expect((await postJson(server.url, '/api/feedback', feedback(unique))).status).toBe(200);
    await server.app.deliverySender.runDue();

    expect(sink.to('first@victim.example')).toEqual([]);
    expect(sink.to('second@victim.example')).toEqual([]);
    const beside = await storesBeside({ DATA_DIR: server.dataDir });
    try {
      const receipt = (await beside.stores.deliveries.deliveriesOf('lumenvault', 50)).find(
        (delivery) => delivery.sessionId === unique && delivery.kind === 'receipt',
      );
      expect(receipt).toMatchObject({ state: 'failed', lastError: 'the email the candidate gave is not one address' });
    } finally {
      await beside.close();
    }
  });

  it('reminds a candidate who has not started, once, 48 hours before the link expires; nobody else', async () => {
    const inFiveDays = { expiresAt: new Date(clock.now() + 5 * DAY).toISOString() };
    const waiting = await invite(server.url, clock.now(), { ...inFiveDays, email: 'waiting@mail.example' });
    const revoked = await invite(server.url, clock.now(), { ...inFiveDays, email: 'gone@mail.example' });
    await asOperator(server.url, 'POST', `/api/admin/invitations/${revoked.invitationId}/revoke`);
    const started = await invite(server.url, clock.now(), inFiveDays);
    expect((await registerWith(server.url, started.token)).status).toBe(200);
    // Made with only 30 hours to go: a reminder would come right after the invitation itself.
    await invite(server.url, clock.now(), {
      expiresAt: new Date(clock.now() + 30 * HOUR).toISOString(),
      email: 'short@mail.example',
    });
    const reminders = () => sink.received.filter((mail) => mail.parsed.subject?.startsWith('Reminder:'));

    await server.app.periodicTasks.runDue();
    await server.app.deliverySender.runDue();
    expect(reminders()).toEqual([]);

    clock.advance(3 * DAY + HOUR);
    await server.app.periodicTasks.runDue();
    await server.app.deliverySender.runDue();
    clock.advance(HOUR);
    await server.app.periodicTasks.runDue();
    await server.app.deliverySender.runDue();
    expect(reminders().map((mail) => mail.to)).toEqual([['waiting@mail.example']]);
    const text = lines(reminders()[0]?.parsed.text);
    expect(reminders()[0]?.parsed.subject).toBe(
      `Reminder: your assessment for ${test.roleName} at ${test.companyName}`,
    );
    expect(text.join(' ')).toContain('You have not started it yet.');
    expect(text).toContain(`Open your assessment: ${PUBLIC_URL}/invite/${testId}-${waiting.token}`);
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

describe.each(TEST_DATABASES)('a message committed before the server dies ($name)', (database) => {
  it('is sent once the server runs again, and only once after a kill -9', { timeout: 60_000 }, async () => {
    const dataDir = tempDataDir();
    const sink = await startMailSink();
    const opened = await database.open();
    try {
      // Committed with no server running: the invitation and its queued email, and nothing sent.
      const beside = await storesBeside({ ...opened.env, DATA_DIR: dataDir });
      await beside.stores.invitations.createInvitation({
        invitationId: 'inv_killtest',
        testId,
        invitationToken: 'abcdefghijklmnopqrstuvwxyz',
        email: 'kill@mail.example',
        name: null,
        createdAt: Date.now(),
        expiresAt: Date.now() + DAY,
        extraTimePercent: 0,
      });
      await beside.close();

      const env = { ...opened.env, SMTP_URL: sink.url, PUBLIC_URL };
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
      await opened.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a list of candidates invited at once', () => {
  const clock = testClock(Date.parse('2026-05-04T10:00:00Z'));
  const ADMIN = 'admin@lumenvault.example';
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  let server: InProcessServer;
  let admin: ReviewerBrowser;
  beforeAll(async () => {
    const dataDir = tempDataDir();
    await withReviewers(dataDir, [{ companyId: 'lumenvault', email: ADMIN }]);
    sink = await startMailSink();
    server = await startServer({ DATA_DIR: dataDir, SMTP_URL: sink.url, PUBLIC_URL }, { now: clock.now });
    admin = new ReviewerBrowser(server.url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
  });
  afterAll(async () => {
    await server.stop();
    await sink.stop();
  });

  const bulk = (csv: string) =>
    admin.send('POST', `/api/review/tests/${testId}/invitations/bulk`, {
      csv,
      expiresAt: new Date(clock.now() + 3 * DAY).toISOString(),
    });

  it('refuses a list with a bad row, names each, and makes nothing; the fixed list invites and emails every row', async () => {
    const rows = [
      'email,name,extra time',
      'lin@mail.example,Lin Chen,',
      'not an email,Bad Row',
      'sam@mail.example,Sam Okafor,50 %',
    ];
    const refused = await bulk(rows.join('\n'));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: '1 row needs fixing; no invitation was made',
      rows: [{ line: 3, problem: '"not an email" is not an email address' }],
    });
    const listed = await admin.send('GET', `/api/review/tests/${testId}/invitations?limit=50`);
    expect((listed.body.invitations as { email: string }[]).map((one) => one.email)).toEqual([]);
    await server.app.deliverySender.runDue();
    expect(sink.received).toEqual([]);

    rows[2] = 'kim@mail.example,Kim Park,25';
    const made = await bulk(rows.join('\n'));
    expect(made.status).toBe(201);
    const invitations = made.body.invitations as { email: string; extraTimePercent: number; link: string }[];
    expect(invitations.map(({ email, extraTimePercent }) => [email, extraTimePercent])).toEqual([
      ['lin@mail.example', 0],
      ['kim@mail.example', 25],
      ['sam@mail.example', 50],
    ]);
    await server.app.deliverySender.runDue();
    for (const invitation of invitations) {
      const [mail, ...more] = sink.to(invitation.email);
      expect(more).toEqual([]);
      expect(mail?.parsed.subject).toBe(`Your assessment for ${test.roleName} at ${test.companyName}`);
      expect(mail?.parsed.text).toContain(`Open your assessment: ${PUBLIC_URL}${invitation.link}`);
    }
    expect(lines(sink.to('sam@mail.example')[0]?.parsed.text)).toContain('Hello Sam Okafor,');
  });

  it('sends no reminder while the company has them off, and one each once it turns them on', async () => {
    const off = await admin.send('PATCH', '/api/review/company', { reminderHours: 0 });
    expect(off.body).toMatchObject({ reminderHours: 0 });
    expect((await admin.send('PATCH', '/api/review/company', { reminderHours: 5 })).status).toBe(400);
    clock.advance(2 * DAY);
    await server.app.periodicTasks.runDue();
    await server.app.deliverySender.runDue();
    const reminders = () => sink.received.filter((mail) => mail.parsed.subject?.startsWith('Reminder:'));
    expect(reminders()).toEqual([]);

    // Two days on, the admin signs in again: a reviewer's sign-in does not last that long.
    expect((await admin.signIn(ADMIN)).status).toBe(204);
    expect((await admin.send('PATCH', '/api/review/company', { reminderHours: 48 })).body).toMatchObject({
      reminderHours: 48,
    });
    clock.advance(HOUR);
    await server.app.periodicTasks.runDue();
    await server.app.deliverySender.runDue();
    expect(
      reminders()
        .flatMap((mail) => mail.to)
        .sort(),
    ).toEqual(['kim@mail.example', 'lin@mail.example', 'sam@mail.example']);
  });
});

describe('a message sent again from the review page', () => {
  const clock = testClock(Date.parse('2026-06-01T08:00:00Z'));
  const REVIEWER = 'reviewer@lumenvault.example';
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  let server: InProcessServer;
  let reviewer: ReviewerBrowser;
  beforeAll(async () => {
    const dataDir = tempDataDir();
    await withReviewers(dataDir, [{ companyId: 'lumenvault', email: REVIEWER }]);
    sink = await startMailSink();
    server = await startServer({ DATA_DIR: dataDir, SMTP_URL: sink.url, PUBLIC_URL }, { now: clock.now });
    reviewer = new ReviewerBrowser(server.url);
    expect((await reviewer.signIn(REVIEWER)).status).toBe(204);
  });
  afterAll(async () => {
    await server.stop();
    await sink.stop();
  });

  type Logged = { deliveryId: string; recipient: string; state: string; sentAt: string | null; lastError: string };
  const logged = async (email: string) => {
    const log = await reviewer.send('GET', '/api/review/deliveries');
    return (log.body.deliveries as Logged[]).find((one) => one.recipient === email) as Logged;
  };
  const sendAgain = async (email: string) => {
    const answer = await reviewer.send('POST', `/api/review/deliveries/${(await logged(email)).deliveryId}/send-again`);
    await server.app.deliverySender.runDue();
    return answer;
  };

  it('sends a lost invitation again, but not over and over', async () => {
    await invite(server.url, clock.now(), { email: 'lost@mail.example' });
    await server.app.deliverySender.runDue();
    expect(sink.to('lost@mail.example')).toHaveLength(1);

    const atOnce = await sendAgain('lost@mail.example');
    expect(atOnce.status).toBe(409);
    expect(atOnce.body.error).toBe('This message went out less than 10 minutes ago; it can be sent again after that');
    expect(sink.to('lost@mail.example')).toHaveLength(1);

    clock.advance(10 * MINUTE);
    expect((await sendAgain('lost@mail.example')).status).toBe(204);
    const [first, again, ...more] = sink.to('lost@mail.example');
    expect(more).toEqual([]);
    // The same message again: the candidate can tell it is the same one.
    expect(again?.parsed.messageId).toBe(first?.parsed.messageId);
  });

  it('does not invite again a candidate who started, or to a link that expired, and keeps the first sending on record', async () => {
    const started = await invite(server.url, clock.now());
    await invite(server.url, clock.now(), {
      email: 'late@mail.example',
      expiresAt: new Date(clock.now() + HOUR).toISOString(),
    });
    await server.app.deliverySender.runDue();
    const firstSent = (await logged(CANDIDATE_EMAIL)).sentAt;
    expect(firstSent).not.toBeNull();
    expect((await registerWith(server.url, started.token)).status).toBe(200);
    clock.advance(2 * HOUR);

    for (const email of [CANDIDATE_EMAIL, 'late@mail.example']) {
      expect((await sendAgain(email)).status).toBe(204);
      expect(sink.to(email)).toHaveLength(1);
    }
    expect(await logged(CANDIDATE_EMAIL)).toMatchObject({
      state: 'failed',
      sentAt: firstSent,
      lastError: 'the candidate had started the assessment already',
    });
    expect(await logged('late@mail.example')).toMatchObject({ state: 'failed', lastError: 'the link had expired' });
  });
});

describe('a teammate’s link by email', () => {
  const clock = testClock(Date.parse('2026-06-01T08:00:00Z'));
  const ADMIN = 'admin@lumenvault.example';
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  let server: InProcessServer;
  let admin: ReviewerBrowser;
  const dataDir = tempDataDir();
  beforeAll(async () => {
    await withReviewers(dataDir, [{ companyId: 'lumenvault', email: ADMIN }]);
    sink = await startMailSink();
    server = await startServer({ DATA_DIR: dataDir, SMTP_URL: sink.url, PUBLIC_URL }, { now: clock.now });
    admin = new ReviewerBrowser(server.url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
  });
  afterAll(async () => {
    await server.stop();
    await sink.stop();
  });

  it('emails a new teammate their link, then a reset one, and keeps no link once the message is sent', async () => {
    const added = await admin.send('POST', '/api/review/team', {
      email: 'tom@lumenvault.example',
      name: 'Tom Teammate',
      role: 'reviewer',
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ emailed: true });
    await server.app.deliverySender.runDue();
    const [invitation, ...more] = sink.to('tom@lumenvault.example');
    expect(more).toEqual([]);
    expect(invitation?.parsed.subject).toBe("Set your password for Lumenvault's review page");
    const text = lines(invitation?.parsed.text);
    expect(text).toContain('Hello Tom Teammate,');
    expect(text).toContain(`Set your password: ${PUBLIC_URL}/review/access#${added.body.secret}`);
    expect(text.join(' ')).toContain('It works until Thursday, 4 June 2026 at 08:00 UTC.');
    expect(invitation?.parsed.attachments).toEqual([]);

    // Sent: the secret is no longer kept anywhere, not even in the message's record.
    const beside = await storesBeside({ DATA_DIR: dataDir });
    try {
      const kept = await beside.stores.deliveries.deliveriesOf('lumenvault', 10);
      expect(kept.find((delivery) => delivery.kind === 'teammate')).toMatchObject({ state: 'sent', payload: null });
    } finally {
      await beside.close();
    }

    const reviewerId = (added.body.teammate as { reviewerId: string }).reviewerId;
    const reset = await admin.send('POST', `/api/review/team/${reviewerId}/reset`);
    expect(reset.status, reset.text).toBe(200);
    await server.app.deliverySender.runDue();
    const [, second] = sink.to('tom@lumenvault.example');
    expect(second?.parsed.subject).toBe("Set a new password for Lumenvault's review page");
    expect(lines(second?.parsed.text)).toContain(`Set your password: ${PUBLIC_URL}/review/access#${reset.body.secret}`);
  });

  it('does not send a link that was replaced before its message went out', async () => {
    sink.refuseNext(1);
    const added = await admin.send('POST', '/api/review/team', {
      email: 'late@lumenvault.example',
      name: 'Lee Late',
      role: 'reviewer',
    });
    await server.app.deliverySender.runDue();
    const reviewerId = (added.body.teammate as { reviewerId: string }).reviewerId;
    await admin.send('POST', `/api/review/team/${reviewerId}/reset`);
    clock.advance(MINUTE);
    await server.app.deliverySender.runDue();
    const received = sink.to('late@lumenvault.example');
    expect(received.map((mail) => mail.parsed.subject)).toEqual(["Set a new password for Lumenvault's review page"]);
  });
});
