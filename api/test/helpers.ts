import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  type AnswersPayload,
  type DeviceCheckPayload,
  type FeedbackPayload,
  newSessionKey,
  type QuizCompletePayload,
  type RegistrationPayload,
  SESSION_KEY_HEADER,
  sampleTestId,
} from '@assessment/core';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { SessionView } from '../src/admin/session-view.ts';
import { type AppOptions, buildApp } from '../src/app.ts';
import { configFromEnv, type S3Settings } from '../src/config.ts';
import { createS3Client } from '../src/storage/videos/s3-video-store.ts';

// The app logs through Fastify; in tests only what goes wrong is worth reading.
process.env.LOG_LEVEL ??= 'warn';

export const apiRoot = path.resolve(import.meta.dirname, '..');

/** The built file of an API entry point (`main`, `reviewer-cli`, …), from this run's build (`services-setup.ts`). */
export function builtApi(entry: string): string {
  return path.join(inject('apiBuild'), `${entry}.js`);
}
export const testId = sampleTestId;
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'assessment-api-'));
}

let nextSessionNumber = 0;
export function newSessionId(): string {
  nextSessionNumber += 1;
  return `s-${process.pid}-${Date.now().toString(36)}-${nextSessionNumber}`;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/*
 * The API tests' servers listen on 8300-8399. Test files run in parallel workers, and a port found
 * free is only taken once its server starts, so two searches of the same ports could both pick
 * one (two servers started at once by one file, or by two files). Instead each worker has its own
 * quarter (VITEST_POOL_ID runs from 1 to the number of workers) and hands its ports out in turn.
 */
const PORTS_PER_WORKER = 25;
const firstPort = 8300 + ((Number(process.env.VITEST_POOL_ID ?? 1) - 1) % 4) * PORTS_PER_WORKER;
let nextPort = 0;

/** A port of this worker's quarter that no server of its own was given lately and nothing holds. */
export async function freePort(): Promise<number> {
  for (let tried = 0; tried < PORTS_PER_WORKER; tried += 1) {
    const port = firstPort + (nextPort++ % PORTS_PER_WORKER);
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port in ${firstPort}-${firstPort + PORTS_PER_WORKER - 1}`);
}

/**
 * The `S3_*` settings of the run's S3-protocol server, with a new bucket of the caller's own. A
 * server whose hourly sweep runs on a clock days ahead deletes every video its database does not
 * name: in the run's one bucket, those of the other test files.
 */
export async function newBucketEnv() {
  const services = inject('services');
  const env = {
    S3_ENDPOINT: services.S3_ENDPOINT,
    S3_BUCKET: `test-${randomBytes(6).toString('hex')}`,
    S3_REGION: services.S3_REGION,
    S3_ACCESS_KEY_ID: services.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: services.S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: services.S3_FORCE_PATH_STYLE,
  };
  const client = await createS3Client(configFromEnv(env).s3 as S3Settings);
  try {
    await client.send(new CreateBucketCommand({ Bucket: env.S3_BUCKET }));
  } finally {
    client.destroy();
  }
  return env;
}

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface InProcessServer extends RunningServer {
  app: FastifyInstance;
}

/** The real app on a real port (env.PORT, else a free one), in this process. */
export async function startServer(
  env: Record<string, string | undefined> = {},
  options: AppOptions = {},
): Promise<InProcessServer> {
  const ownDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? tempDataDir();
  for (let attempt = 0; ; attempt += 1) {
    const port = env.PORT ? Number(env.PORT) : await freePort();
    const config = configFromEnv({ ADMIN_TOKEN, ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    const app = await buildApp(config, options);
    try {
      await app.listen({ port, host: '127.0.0.1' });
      const stop = async () => {
        await app.close();
        if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      };
      return { app, url: `http://127.0.0.1:${port}`, dataDir, stop };
    } catch (error) {
      await app.close();
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || env.PORT || attempt > 5) throw error;
    }
  }
}

