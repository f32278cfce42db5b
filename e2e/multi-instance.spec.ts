import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { newSessionKey, SESSION_KEY_HEADER } from '@assessment/core';
import { packBuildFolder } from '../release/src/pack.ts';
import {
  ADA,
  type AdminSession,
  agreeAndStart,
  test as base,
  expect,
  failedRequest,
  SAMPLE_ID,
  sessionId,
} from './fixtures.ts';
import { answerBox, completeQuiz, openQuestion } from './quiz-helpers.ts';
import {
  CLUSTER_ADMIN_TOKEN,
  CLUSTER_RATE_LIMIT_PER_MINUTE,
  startTwoInstances,
  type TwoInstances,
} from './support/api-instances.ts';
import { runCommand } from './support/product-server.ts';
import { registrationPayload } from './support/registration.ts';
import { serveFolder } from './support/static-server.ts';
import { connectCamera, IPREP, openVideoSection, recordFor, VINTRO } from './video-helpers.ts';

/**
 * Two API instances sharing PostgreSQL, the S3-protocol server, Redis and the uploads folder, with
 * a round-robin balancer in front: the page and every request of it come through the balancer,
 * and the hiring company's read-out is asked of each instance directly. Started once for the file.
 */
const test = base.extend<Record<never, never>, { cluster: TwoInstances }>({
  cluster: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const cluster = await startTwoInstances();
      await use(cluster);
      await cluster.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ cluster }, use) => use(cluster.proxy.origin),
});

// In order, in one worker: the servers start once, and the test that kills an instance runs last.
test.describe.configure({ mode: 'default' });

const auth = { authorization: `Bearer ${CLUSTER_ADMIN_TOKEN}` };
const sha256 = (bytes: Buffer | ArrayBuffer) =>
  createHash('sha256')
    .update(Buffer.from(bytes as ArrayBuffer))
    .digest('hex');

async function adminFrom(origin: string, unique: string): Promise<AdminSession | undefined> {
  const response = await fetch(`${origin}/api/admin/sessions/${encodeURIComponent(unique)}`, { headers: auth });
  return response.status === 404 ? undefined : ((await response.json()) as AdminSession);
}

async function listedBy(origin: string): Promise<string[]> {
  const response = await fetch(`${origin}/api/admin/sessions?limit=200`, { headers: auth });
  return ((await response.json()) as { sessions: AdminSession[] }).sessions.map((session) => session.sessionId);
}

