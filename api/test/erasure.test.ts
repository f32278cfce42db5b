import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { companyIdOf, getTest, SESSION_ID_HEADER, type TestDefinition } from '@assessment/core';
import { HeadObjectCommand, ListObjectsV2Command, NotFound, PutObjectCommand } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { configFromEnv, type S3Settings } from '../src/config.ts';
import { startDeliverySender } from '../src/mail/delivery-sender.ts';
import { createMailTransport, type MailTransport } from '../src/mail/mail-transport.ts';
import { eraseInvitee } from '../src/privacy/erasure.ts';
import { addReviewer } from '../src/review/reviewer-accounts.ts';
import type { DeliveryStore } from '../src/storage/deliveries/delivery-store.ts';
import { createFileVideoStore } from '../src/storage/videos/file-video-store.ts';
import { createS3Client } from '../src/storage/videos/s3-video-store.ts';
import { GONE_TEST, leaveCatalogue, storesBeside, TEST_DATABASES } from './databases.ts';
import { registrationWithGender } from './demographic-helpers.ts';
import {
  adminGet,
  answers,
  CANDIDATE_EMAIL,
  createUpload,
  deviceCheck,
  feedback,
  type InProcessServer,
  keyOf,
  newBucketEnv,
  newSessionId,
  patchUpload,
  postJson,
  registration,
  startServer,
  syntheticWebm,
  tempDataDir,
  testId,
} from './helpers.ts';
import { asOperator, DAY, HOUR, invitationStatus, invite, registerWith, testClock } from './invitation-helpers.ts';
import { REVIEWER_PASSWORD, ReviewerBrowser } from './reviewer-helpers.ts';

/**
 * Erasure reaches every copy of a candidate's data (SPEC section 0): on request of the company's
 * admin, and by the retention period the company set. SQLite keeps the video in the uploads
 * folder; PostgreSQL runs here with the S3 bucket, so both video stores are checked.
 */

const companyId = companyIdOf(getTest(testId) as TestDefinition);
const ADMIN = 'erasure-admin@lumenvault.example';
const REVIEWER = 'erasure-reviewer@lumenvault.example';
const s3 = await createS3Client(configFromEnv(inject('services')).s3 as S3Settings);

async function objectExists(Bucket: string, Key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket, Key }));
    return true;
  } catch (error) {
    if (error instanceof NotFound) return false;
    throw error;
  }
}

/** Every file under `dir` whose name holds `part`. */
function filesNamed(dir: string, part: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => path.basename(name).includes(part));
}

function myRecordStatus(url: string, sessionId: string): Promise<Response> {
  return fetch(`${url}/api/my-record`, {
    headers: { 'Session-Key': keyOf(sessionId), [SESSION_ID_HEADER]: sessionId },
  });
}