export interface ChildServer extends RunningServer {
  child: ChildProcess;
  port: number;
  kill(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Server did not become healthy');
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The real server as its own process (the run's build of it), so a test can SIGKILL it. */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
  port?: number,
  /** Given each line the server logs (JSON, at warning level and above). */
  onLog?: (line: string) => void,
): Promise<ChildServer> {
  const chosenPort = port ?? (await freePort());
  const child = spawn(process.execPath, [builtApi('main')], {
    cwd: apiRoot,
    env: {
      ...process.env,
      ADMIN_TOKEN,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(chosenPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', onLog ? 'pipe' : 'ignore', 'inherit'],
  });
  if (onLog && child.stdout) {
    createInterface({ input: child.stdout }).on('line', onLog);
  }
  const url = `http://127.0.0.1:${chosenPort}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    child,
    port: chosenPort,
    url,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}

/**
 * The session key each test session's "browser" holds, made on first use: the test process plays
 * every candidate's browser, and, like a browser, sends a session's key with its writes.
 */
const sessionKeys = new Map<string, string>();
export function keyOf(unique: string): string {
  let key = sessionKeys.get(unique);
  if (!key) {
    key = newSessionKey();
    sessionKeys.set(unique, key);
  }
  return key;
}

/** `key`: the session key to send; by default the key of the session the body names, `null` for none. */
export interface KeyOption {
  key?: string | null;
}

function keyHeader(unique: unknown, option: KeyOption): Record<string, string> {
  const key = option.key === undefined ? (typeof unique === 'string' ? keyOf(unique) : null) : option.key;
  return key === null ? {} : { [SESSION_KEY_HEADER]: key };
}

/** A JSON answer of the API: `{ error }` when refused, else the route's own fields. */
export type ApiBody = { error?: string } & Record<string, unknown>;

export async function postJson(
  url: string,
  route: string,
  body: unknown,
  option: KeyOption = {},
): Promise<{ status: number; body: ApiBody }> {
  const unique = typeof body === 'object' && body !== null ? (body as { unique?: unknown }).unique : undefined;
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...keyHeader(unique, option) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Registers a session from its own "browser" and returns its id. */
export async function registered(url: string, unique = newSessionId()): Promise<string> {
  const response = await postJson(url, '/api/now-assessment', registration(unique));
  if (response.status !== 200) throw new Error(`registration answered ${response.status}: ${response.body?.error}`);
  return unique;
}

export function adminGet(url: string, route: string): Promise<Response> {
  return fetch(`${url}${route}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
}

/** Every session the admin API lists, page after page (every time is already an ISO string). */
export async function adminSessions(url: string, query = ''): Promise<SessionView[]> {
  const sessions: SessionView[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(query);
    if (cursor) params.set('cursor', cursor);
    const response = await adminGet(url, `/api/admin/sessions?${params}`);
    if (!response.ok) throw new Error(`admin sessions answered ${response.status}`);
    const page = (await response.json()) as { sessions: SessionView[]; next: string | null };
    sessions.push(...page.sessions);
    cursor = page.next;
  } while (cursor);
  return sessions;
}

export async function adminSession(url: string, unique: string): Promise<SessionView> {
  const response = await adminGet(url, `/api/admin/sessions/${encodeURIComponent(unique)}`);
  if (!response.ok) throw new Error(`No session ${unique} (${response.status})`);
  return (await response.json()) as SessionView;
}

/** The email every test registration carries; a personal link for this candidate is made for it. */
export const CANDIDATE_EMAIL = 'ada@mail.example';

export function registration(unique: string, overrides: Partial<RegistrationPayload> = {}): RegistrationPayload {
  const deviceInfo = {
    os: { name: 'Linux', version: '' },
    browser: { name: 'Chromium', major: '140', version: '140.0.1' },
    mobile: false,
    social: 'https://social.example/ada',
    gender: '',
    screen: '1920 x 1080',
  };
  return {
    unique,
    data: testId,
    name: 'Ada Lovelace',
    email: CANDIDATE_EMAIL,
    company: `Lumenvault${JSON.stringify(deviceInfo)}`,
    fullName: 'Ada Lovelace',
    workExperience: '4-6 Years',
    social: 'https://social.example/ada',
    gender: '',
    declaration: true,
    startTime: 1_750_000_000_000,
    deviceInfo,
    ...overrides,
  };
}

export function answers(unique: string, overrides: Partial<AnswersPayload> = {}): AnswersPayload {
  const question = { pastes: [], switches: 0 };
  return {
    unique,
    data: testId,
    answers: ['<p>One</p>', '<p>Two</p>', '<p>Three</p>'],
    proctoring: { tabSwitches: 0, perQuestion: [question, question, question] },
    revision: 1,
    savedAt: 1_750_000_000_000,
    final: false,
    ...overrides,
  };
}

export function deviceCheck(unique: string, overrides: Partial<DeviceCheckPayload> = {}): DeviceCheckPayload {
  return {
    unique,
    data: testId,
    company: 'Lumenvault',
    checkId: 'check-1',
    facts: { secureContext: true, mediaDevicesAvailable: true, videoInputs: 1, permission: 'granted' },
    ...overrides,
  };
}

export function quizComplete(unique: string): QuizCompletePayload {
  return { unique, data: testId, userName: 'Ada Lovelace', companyName: 'Lumenvault', roleName: 'Growth' };
}

export function feedback(unique: string, overrides: Partial<FeedbackPayload> = {}): FeedbackPayload {
  return {
    unique,
    data: testId,
    userName: 'Ada Lovelace',
    companyName: 'Lumenvault',
    roleName: 'Growth',
    feedback: 'Clear questions.',
    currentScore: 4,
    ...overrides,
  };
}

/**
 * A one-second WebM take of 64×48 pictures, written by ffmpeg to a pipe as a browser's recorder
 * writes it (no Duration element): the server plays its first picture before keeping an upload.
 */
export const TAKE_WEBM = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/take.webm'));

/** A few MB of a real take followed by recognisable content throughout, as a long take would be. */
export function syntheticWebm(bytes: number): Buffer {
  const buffer = Buffer.alloc(bytes);
  for (let index = 0; index < bytes; index += 1) buffer[index] = (index * 31 + (index >> 8)) & 0xff;
  TAKE_WEBM.copy(buffer, 0);
  return buffer;
}

export function tusMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** The session key of each upload's session, by its path, so resuming sends the same key. */
const uploadKeys = new Map<string, string | null>();
const uploadPath = (uploadUrl: string) => new URL(uploadUrl).pathname;

/** Creates a tus upload and returns its absolute URL. */
export async function createUpload(
  url: string,
  length: number,
  metadata: Record<string, string>,
  option: KeyOption = {},
) {
  const headers = keyHeader(metadata.unique, option);
  const response = await fetch(`${url}/api/videos/`, {
    method: 'POST',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(length),
      'Upload-Metadata': tusMetadata(metadata),
      ...headers,
    },
  });
  const body = await response.text();
  const location = response.headers.get('location');
  const uploadUrl = location ? new URL(location, url).href : undefined;
  if (uploadUrl) uploadKeys.set(uploadPath(uploadUrl), headers[SESSION_KEY_HEADER] ?? null);
  return { status: response.status, body, headers: response.headers, uploadUrl };
}

function uploadKeyHeader(uploadUrl: string, option: KeyOption): Record<string, string> {
  const key = option.key === undefined ? (uploadKeys.get(uploadPath(uploadUrl)) ?? null) : option.key;
  return key === null ? {} : { [SESSION_KEY_HEADER]: key };
}

export async function patchUpload(uploadUrl: string, offset: number, chunk: Buffer, option: KeyOption = {}) {
  const response = await fetch(uploadUrl, {
    method: 'PATCH',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
      ...uploadKeyHeader(uploadUrl, option),
    },
    body: new Uint8Array(chunk),
  });
  return {
    status: response.status,
    offset: Number(response.headers.get('upload-offset')),
    headers: response.headers,
    body: await response.text(),
  };
}

/** A tus HEAD, as a client resuming an upload sends it. */
export function uploadHead(uploadUrl: string, option: KeyOption = {}): Promise<Response> {
  return fetch(uploadUrl, {
    method: 'HEAD',
    headers: { 'Tus-Resumable': '1.0.0', ...uploadKeyHeader(uploadUrl, option) },
  });
}

export async function uploadOffset(
  uploadUrl: string,
  option: KeyOption = {},
): Promise<{ status: number; offset: number }> {
  const response = await uploadHead(uploadUrl, option);
  return { status: response.status, offset: Number(response.headers.get('upload-offset')) };
}

/** The session key header for a session, for tests that send requests of their own. */
export function keyHeaders(unique: string): Record<string, string> {
  return { [SESSION_KEY_HEADER]: keyOf(unique) };
}

/**
 * A POST of `payload` as session `unique`, sent from `address`, a loopback address of its own
 * (Linux answers on all of 127.0.0.0/8), so the server sees the address on the socket, as it
 * would a real client's.
 */
export function postJsonFrom(url: string, address: string, route: string, unique: string, payload: unknown) {
  const body = JSON.stringify(payload);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: { error?: string } }>(
    (resolve, reject) => {
      const request = http.request(
        `${url}${route}`,
        {
          method: 'POST',
          localAddress: address,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...keyHeaders(unique),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    },
  );
}
