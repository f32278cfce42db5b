import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createInterface } from 'node:readline';
import { invitePath, inviteSegment } from '@assessment/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReviewer } from '../src/review/reviewer-accounts.ts';
import { storesBeside, TEST_DATABASES } from './databases.ts';
import {
  ADMIN_TOKEN,
  answers,
  apiRoot,
  builtApi,
  feedback,
  freePort,
  keyOf,
  newSessionId,
  postJson,
  tempDataDir,
  testId,
} from './helpers.ts';
import { asOperator, invitationStatus, invite, registerWith } from './invitation-helpers.ts';
import { type startMailSink as MailSink, startMailSink } from './mail-sink.ts';
import { REVIEWER_PASSWORD, ReviewerBrowser } from './reviewer-helpers.ts';

/**
 * Logs are a copy of what they hold that no erasure reaches (SPEC section 0: erased on request,
 * every copy), so no line the API writes may carry a candidate's personal data or a secret.
 * The candidate's values here are unlike anything else the server writes, so any trace of them
 * in a log line is theirs.
 */
const NAME = 'Zebulon Quixwright';
const EMAIL = 'zebulon.quixwright@mail.example';
const PROFILE = 'https://social.example/quixwright-profile';
const ANSWER = 'Xylophonic marmalade reasoning';
const COMMENT = 'Periwinkle feedback about the questions';
const GENDER = 'Female';
const REVIEWER = 'quill-reviewer@lumenvault.example';
/** A second candidate, whose mail server refuses their address, quoting it. */
const BOUNCING = 'quixwright.bounce@mail.example';