async function videoFrom(origin: string, unique: string): Promise<Buffer> {
  const response = await fetch(`${origin}/api/admin/sessions/${encodeURIComponent(unique)}/video`, { headers: auth });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

function post(origin: string, route: string, body: object, key: string | null) {
  return fetch(`${origin}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'Session-Key': key }) },
    body: JSON.stringify(body),
  });
}

test("a candidate's whole assessment, each request on the next instance, reads the same on both", async ({
  page,
  cluster,
}) => {
  const from = cluster.proxy.served.length;
  await agreeAndStart(page);
  await openQuestion(page, 1);
  await answerBox(page).click();
  await page.keyboard.type('Answered across two servers');
  await page.getByRole('button', { name: 'All questions' }).click();
  await completeQuiz(page);
  await expect(page).toHaveURL(VINTRO);

  await connectCamera(page);
  await recordFor(page, 2, 'Record Now');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(IPREP);

  await page.locator('label[for="feedback-star-3"]').click();
  await page.getByLabel(/What could make this assessment better/).fill('Smooth, whichever server answered.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('All responses have been submitted successfully!')).toBeVisible();

  const unique = await sessionId(page);
  await expect.poll(async () => (await adminFrom(cluster.a.origin, unique))?.feedback?.stars).toBe(4);
  const fromA = await adminFrom(cluster.a.origin, unique);
  expect(await adminFrom(cluster.b.origin, unique)).toEqual(fromA);
  expect(fromA).toMatchObject({
    testId: SAMPLE_ID,
    registration: { email: ADA.email, fullName: ADA.fullName },
    answers: { html: ['<p>Answered across two servers</p>', '', ''], final: true },
    quizCompletedAt: expect.any(String),
    video: { status: 'complete', contentType: 'video/webm' },
    feedback: { stars: 4, feedback: 'Smooth, whichever server answered.' },
  });
  expect(fromA?.deviceChecks.at(-1)).toMatchObject({ result: true });
  expect(await listedBy(cluster.a.origin)).toContain(unique);
  expect(await listedBy(cluster.b.origin)).toContain(unique);
  const video = await videoFrom(cluster.a.origin, unique);
  expect(video.length).toBe(fromA?.video.bytes);
  expect(sha256(await videoFrom(cluster.b.origin, unique))).toBe(sha256(video));

  // The candidate's writes went to both instances, and every one of them was taken.
  const writes = cluster.proxy.served
    .slice(from)
    .filter((one) => one.path.startsWith('/api/') && !one.path.startsWith('/api/admin/') && one.method !== 'GET');
  expect(new Set(writes.map((one) => one.upstream))).toEqual(new Set(['A', 'B']));
  expect(writes.filter((one) => one.status >= 300)).toEqual([]);
});

test('a session key and the rate limits hold across the instances', async ({ cluster }) => {
  const { a, b } = cluster;
  const register = async (origin: string) => {
    const unique = `cluster-${randomId()}`;
    const key = newSessionKey();
    expect((await post(origin, '/api/now-assessment', registrationPayload(unique, SAMPLE_ID), key)).status).toBe(200);
    return { unique, key };
  };
  const feedback = (unique: string) => ({
    unique,
    data: SAMPLE_ID,
    userName: 'Ada Lovelace',
    companyName: 'Lumenvault',
    roleName: 'Growth',
    feedback: 'Fine.',
    currentScore: 3,
  });

  // Registered on A, written on B: B checks the key against the session A opened.
  const ada = await register(a.origin);
  const mallory = await register(b.origin);
  expect((await post(b.origin, '/api/feedback', feedback(ada.unique), null)).status).toBe(401);
  expect((await post(b.origin, '/api/feedback', feedback(ada.unique), newSessionKey())).status).toBe(403);
  expect((await post(b.origin, '/api/feedback', feedback(ada.unique), mallory.key)).status).toBe(403);
  expect((await post(a.origin, '/api/feedback', feedback(ada.unique), mallory.key)).status).toBe(403);
  expect((await adminFrom(a.origin, ada.unique))?.feedback).toBeNull();
  expect((await post(b.origin, '/api/feedback', feedback(ada.unique), ada.key)).status).toBe(200);

  // A session's limit is counted in Redis, once for both: half on each instance fills it. With
  // counts of their own, each instance would have seen only half the limit and let the next one in.
  const counted = await register(a.origin);
  const statuses: number[] = [];
  for (let sent = 0; sent < CLUSTER_RATE_LIMIT_PER_MINUTE; sent += 10) {
    const batch = Array.from({ length: 10 }, (_, index) =>
      post((sent + index) % 2 === 0 ? a.origin : b.origin, '/api/feedback', feedback(counted.unique), counted.key),
    );
    statuses.push(...(await Promise.all(batch)).map((response) => response.status));
  }
  expect(statuses).toEqual(Array(CLUSTER_RATE_LIMIT_PER_MINUTE).fill(200));
  for (const origin of [a.origin, b.origin]) {
    const refused = await post(origin, '/api/feedback', feedback(counted.unique), counted.key);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }
});

test("a release made live through A is served by B within 5 s, and B's pages allow a hosted release before it is live", async ({
  cluster,
}) => {
  const { a, b } = cluster;
  const added = await runCommand(
    process.execPath,
    ['dist/release-key-cli.js', 'add', '--section', 'feedback', '--name', 'feedback CI'],
    cluster.env,
    path.resolve(import.meta.dirname, '../api'),
  );
  const key = /Key, shown only this once: (\S+)/.exec(added.output)?.[1] ?? '';
  const headers = { authorization: `Bearer ${key}` };
  const remotes = async (origin: string) =>
    (await (await fetch(`${origin}/remotes.json`)).json()) as Record<string, string>;
  const live = async (origin: string) =>
    (
      (await (await fetch(`${origin}/api/releases`, { headers })).json()) as {
        sections: { section: string; live: { version: string } }[];
      }
    ).sections.find((row) => row.section === 'feedback')?.live.version ?? null;
  const makeLive = (version: string, from: string | null) =>
    fetch(`${a.origin}/api/releases/feedback/live`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ version, from }),
    });

  // Uploaded through A into the bucket, made live through A, served by B without a restart.
  const build = path.resolve(import.meta.dirname, '../remote-feedback/dist');
  const { archive } = await packBuildFolder(build);
  const uploaded = await fetch(`${a.origin}/api/releases/feedback?label=through-a`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/gzip' },
    body: new Uint8Array(archive),
  });
  expect(uploaded.status).toBe(201);
  const { version } = ((await uploaded.json()) as { release: { version: string } }).release;
  const changed = Date.now();
  expect((await makeLive(version, await live(b.origin))).status).toBe(200);
  await expect
    .poll(async () => (await remotes(b.origin)).remoteFeedback, { timeout: 5000, intervals: [100] })
    .toBe(`/remotes/feedback/${version}/remoteEntry.js`);
  expect(Date.now() - changed).toBeLessThan(5000);
  const entry = await fetch(`${b.origin}/remotes/feedback/${version}/remoteEntry.js`);
  expect(entry.status).toBe(200);
  expect(await entry.text()).toBe(fs.readFileSync(path.join(build, 'remoteEntry.js'), 'utf8'));

  // A team's own host: once the release is live through A, a page B serves already allows its
  // origin, so that page loads the remotes.json A serves.
  const host = await serveFolder(build);
  try {
    const hosted = await fetch(`${a.origin}/api/releases/feedback`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${host.origin}/remoteEntry.js`, label: 'hosted' }),
    });
    expect(hosted.status).toBe(201);
    const hostedVersion = ((await hosted.json()) as { release: { version: string } }).release.version;
    expect((await makeLive(hostedVersion, version)).status).toBe(200);
    expect((await remotes(a.origin)).remoteFeedback).toBe(`${host.origin}/remoteEntry.js`);
    const page = await fetch(`${b.origin}/invite/${SAMPLE_ID}`);
    expect(page.headers.get('content-security-policy')).toContain(`script-src 'self' ${host.origin}`);
  } finally {
    // The next tests' candidates need a feedback section whose host is still up.
    const back = await fetch(`${a.origin}/api/releases/feedback/rollback`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ to: version }),
    });
    expect(back.status).toBe(200);
    await expect.poll(async () => (await remotes(b.origin)).remoteFeedback).toContain(version);
    await host.close();
  }
});