describe.each(TEST_DATABASES)('erasing a candidate ($name)', (database) => {
  const withS3 = database.name === 'PostgreSQL';
  const clock = testClock();
  let server: InProcessServer;
  let drop: () => Promise<void>;
  const dataDir = tempDataDir();
  let env: { DATA_DIR: string; DATABASE_URL?: string; S3_BUCKET?: string };

  beforeAll(async () => {
    const opened = await database.open();
    drop = opened.drop;
    env = { ...opened.env, ...(withS3 ? await newBucketEnv() : {}), DATA_DIR: dataDir };
    server = await startServer(env, { now: clock.now });
    const beside = await storesBeside(env);
    for (const person of [
      { companyId, email: ADMIN, role: 'admin' as const },
      { companyId, email: REVIEWER, role: 'reviewer' as const },
    ]) {
      await addReviewer(beside.stores.reviewers, { ...person, password: REVIEWER_PASSWORD }, Date.now());
    }
    await beside.close();
  });

  afterAll(async () => {
    await server.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A candidate on a personal link who answered, recorded a video and gave feedback. */
  async function finishedCandidate() {
    const invitation = await invite(server.url, clock.now());
    const { unique, status } = await registerWith(server.url, invitation.token);
    expect(status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(unique, { final: true }))).status).toBe(200);
    const video = syntheticWebm(20_000);
    const upload = await createUpload(server.url, video.length, { unique, data: testId });
    expect((await patchUpload(upload.uploadUrl as string, 0, video)).status).toBe(204);
    expect((await postJson(server.url, '/api/feedback', feedback(unique))).status).toBe(200);
    const uploadId = path.basename(new URL(upload.uploadUrl as string).pathname);
    return { unique, uploadId, invitation };
  }

  /** How many entries of the company's access log are looks at this invitation, read by its admin. */
  async function looksAtInvitation(invitationId: string): Promise<number> {
    const admin = new ReviewerBrowser(server.url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
    const log = await admin.send('GET', '/api/review/access-log');
    expect(log.status).toBe(200);
    const entries = log.body.entries as { invitation: { invitationId: string } | null }[];
    return entries.filter((entry) => entry.invitation?.invitationId === invitationId).length;
  }

  async function videoKept(uploadId: string): Promise<boolean> {
    return env.S3_BUCKET ? objectExists(env.S3_BUCKET, `videos/${uploadId}`) : filesNamed(dataDir, uploadId).length > 0;
  }

  it('sweeps bytes of the uploads folder that no record names, once nothing wrote to them for a day', async () => {
    const { uploadId } = await finishedCandidate();
    const folder = path.join(dataDir, 'videos');
    /** Bytes and a tus record as an upload begun during an erasure leaves them, last written `ago` ms before now. */
    const unrecorded = (ago: number) => {
      const id = randomBytes(16).toString('hex');
      for (const file of [id, `${id}.json`]) {
        fs.writeFileSync(path.join(folder, file), 'left behind');
        fs.utimesSync(path.join(folder, file), new Date(Date.now() - ago), new Date(Date.now() - ago));
      }
      return id;
    };
    const old = unrecorded(2 * DAY);
    const recent = unrecorded(HOUR);
    for (const file of filesNamed(folder, uploadId)) {
      fs.utimesSync(path.join(folder, file), new Date(Date.now() - 2 * DAY), new Date(Date.now() - 2 * DAY));
    }
    clock.advance(2 * HOUR);
    await server.app.periodicTasks.runDue();

    expect(filesNamed(folder, old)).toEqual([]);
    expect(filesNamed(folder, recent)).toHaveLength(2);
    expect(await videoKept(uploadId)).toBe(true);
  });

  it("on the admin's request: the record, the video and the link are gone, and the candidate's browser is told", async () => {
    const { unique, uploadId, invitation } = await finishedCandidate();
    expect(await videoKept(uploadId)).toBe(true);

    const reviewer = new ReviewerBrowser(server.url);
    expect((await reviewer.signIn(REVIEWER)).status).toBe(204);
    const refused = await reviewer.send('DELETE', `/api/review/candidates/${unique}`);
    expect(refused.status).toBe(403);
    expect((await adminGet(server.url, `/api/admin/sessions/${unique}`)).status).toBe(200);

    const admin = new ReviewerBrowser(server.url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
    const invitations = `/api/review/tests/${testId}/invitations?limit=200`;
    expect((await admin.send('GET', invitations)).status).toBe(200);
    expect(await looksAtInvitation(invitation.invitationId)).toBe(1);
    expect((await admin.send('DELETE', `/api/review/candidates/${unique}`)).status).toBe(204);
    // Its looks go with the candidate; listed again, it names no one, and is no look.
    expect(await looksAtInvitation(invitation.invitationId)).toBe(0);
    expect((await admin.send('GET', invitations)).status).toBe(200);
    expect(await looksAtInvitation(invitation.invitationId)).toBe(0);

    expect((await adminGet(server.url, `/api/admin/sessions/${unique}`)).status).toBe(404);
    expect((await admin.send('GET', `/api/review/candidates/${unique}`)).status).toBe(404);
    const list = await admin.send('GET', `/api/review/tests/${testId}/candidates`);
    expect(list.text).not.toContain(unique);
    expect(await videoKept(uploadId)).toBe(false);

    const mine = await myRecordStatus(server.url, unique);
    expect(mine.status).toBe(410);
    expect(await mine.json()).toMatchObject({ state: 'erased' });
    // Never kept by the browser: its next session reads its own record at the same address.
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(await invitationStatus(server.url, { invitation: invitation.token })).toMatchObject({
      status: 410,
      body: { state: 'erased' },
    });
    const again = await postJson(server.url, '/api/answers', answers(unique, { final: true }));
    expect(again.status).toBe(410);
    expect((await admin.send('DELETE', `/api/review/candidates/${unique}`)).status).toBe(404);
  });

  it.runIf(database.name === 'SQLite')(
    'leaves nothing of an erased candidate readable in the database file or its log',
    async () => {
      const unique = newSessionId();
      const email = `erase-every-byte-${unique}@mail.example`;
      expect((await postJson(server.url, '/api/now-assessment', registration(unique, { email }))).status).toBe(200);
      // Two saves: the first one's bytes are freed when the second replaces it.
      for (const revision of [1, 2]) {
        const saved = answers(unique, { answers: [`<p>Forget-me-${revision}-${unique}</p>`, '', ''], revision });
        expect((await postJson(server.url, '/api/answers', saved)).status).toBe(200);
      }
      // The file and its log as they are on disk, read while the server runs: nothing else checkpoints.
      const file = path.join(dataDir, 'assessment.sqlite');
      const onDisk = (text: string) =>
        [file, `${file}-wal`].some((part) => fs.existsSync(part) && fs.readFileSync(part).includes(text));
      expect(onDisk(email)).toBe(true);

      const admin = new ReviewerBrowser(server.url);
      expect((await admin.signIn(ADMIN)).status).toBe(204);
      expect((await admin.send('DELETE', `/api/review/candidates/${unique}`)).status).toBe(204);

      expect(onDisk(email)).toBe(false);
      expect(onDisk(`Forget-me-1-${unique}`)).toBe(false);
      expect(onDisk(`Forget-me-2-${unique}`)).toBe(false);
    },
  );

  it("an open-link candidate's browser, erased, registering again is told so and opens nothing", async () => {
    const unique = newSessionId();
    expect((await postJson(server.url, '/api/now-assessment', registration(unique))).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(unique))).status).toBe(200);

    const admin = new ReviewerBrowser(server.url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
    expect((await admin.send('DELETE', `/api/review/candidates/${unique}`)).status).toBe(204);

    expect((await postJson(server.url, '/api/now-assessment', registration(unique))).status).toBe(410);
    expect((await postJson(server.url, '/api/answers', answers(unique))).status).toBe(410);
    expect((await adminGet(server.url, `/api/admin/sessions/${unique}`)).status).toBe(404);
  });

  it("a candidate's browser writing to an instance that has not heard of the erasure is told so, not given a server error", async () => {
    const other = await startServer(env, { now: clock.now });
    try {
      const unique = newSessionId();
      expect((await postJson(server.url, '/api/now-assessment', registration(unique))).status).toBe(200);
      expect((await postJson(server.url, '/api/answers', answers(unique))).status).toBe(200);

      const admin = new ReviewerBrowser(other.url);
      expect((await admin.signIn(ADMIN)).status).toBe(204);
      expect((await admin.send('DELETE', `/api/review/candidates/${unique}`)).status).toBe(204);

      for (const [path, body] of [
        ['/api/quiz-start', { unique, data: testId }],
        ['/api/answers', answers(unique, { revision: 2 })],
        ['/api/feedback', feedback(unique)],
        ['/api/answers', answers(unique, { revision: 3, final: true })],
      ] as const) {
        const refused = await postJson(server.url, path, body);
        expect(refused.status, path).toBe(410);
        expect(refused.body, path).toMatchObject({ state: 'erased' });
      }
      // Told by a write, this instance trusts the session no more: the browser's reads say so too.
      const mine = await myRecordStatus(server.url, unique);
      expect(mine.status).toBe(410);
      expect(await mine.json()).toMatchObject({ state: 'erased' });
      expect((await adminGet(server.url, `/api/admin/sessions/${unique}`)).status).toBe(404);
    } finally {
      await other.stop();
    }
  });

  it('by the retention period the admin set: older candidates go at the next run, newer ones stay', async () => {
    const admin = new ReviewerBrowser(server.url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
    expect((await admin.send('GET', '/api/review/company')).body).toMatchObject({ retentionDays: 365 });
    const tooShort = await admin.send('PATCH', '/api/review/company', { retentionDays: 0 });
    expect(tooShort.status).toBe(400);
    expect((await admin.send('PATCH', '/api/review/company', { retentionDays: 30 })).body).toMatchObject({
      retentionDays: 30,
    });
    const reviewer = new ReviewerBrowser(server.url);
    expect((await reviewer.signIn(REVIEWER)).status).toBe(204);
    expect((await reviewer.send('PATCH', '/api/review/company', { retentionDays: 3650 })).status).toBe(403);

    const old = await finishedCandidate();
    clock.advance(20 * DAY);
    const recent = newSessionId();
    expect((await postJson(server.url, '/api/now-assessment', registration(recent))).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(recent))).status).toBe(200);
    clock.advance(11 * DAY);
    await server.app.periodicTasks.runDue();

    expect((await adminGet(server.url, `/api/admin/sessions/${old.unique}`)).status).toBe(404);
    expect(await videoKept(old.uploadId)).toBe(false);
    expect((await myRecordStatus(server.url, old.unique)).status).toBe(410);
    expect((await adminGet(server.url, `/api/admin/sessions/${recent}`)).status).toBe(200);
  });

  it('erases whom an unused personal invitation was for, and its emails, that long after it stopped working', async () => {
    // The retention period is the 30 days of the test before.
    const email = 'never-started@mail.example';
    const unused = await invite(server.url, clock.now(), {
      email,
      name: 'Nell Neverstarted',
      expiresAt: new Date(clock.now() + 2 * DAY).toISOString(),
    });
    await server.app.deliverySender.runDue();
    const mailDir = path.join(dataDir, 'mail');
    const mailsTo = () =>
      filesNamed(mailDir, '.eml').filter((file) => fs.readFileSync(path.join(mailDir, file), 'utf8').includes(email));
    // On PostgreSQL a message is a pg-boss job, due by the database's own clock, which this test's
    // clock (moved weeks on by the tests before) has left behind: there it stays queued, unsent.
    if (database.name === 'SQLite') await expect.poll(() => mailsTo().length).toBe(1);
    const queued = async () => {
      const beside = await storesBeside(env);
      try {
        return await beside.stores.deliveries.deliveryIdsOf(null, unused.invitationId);
      } finally {
        await beside.close();
      }
    };
    expect(await queued()).toHaveLength(1);
    const shown = async () => {
      const page = await asOperator(server.url, 'GET', `/api/admin/tests/${testId}/invitations?limit=200`);
      return (page.body.invitations as { invitationId: string; email: string; name: string | null }[]).find(
        (invitation) => invitation.invitationId === unused.invitationId,
      );
    };

    clock.advance(31 * DAY);
    await server.app.periodicTasks.runDue();
    expect(await shown()).toMatchObject({ email, name: 'Nell Neverstarted' });
    expect(await looksAtInvitation(unused.invitationId)).toBe(1);

    clock.advance(2 * DAY);
    await server.app.periodicTasks.runDue();
    expect(await looksAtInvitation(unused.invitationId)).toBe(0);
    expect(await shown()).toMatchObject({ email: '', name: null });
    expect(await looksAtInvitation(unused.invitationId)).toBe(0);
    expect(mailsTo()).toEqual([]);
    expect(await queued()).toEqual([]);
  });

  it('erases whom a personal invitation nobody used was for on request, with its emails and the looks at it', async () => {
    const email = `forget-me-${newSessionId()}@mail.example`;
    const unused = await invite(server.url, clock.now(), { email, name: 'Fay Forgetme' });
    await server.app.deliverySender.runDue();
    const mailDir = path.join(dataDir, 'mail');
    const mailsTo = () =>
      filesNamed(mailDir, '.eml').filter((file) => fs.readFileSync(path.join(mailDir, file), 'utf8').includes(email));
    // As in the test before: on PostgreSQL the job queue's own clock keeps the message queued.
    if (database.name === 'SQLite') await expect.poll(() => mailsTo().length).toBe(1);
    const admin = new ReviewerBrowser(server.url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
    expect((await admin.send('GET', `/api/review/tests/${testId}/invitations?limit=200`)).status).toBe(200);
    expect(await looksAtInvitation(unused.invitationId)).toBe(1);

    const reviewer = new ReviewerBrowser(server.url);
    expect((await reviewer.signIn(REVIEWER)).status).toBe(204);
    expect((await reviewer.send('DELETE', `/api/review/invitations/${unused.invitationId}`)).status).toBe(403);
    const erased = await admin.send('DELETE', `/api/review/invitations/${unused.invitationId}`);
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ invitationId: unused.invitationId, state: 'erased', email: '', name: null });

    expect(await looksAtInvitation(unused.invitationId)).toBe(0);
    expect(mailsTo()).toEqual([]);
    const beside = await storesBeside(env);
    expect(await beside.stores.deliveries.deliveryIdsOf(null, unused.invitationId)).toEqual([]);
    await beside.close();
    const page = await asOperator(server.url, 'GET', `/api/admin/tests/${testId}/invitations?limit=200`);
    expect(
      (page.body.invitations as { invitationId: string }[]).find(
        ({ invitationId }) => invitationId === unused.invitationId,
      ),
    ).toMatchObject({ email: '', name: null });
    expect(await invitationStatus(server.url, { invitation: unused.token })).toMatchObject({
      status: 410,
      body: { state: 'erased' },
    });

    // The operator's admin API erases one too.
    const other = await invite(server.url, clock.now(), { email: `also-${email}` });
    expect((await asOperator(server.url, 'DELETE', `/api/admin/invitations/${other.invitationId}`)).status).toBe(204);
    expect(await invitationStatus(server.url, { invitation: other.token })).toMatchObject({ status: 410 });
  });

  it('erases a candidate by the period they were told when they started, though it was lengthened since', async () => {
    // Signed in afresh for each change: days pass between them.
    const setRetention = async (retentionDays: number) => {
      const admin = new ReviewerBrowser(server.url);
      expect((await admin.signIn(ADMIN)).status).toBe(204);
      expect((await admin.send('PATCH', '/api/review/company', { retentionDays })).status).toBe(200);
    };
    const started = async () => {
      const unique = newSessionId();
      expect((await postJson(server.url, '/api/now-assessment', registration(unique))).status).toBe(200);
      expect((await postJson(server.url, '/api/answers', answers(unique))).status).toBe(200);
      return unique;
    };
    // Told 30 days (the period the tests before set), then the company keeps data ten years.
    const toldThirty = await started();
    clock.advance(DAY);
    await setRetention(3650);
    const toldTenYears = await started();
    clock.advance(30 * DAY);
    await server.app.periodicTasks.runDue();

    expect((await adminGet(server.url, `/api/admin/sessions/${toldThirty}`)).status).toBe(404);
    expect((await adminGet(server.url, `/api/admin/sessions/${toldTenYears}`)).status).toBe(200);
    await setRetention(30);
  });

  it('erases a candidate within the hour their period ends, as the privacy notice counts it in days', async () => {
    // Told 30 days (the period the tests before set); answers keep it from being a silent session.
    const unique = newSessionId();
    expect((await postJson(server.url, '/api/now-assessment', registration(unique))).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(unique))).status).toBe(200);
    clock.advance(30 * DAY - HOUR);
    await server.app.periodicTasks.runDue();
    expect((await adminGet(server.url, `/api/admin/sessions/${unique}`)).status).toBe(200);

    // The notice says 30 days: not kept for most of a 31st.
    clock.advance(2 * HOUR);
    await server.app.periodicTasks.runDue();
    expect((await adminGet(server.url, `/api/admin/sessions/${unique}`)).status).toBe(404);
  });

  it('deletes open-link sessions silent for a day, and keeps those that sent something or came by invitation', async () => {
    const register = (unique: string) => postJson(server.url, '/api/now-assessment', registration(unique));
    const silent = newSessionId();
    expect((await register(silent)).status).toBe(200);
    const answering = newSessionId();
    expect((await register(answering)).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(answering))).status).toBe(200);
    const invitation = await invite(server.url, clock.now());
    const invited = await registerWith(server.url, invitation.token);
    expect(invited.status).toBe(200);

    clock.advance(DAY / 2);
    await server.app.periodicTasks.runDue();
    expect((await adminGet(server.url, `/api/admin/sessions/${silent}`)).status).toBe(200);

    clock.advance(DAY);
    await server.app.periodicTasks.runDue();
    expect((await adminGet(server.url, `/api/admin/sessions/${silent}`)).status).toBe(404);
    expect((await adminGet(server.url, `/api/admin/sessions/${answering}`)).status).toBe(200);
    expect((await adminGet(server.url, `/api/admin/sessions/${invited.unique}`)).status).toBe(200);
    // Nothing marks it: the browser that comes back simply starts again.
    expect((await register(silent)).status).toBe(200);
  });

  it('erases a message to the candidate whose writing was cut short, as a full disk or a crash leaves it', async () => {
    const { unique, invitation } = await finishedCandidate();
    const beside = await storesBeside(env);
    const deliveryIds = await beside.stores.deliveries.deliveryIdsOf(unique, invitation.invitationId);
    await beside.close();
    expect(deliveryIds.length).toBeGreaterThan(0);
    // The file transport writes `<id>.eml.partial` and renames it once whole (`mail/mail-transport.ts`):
    // a write that fails or a process that dies in between leaves the part written so far.
    const mailDir = path.join(dataDir, 'mail');
    fs.mkdirSync(mailDir, { recursive: true });
    for (const deliveryId of deliveryIds) {
      fs.writeFileSync(path.join(mailDir, `${deliveryId}.eml.partial`), `To: ${CANDIDATE_EMAIL}\nSubject: Your`);
    }

    const admin = new ReviewerBrowser(server.url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
    expect((await admin.send('DELETE', `/api/review/candidates/${unique}`)).status).toBe(204);

    expect(deliveryIds.flatMap((deliveryId) => filesNamed(mailDir, deliveryId))).toEqual([]);
  });

  /** Every row of every table of the server's database (the job queue's too), as JSON, by table. */
  async function everyRow(): Promise<{ table: string; row: string }[]> {
    const beside = await storesBeside(env);
    try {
      const tables =
        database.name === 'SQLite'
          ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`
          : sql<{ name: string }>`SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
              WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`;
      const rows: { table: string; row: string }[] = [];
      for (const { name } of (await tables.execute(beside.reads)).rows) {
        const { rows: found } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(
          beside.reads,
        );
        for (const row of found) {
          rows.push({
            table: name,
            row: JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? `${value}` : value)),
          });
        }
      }
      return rows;
    } finally {
      await beside.close();
    }
  }

  /** Every file under the data folder, with its contents. */
  function everyFile(): { file: string; text: string }[] {
    return (fs.readdirSync(dataDir, { recursive: true }) as string[])
      .map((file) => path.join(dataDir, file))
      .filter((file) => fs.statSync(file).isFile())
      .map((file) => ({ file: path.relative(dataDir, file), text: fs.readFileSync(file, 'latin1') }));
  }

  async function bucketKeys(): Promise<string[]> {
    if (!env.S3_BUCKET) return [];
    const page = await s3.send(new ListObjectsV2Command({ Bucket: env.S3_BUCKET }));
    return (page.Contents ?? []).map((object) => object.Key as string);
  }

  it('leaves no row, file or object that names the erased candidate, whatever they sent and the team did', async () => {
    const admin = new ReviewerBrowser(server.url);
    expect((await admin.signIn(ADMIN)).status).toBe(204);
    // Every event about the candidate is queued for the company's endpoint too.
    expect((await admin.send('PUT', '/api/review/webhook', { url: 'https://hooks.example/erasure' })).status).toBe(200);
    try {
      const unique = newSessionId();
      const email = `every-copy-${unique}@mail.example`;
      const fullName = `Evie Everycopy ${unique}`;
      const invitation = await invite(server.url, clock.now(), { email, name: fullName });
      const registered = await postJson(server.url, '/api/now-assessment', {
        ...registrationWithGender(unique, 'Female'),
        invitation: invitation.token,
        email,
        name: fullName,
        fullName,
      });
      expect(registered.status, registered.body.error).toBe(200);
      expect((await postJson(server.url, '/api/device-check', deviceCheck(unique))).status).toBe(200);
      const answered = answers(unique, { answers: [`<p>Answer-${unique}</p>`, '', ''], final: true });
      expect((await postJson(server.url, '/api/answers', answered)).status).toBe(200);
      const video = syntheticWebm(20_000);
      const finished = await createUpload(server.url, video.length, { unique, data: testId });
      expect((await patchUpload(finished.uploadUrl as string, 0, video)).status).toBe(204);
      // A newer take, half sent when the erasure comes.
      const inFlight = await createUpload(server.url, video.length, { unique, data: testId });
      expect((await patchUpload(inFlight.uploadUrl as string, 0, video.subarray(0, 10_000))).status).toBe(204);
      expect(
        (await postJson(server.url, '/api/feedback', feedback(unique, { feedback: `Feedback-${unique}` }))).status,
      ).toBe(200);
      const uploadIds = [finished, inFlight].map((upload) =>
        path.basename(new URL(upload.uploadUrl as string).pathname),
      );

      expect((await admin.send('GET', `/api/review/candidates/${unique}`)).status).toBe(200);
      expect(
        (await admin.send('PUT', `/api/review/candidates/${unique}/stage`, { from: 'new', stage: 'reviewing' })).status,
      ).toBe(200);
      expect(
        (await admin.send('POST', `/api/review/candidates/${unique}/notes`, { body: `Note-${unique}` })).status,
      ).toBe(201);
      await server.app.deliverySender.runDue();

      const about = [email, fullName, `Answer-${unique}`, `Feedback-${unique}`, `Note-${unique}`, ...uploadIds];
      const naming = (text: string) => about.some((part) => text.includes(part));
      expect((await everyRow()).some(({ row }) => naming(row))).toBe(true);
      // Sent as files here; on PostgreSQL the job queue's own clock keeps them queued (see the unused invitation's test).
      if (database.name === 'SQLite') expect(everyFile().some(({ text }) => naming(text))).toBe(true);

      expect((await admin.send('DELETE', `/api/review/candidates/${unique}`)).status).toBe(204);
      await server.app.deliverySender.runDue();

      const rows = await everyRow();
      expect(rows.filter(({ row }) => naming(row))).toEqual([]);
      // What is left is their random id: the mark that they were erased, their link saying so, and the event.
      expect(
        rows
          .filter(({ row }) => row.includes(unique))
          .map(({ table, row }) => table.replace(/^public\./, '') + (row.includes('"candidate.erased') ? ' event' : ''))
          .sort(),
      ).toEqual(['deliveries event', 'erased_sessions', 'invitations']);
      expect(
        everyFile()
          .filter(({ text }) => naming(text))
          .map(({ file }) => file),
      ).toEqual([]);
      expect((await bucketKeys()).filter((key) => uploadIds.some((uploadId) => key.endsWith(uploadId)))).toEqual([]);
    } finally {
      expect((await admin.send('DELETE', '/api/review/webhook')).status).toBe(204);
    }
  });
});

describe.each(TEST_DATABASES)('sweeping the bucket ($name)', (database) => {
  const clock = testClock();
  let server: InProcessServer;
  let drop: () => Promise<void>;
  let bucket: string;
  const dataDir = tempDataDir();

  beforeAll(async () => {
    const opened = await database.open();
    drop = opened.drop;
    const bucketEnv = await newBucketEnv();
    bucket = bucketEnv.S3_BUCKET;
    server = await startServer({ ...opened.env, ...bucketEnv, DATA_DIR: dataDir }, { now: clock.now });
  });

  afterAll(async () => {
    await server.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const put = (Key: string) => s3.send(new PutObjectCommand({ Bucket: bucket, Key, Body: 'left behind' }));
  const storeShapedKey = () => `videos/${randomBytes(16).toString('hex')}`;

  /** When each object of the bucket was last written, by its key (S3 tells it to the second). */
  async function lastModified(): Promise<Map<string, number>> {
    const written = new Map<string, number>();
    let ContinuationToken: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
      for (const object of page.Contents ?? [])
        written.set(object.Key as string, (object.LastModified as Date).getTime());
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
    return written;
  }

  it('deletes objects no record names once they are a day old, and keeps videos, younger ones and keys not its own', async () => {
    const unique = newSessionId();
    expect((await postJson(server.url, '/api/now-assessment', registration(unique))).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(unique, { final: true }))).status).toBe(200);
    const video = syntheticWebm(20_000);
    const upload = await createUpload(server.url, video.length, { unique, data: testId });
    expect((await patchUpload(upload.uploadUrl as string, 0, video)).status).toBe(204);
    const videoKey = `videos/${path.basename(new URL(upload.uploadUrl as string).pathname)}`;

    // More than one page of the listing, as a crash between steps or failed deletes could leave.
    const unnamed = Array.from({ length: 120 }, storeShapedKey);
    const notTheStores = [`reports/${randomBytes(16).toString('hex')}`, `${storeShapedKey()}/poster.jpg`];
    for (let start = 0; start < unnamed.length; start += 25) {
      await Promise.all(unnamed.slice(start, start + 25).map(put));
    }
    await Promise.all(notTheStores.map(put));
    const lastOld = Math.max(...(await lastModified()).values());
    // The next second, so that the fresh object is younger than the others by S3's own clock.
    await new Promise((resolve) => setTimeout(resolve, lastOld + 1000 - Date.now() + 50));
    const fresh = storeShapedKey();
    await put(fresh);
    const freshWritten = (await lastModified()).get(fresh) as number;
    expect(freshWritten).toBeGreaterThan(lastOld);

    // Every object but the fresh one was written more than a day before this.
    clock.set(freshWritten + DAY - 1);
    // The files of the sections' releases (their builds, imported at the server's first start when
    // this checkout has them) are the release store's keys, which the sweep of videos never touches.
    const releaseFiles = [...(await lastModified()).keys()].filter((key) => key.startsWith('releases/'));
    await server.app.periodicTasks.runDue();

    const left = await lastModified();
    expect(unnamed.filter((key) => left.has(key))).toEqual([]);
    expect([...left.keys()].sort()).toEqual([videoKey, fresh, ...notTheStores, ...releaseFiles].sort());
    const stored = await adminGet(server.url, `/api/admin/sessions/${unique}/video`);
    expect(stored.status).toBe(200);
    expect(Buffer.from(await stored.arrayBuffer()).equals(video)).toBe(true);
  });
});

/** A promise that another step resolves (`Promise.withResolvers` needs Node 22). */
function signal() {
  let give = () => {};
  const given = new Promise<void>((resolve) => {
    give = resolve;
  });
  return { given, give };
}

describe.each(TEST_DATABASES)('erasing a candidate while an email to them is being sent ($name)', (database) => {
  const dataDir = tempDataDir();
  const mailDir = path.join(dataDir, 'mail');
  const files = createMailTransport({ smtpUrl: undefined, from: 'assessment@localhost', mailDir });
  const videos = createFileVideoStore(path.join(dataDir, 'videos'));
  let beside: Awaited<ReturnType<typeof storesBeside>>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const opened = await database.open();
    drop = opened.drop;
    beside = await storesBeside({ ...opened.env, DATA_DIR: dataDir });
  });

  afterAll(async () => {
    await beside.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const RACING_EMAIL = 'racing@mail.example';

  /** A personal invitation nobody has used; creating it queues its email. */
  async function newInvitation(): Promise<string> {
    const invitationId = `inv_${randomBytes(6).toString('hex')}`;
    await beside.stores.invitations.createInvitation({
      invitationId,
      testId,
      invitationToken: invitationId.padEnd(26, 'x'),
      email: RACING_EMAIL,
      name: 'Racing Candidate',
      createdAt: Date.now(),
      expiresAt: Date.now() + DAY,
      extraTimePercent: 0,
    });
    return invitationId;
  }

  /** Runs the sender once with the real stores and `mail`, and answers the ids of what it sent. */
  async function sendDue(mail: MailTransport, deliveries: DeliveryStore = beside.stores.deliveries) {
    const sent: string[] = [];
    const errors: unknown[] = [];
    const sender = startDeliverySender({
      ...beside.stores,
      deliveries,
      mail: {
        ...mail,
        async send(message) {
          sent.push(message.deliveryId);
          await mail.send(message);
        },
      },
      publicUrl: 'http://127.0.0.1',
      webhookAllowPrivate: false,
      partnerKeySecret: undefined,
      now: Date.now,
      onError: (error) => errors.push(error),
    });
    await sender.runDue();
    await sender.stop();
    expect(errors).toEqual([]);
    return sent;
  }

  /**
   * Queues an invitation's email and runs the sender once, with the real file transport and
   * stores. `during(invitationId, write)` stands for the transport's send, after the message was
   * composed from the invitation: it starts the erasure of whom it was for and calls `write` (the
   * real send) when the erasure has got as far as the interleaving it shows.
   */
  async function sendWhileErasing(
    during: (invitationId: string, write: () => Promise<void>) => Promise<void>,
    deliveries: DeliveryStore = beside.stores.deliveries,
  ) {
    const invitationId = await newInvitation();
    const mail: MailTransport = { ...files, send: (message) => during(invitationId, () => files.send(message)) };
    const sent = await sendDue(mail, deliveries);
    expect(sent).toHaveLength(1);
    return { invitationId, deliveryId: sent[0] as string };
  }

  it('leaves no file of an email whose candidate was erased after it was composed and before it was written', async () => {
    const erasure = { ...beside.stores, videos, mail: files };
    const { invitationId, deliveryId } = await sendWhileErasing(async (invitationId, write) => {
      await eraseInvitee(erasure, { invitationId, sessionId: null }, Date.now());
      await write();
    });

    expect(filesNamed(mailDir, deliveryId)).toEqual([]);
    expect(await beside.stores.deliveries.deliveryIdsOf(null, invitationId)).toEqual([]);
  });

  it('leaves no file of an email written and marked sent between the erasure’s removal of the files and of the rows', async () => {
    const { stores } = beside;
    const filesRemoved = signal();
    const markedSent = signal();
    const erasure = {
      ...stores,
      videos,
      mail: {
        ...files,
        async forget(deliveryIds: readonly string[]) {
          await files.forget(deliveryIds);
          filesRemoved.give();
        },
      },
      privacy: {
        ...stores.privacy,
        async eraseUnusedInvitation(invitationId: string, at: number) {
          await markedSent.given;
          return stores.privacy.eraseUnusedInvitation(invitationId, at);
        },
      },
    };
    let erasing: Promise<void> | undefined;
    const { invitationId, deliveryId } = await sendWhileErasing(
      async (invitationId, write) => {
        erasing = eraseInvitee(erasure, { invitationId, sessionId: null }, Date.now());
        await filesRemoved.given;
        await write();
      },
      {
        ...stores.deliveries,
        async markSent(...args) {
          try {
            return await stores.deliveries.markSent(...args);
          } finally {
            markedSent.give();
          }
        },
      },
    );
    await erasing;

    expect(filesNamed(mailDir, deliveryId)).toEqual([]);
    expect(await stores.deliveries.deliveryIdsOf(null, invitationId)).toEqual([]);
  });

  it('leaves no file of an email queued, written and marked sent after the erasure read which emails there were', async () => {
    const { stores } = beside;
    const invitationId = await newInvitation();
    const invited = await sendDue(files);
    expect(invited).toHaveLength(1);
    let reminded: string[] = [];
    const erasure = {
      ...stores,
      videos,
      mail: files,
      privacy: {
        ...stores.privacy,
        async eraseUnusedInvitation(invitationId: string, at: number) {
          await stores.deliveries.queueReminders([{ invitationId, testId, email: RACING_EMAIL }], Date.now());
          reminded = await sendDue(files);
          return stores.privacy.eraseUnusedInvitation(invitationId, at);
        },
      },
    };
    await eraseInvitee(erasure, { invitationId, sessionId: null }, Date.now());

    expect(reminded).toHaveLength(1);
    expect(filesNamed(mailDir, invited[0] as string)).toEqual([]);
    expect(filesNamed(mailDir, reminded[0] as string)).toEqual([]);
    expect(await stores.deliveries.deliveryIdsOf(null, invitationId)).toEqual([]);
  });
});

afterAll(() => s3.destroy());

describe.each(TEST_DATABASES)('retention of tests no longer in the catalogue ($name)', (database) => {
  const clock = testClock();
  let server: InProcessServer;
  let drop: () => Promise<void>;
  const dataDir = tempDataDir();
  let env: { DATA_DIR: string; DATABASE_URL?: string };

  beforeAll(async () => {
    const opened = await database.open();
    drop = opened.drop;
    env = { ...opened.env, DATA_DIR: dataDir };
    server = await startServer(env, { now: clock.now });
  });

  afterAll(async () => {
    await server.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function onStores<T>(work: (beside: Awaited<ReturnType<typeof storesBeside>>) => Promise<T>): Promise<T> {
    const beside = await storesBeside(env);
    try {
      return await work(beside);
    } finally {
      await beside.close();
    }
  }

  /** A candidate of the catalogue's test who answered (so no silent session) and recorded a video. */
  async function candidateWithVideo() {
    const invitation = await invite(server.url, clock.now());
    const { unique, status } = await registerWith(server.url, invitation.token);
    expect(status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(unique))).status).toBe(200);
    const video = syntheticWebm(20_000);
    const upload = await createUpload(server.url, video.length, { unique, data: testId });
    expect((await patchUpload(upload.uploadUrl as string, 0, video)).status).toBe(204);
    return { unique, uploadId: path.basename(new URL(upload.uploadUrl as string).pathname) };
  }

  async function answering(): Promise<string> {
    const unique = newSessionId();
    expect((await postJson(server.url, '/api/now-assessment', registration(unique))).status).toBe(200);
    expect((await postJson(server.url, '/api/answers', answers(unique))).status).toBe(200);
    return unique;
  }

  /** An unused personal invitation whose link stops working at `expiresAt`. */
  async function unusedUntil(expiresAt: number): Promise<string> {
    const email = `unused-${newSessionId()}@mail.example`;
    const invitation = await invite(server.url, clock.now(), { email, expiresAt: new Date(expiresAt).toISOString() });
    return invitation.invitationId;
  }

  it('erases them by the shortest period any company ever set, and keeps the catalogue’s by their own', async () => {
    const start = clock.now();
    // Shortened to 20 days for a moment, then lengthened: a candidate of the moment was told 20.
    await onStores(async ({ stores }) => {
      await stores.privacy.setRetentionDays(companyId, 20, start - 2);
      await stores.privacy.setRetentionDays(companyId, 400, start - 1);
    });
    const oldGone = await candidateWithVideo();
    const endedGone = await unusedUntil(start + HOUR);
    const listed = await answering();
    const endedListed = await unusedUntil(start + HOUR);
    clock.advance(10 * DAY);
    const recentGone = await answering();
    const recentEndedGone = await unusedUntil(clock.now() + HOUR);
    await leaveCatalogue(env, {
      sessionIds: [oldGone.unique, recentGone],
      invitationIds: [endedGone, recentEndedGone],
    });
    expect(filesNamed(dataDir, oldGone.uploadId).length).toBeGreaterThan(0);

    clock.set(start + 20 * DAY + 2 * HOUR);
    await server.app.periodicTasks.runDue();

    await onStores(async ({ stores, reads }) => {
      expect(await stores.sessions.getSession(oldGone.unique)).toBeUndefined();
      const erased = await reads
        .selectFrom('erased_sessions')
        .select(['test_id', 'reason'])
        .where('session_id', '=', oldGone.unique)
        .execute();
      expect(erased).toEqual([{ test_id: GONE_TEST, reason: 'retention' }]);
      expect(await stores.invitations.getInvitation(endedGone)).toMatchObject({ email: '', name: null });

      expect(await stores.sessions.getSession(recentGone)).toBeDefined();
      expect((await stores.invitations.getInvitation(recentEndedGone))?.email).not.toBe('');
      expect(await stores.sessions.getSession(listed)).toBeDefined();
      expect((await stores.invitations.getInvitation(endedListed))?.email).not.toBe('');
    });
    expect(filesNamed(dataDir, oldGone.uploadId)).toEqual([]);
    expect((await myRecordStatus(server.url, oldGone.unique)).status).toBe(410);

    // The recent ones go once the same 20 days have passed for them too.
    clock.advance(10 * DAY);
    await server.app.periodicTasks.runDue();
    await onStores(async ({ stores }) => {
      expect(await stores.sessions.getSession(recentGone)).toBeUndefined();
      expect(await stores.invitations.getInvitation(recentEndedGone)).toMatchObject({ email: '', name: null });
      expect(await stores.sessions.getSession(listed)).toBeDefined();
    });
  });
});