/** The real server as its own process, every line it writes to stdout and stderr kept. */
async function loggingServer(dataDir: string, env: Record<string, string>) {
  const port = await freePort();
  const lines: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [builtApi('main')], {
    cwd: apiRoot,
    env: {
      ...process.env,
      ADMIN_TOKEN,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Every line the server can write, the quietest included.
      LOG_LEVEL: 'trace',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const output of [child.stdout, child.stderr]) {
    if (output) createInterface({ input: output }).on('line', (line) => lines.push(line));
  }
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}: ${lines.join('\n')}`);
    const up = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`Server did not start: ${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    lines,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function registrationOf(unique: string, token: string | undefined, email = EMAIL) {
  const deviceInfo = {
    os: { name: 'Linux', version: '' },
    browser: { name: 'Chromium', major: '140', version: '140.0.1' },
    mobile: false,
    social: PROFILE,
    gender: GENDER,
    screen: '1920 x 1080',
  };
  return {
    unique,
    data: testId,
    name: NAME,
    email,
    company: `Lumenvault${JSON.stringify(deviceInfo)}`,
    fullName: NAME,
    workExperience: '4-6 Years',
    social: PROFILE,
    gender: GENDER,
    declaration: true,
    startTime: 1_750_000_000_000,
    deviceInfo,
    ...(token ? { invitation: token } : {}),
  };
}

// On both databases: each refuses and fails in its own words.
describe.each(TEST_DATABASES)('the API log ($name)', (database) => {
  const dataDir = tempDataDir();
  let server: Awaited<ReturnType<typeof loggingServer>>;
  let mail: Awaited<ReturnType<typeof MailSink>>;
  let drop: () => Promise<void>;
  /** Secrets the run made: each must stay out of the log too. */
  const secrets: string[] = [];

  beforeAll(async () => {
    mail = await startMailSink();
    mail.rejectRecipient(BOUNCING);
    const opened = await database.open();
    drop = opened.drop;
    const beside = await storesBeside({ ...opened.env, DATA_DIR: dataDir });
    const account = { companyId: 'lumenvault', email: REVIEWER, name: REVIEWER, password: REVIEWER_PASSWORD };
    await addReviewer(beside.stores.reviewers, account, Date.now());
    await beside.close();
    server = await loggingServer(dataDir, {
      ...opened.env,
      SMTP_URL: mail.url,
      MAIL_FROM: 'hiring@assess.example.com',
    });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await mail?.stop();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds no candidate’s personal data and no secret, through a whole assessment and its refusals', async () => {
    const { url } = server;
    // A reviewer: a wrong password, then the right one.
    const reviewer = new ReviewerBrowser(url);
    expect((await reviewer.signIn(REVIEWER, `${REVIEWER_PASSWORD} ${NAME}`)).status).toBe(401);
    expect((await reviewer.signIn(REVIEWER)).status).toBe(204);
    secrets.push(REVIEWER_PASSWORD, ...[...reviewer.cookies.values()], reviewer.csrfToken as string);
    type Delivery = { kind: string; recipient: string | null; attempts: number; lastError: string | null };
    const deliveries = async () =>
      ((await reviewer.send('GET', '/api/review/deliveries')).body as { deliveries: Delivery[] }).deliveries;
    /** Waits until a message the server lists is as asked; answers it. */
    const listed = async (asked: (delivery: Delivery) => boolean) => {
      const until = Date.now() + 60_000;
      for (;;) {
        const found = (await deliveries()).find(asked);
        if (found) return found;
        expect(Date.now()).toBeLessThan(until);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    /** Waits until the server has tried to send the queued message of this kind. */
    const attempted = (kind: string) => listed((delivery) => delivery.kind === kind && delivery.attempts > 0);

    const invitation = await invite(url, Date.now(), { email: EMAIL, name: NAME });
    secrets.push(invitation.token);
    // The mail server refuses the second candidate's address for good, quoting it: the company
    // reads why on its list of messages, a copy the candidate's erasure takes with them.
    const bounced = await invite(url, Date.now(), { email: BOUNCING, name: NAME });
    secrets.push(bounced.token);
    const refused = await listed((delivery) => delivery.recipient === BOUNCING && delivery.lastError !== null);
    expect(refused.lastError).toContain('550');
    expect((await asOperator(url, 'DELETE', `/api/admin/invitations/${bounced.invitationId}`)).status).toBe(204);
    expect((await deliveries()).filter((delivery) => delivery.recipient === BOUNCING)).toEqual([]);
    // The invitation goes out before the candidate starts, or it would never be sent.
    await attempted('invitation');
    const page = invitePath(inviteSegment(testId, invitation.token));
    // The candidate's browser opens the link, with what a mail client or a campaign may add to it.
    await fetch(`${url}${page}`);
    await fetch(`${url}${page}/quiz?email=${encodeURIComponent(EMAIL)}&name=${encodeURIComponent(NAME)}`);
    await fetch(`${url}/api/review/tests/${testId}/candidates?search=${encodeURIComponent(NAME)}`);

    const unique = newSessionId();
    secrets.push(keyOf(unique));
    expect((await invitationStatus(url, { invitation: invitation.token }, unique)).status).toBe(200);
    const registered = await postJson(url, '/api/now-assessment', registrationOf(unique, invitation.token));
    expect(registered.status).toBe(200);
    const written = answers(unique, { answers: [`<p>${ANSWER}</p>`, '<p>Two</p>', '<p>Three</p>'], final: true });
    expect((await postJson(url, '/api/answers', written)).status).toBe(200);
    // The receipt the feedback queues is refused by the mail server, as a busy one does.
    mail.refuseNext(1);
    expect((await postJson(url, '/api/feedback', feedback(unique, { userName: NAME, feedback: COMMENT }))).status).toBe(
      200,
    );

    // Refusals: a wrong session key, a body that is not valid, one that is not JSON, a wrong token.
    const wrongKey = { key: keyOf(newSessionId()) };
    expect((await postJson(url, '/api/answers', { ...written, final: false, revision: 2 }, wrongKey)).status).toBe(403);
    const invalid = registrationOf(newSessionId(), undefined, `${NAME} <${EMAIL}>`);
    expect((await postJson(url, '/api/now-assessment', { ...invalid, workExperience: ANSWER })).status).toBe(400);
    const cutShort = newSessionId();
    const cut = JSON.stringify(registrationOf(cutShort, undefined)).slice(0, -20);
    expect((await postJson(url, '/api/now-assessment', cut, { key: keyOf(cutShort) })).status).toBe(400);
    expect((await registerWith(url, `${invitation.token.slice(0, -1)}x`)).status).not.toBe(200);

    expect((await reviewer.send('GET', `/api/review/candidates/${unique}`)).status).toBe(200);
    // The refused receipt has been tried.
    await attempted('receipt');

    await server.stop();
    const log = server.lines.join('\n');
    // The run did log its requests, so a quiet log is not why nothing is found.
    expect(log).toContain('request completed');
    expect(log).toContain(unique);
    const personal = [NAME, EMAIL, BOUNCING, PROFILE, ANSWER, COMMENT, 'quixwright'];
    for (const value of [...personal, ...secrets, ADMIN_TOKEN]) {
      // As written, and as an address spells it.
      for (const spelling of [value, encodeURIComponent(value)]) {
        const found = server.lines.filter((line) => line.toLowerCase().includes(spelling.toLowerCase()));
        expect(found, spelling).toEqual([]);
      }
    }
    // The demographic answer, by its value and by its field.
    expect(server.lines.filter((line) => line.includes(GENDER) || /gender/i.test(line))).toEqual([]);
  }, 180_000);
});