test('a share set through A governs the sessions opened on B, each of which keeps its set on both', async ({
  cluster,
}) => {
  const { a, b } = cluster;
  const added = await runCommand(
    process.execPath,
    ['dist/release-key-cli.js', 'add', '--section', 'feedback', '--name', 'feedback shares'],
    cluster.env,
    path.resolve(import.meta.dirname, '../api'),
  );
  const headers = { authorization: `Bearer ${/Key, shown only this once: (\S+)/.exec(added.output)?.[1] ?? ''}` };
  const served = async (origin: string, key: string | null) => {
    const response = await fetch(`${origin}/remotes.json`, { headers: key ? { [SESSION_KEY_HEADER]: key } : {} });
    return ((await response.json()) as Record<string, string>).remoteFeedback;
  };
  const { archive } = await packBuildFolder(path.resolve(import.meta.dirname, '../remote-feedback/dist'));
  const uploaded = await fetch(`${a.origin}/api/releases/feedback?label=half-through-a`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/gzip' },
    body: new Uint8Array(archive),
  });
  expect(uploaded.status).toBe(201);
  const { version } = ((await uploaded.json()) as { release: { version: string } }).release;
  const onShare = `/remotes/feedback/${version}/remoteEntry.js`;
  const live = await served(b.origin, null);
  const shared = await fetch(`${a.origin}/api/releases/feedback/live`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ version, share: 50 }),
  });
  expect(shared.status).toBe(200);
  try {
    // B hears of the share within 5 s; before registration, a page gets the live set.
    await expect
      .poll(async () => (await fetch(`${b.origin}/remotes.json`)).headers.get('release-shares'), { timeout: 5000 })
      .not.toBe('off');
    expect(await served(b.origin, null)).toBe(live);
    const got = { share: 0, live: 0 };
    for (let index = 0; index < 16; index += 1) {
      const key = newSessionKey();
      const registered = await post(
        b.origin,
        '/api/now-assessment',
        registrationPayload(`share-${randomId()}`, SAMPLE_ID),
        key,
      );
      expect(registered.status).toBe(200);
      const onB = await served(b.origin, key);
      expect([onShare, live]).toContain(onB);
      // The set B chose is the session's, on A too.
      expect(await served(a.origin, key)).toBe(onB);
      got[onB === onShare ? 'share' : 'live'] += 1;
    }
    // At 50%, 16 sessions all on one side is a chance of 1 in 32,768.
    expect(got.share).toBeGreaterThan(0);
    expect(got.live).toBeGreaterThan(0);
  } finally {
    const back = await fetch(`${a.origin}/api/releases/feedback/rollback`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(back.status).toBe(200);
  }
});

test('an upload started on A goes on on B when A is killed (SIGKILL), and B holds it byte for byte', async ({
  page,
  cluster,
  allowProblem,
}) => {
  // The browser's PATCH that the test cuts when A is killed.
  allowProblem(failedRequest('/api/videos/', 'net::ERR_CONNECTION_RESET'));
  await openVideoSection(page);
  await connectCamera(page);
  await recordFor(page, 3, 'Record Now');
  const unique = await sessionId(page);

  let uploadLength = 0;
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/api/videos')) {
      uploadLength = Number(sent.headers()['upload-length']);
    }
  });
  // The first PATCH carries the whole take. Half of it goes to A on a connection that stays open,
  // as from a candidate whose network stalled; once A has written it, A is killed mid-request and
  // the browser's own PATCH fails, so the browser resumes, through the balancer, on B.
  let video: Buffer | undefined;
  let onA: Promise<unknown> | undefined;
  await page.route('**/api/videos/**', async (route) => {
    const sent = route.request();
    if (sent.method() !== 'PATCH' || video) return route.continue();
    video = sent.postDataBuffer() ?? Buffer.alloc(0);
    const uploadPath = new URL(sent.url()).pathname;
    const half = Math.floor(video.length / 2);
    onA = stalledPatch(`${cluster.a.origin}${uploadPath}`, video.subarray(0, half), sent.headers());
    const file = path.join(cluster.uploadsDir, path.basename(uploadPath));
    await expect.poll(() => fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0).toBeGreaterThanOrEqual(half);
    await cluster.a.kill();
    await route.abort('connectionreset');
  });

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(IPREP, { timeout: 30_000 });
  expect(await onA).toBeInstanceOf(Error);
  expect(video?.length).toBe(uploadLength);

  const session = await adminFrom(cluster.b.origin, unique);
  expect(session?.video).toMatchObject({ status: 'complete', bytes: uploadLength });
  expect(sha256(await videoFrom(cluster.b.origin, unique))).toBe(sha256(video as Buffer));
});

function randomId(): string {
  return Math.random().toString(36).slice(2, 12);
}

/** A PATCH that sends `bytes` and then neither ends nor sends more, as a stalled connection does. */
function stalledPatch(url: string, bytes: Buffer, browserHeaders: Record<string, string>): Promise<unknown> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes));
    },
  });
  return fetch(url, {
    method: 'PATCH',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': browserHeaders['upload-offset'] ?? '0',
      'Content-Type': 'application/offset+octet-stream',
      'Session-Key': browserHeaders['session-key'] ?? '',
    },
    body,
    duplex: 'half',
  } as RequestInit).catch((error: unknown) => error);
}
