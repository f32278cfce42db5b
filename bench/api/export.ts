import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type AnswersPayload, CSRF_HEADER, type FeedbackPayload } from '@assessment/core';
import { makeTempDir, repoRoot, type ServerProcess } from '../lib/processes.ts';
import { INVITE, register, startProductServer } from '../lib/product.ts';
import { percentile, type Row } from '../lib/report.ts';
import { formattedAnswer } from './formatted-answer.ts';

/** Issue 22 saw 2,000 candidates' CSV hold the event loop for 1.67 s. */
const CANDIDATES = 2_000;
/** Candidates stored at once while seeding. */
const SEEDING_CONNECTIONS = 20;
/** The goal: whatever the count, the event loop never waits longer than this. */
const WAIT_GOAL_MS = 50;
/** How often the watcher asks `/api/health`, one request after another. */
const WATCH_PAUSE_MS = 5;
const IDLE_WATCH_MS = 3_000;
/** The company of the catalogue's sample invitation. */
const COMPANY = 'lumenvault';

/** One finished candidate as the product stores it: details, three formatted answers (final), feedback. */
async function storeCandidate(origin: string, index: number): Promise<void> {
  const unique = `bench-export-${index}`;
  const headers = { 'content-type': 'application/json', ...(await register(origin, unique)) };
  const question = { pastes: [], droppedPastes: 0, switches: 0 };
  const answers: AnswersPayload = {
    unique,
    data: INVITE,
    answers: [formattedAnswer(index), formattedAnswer(index + 1), formattedAnswer(index + 2)],
    proctoring: { tabSwitches: 0, perQuestion: [question, question, question] },
    revision: 1,
    savedAt: Date.now(),
    final: true,
  };
  const feedback: FeedbackPayload = {
    unique,
    data: INVITE,
    userName: 'Bench Candidate',
    companyName: 'Lumenvault',
    roleName: 'Growth Marketing Manager',
    feedback: 'Clear questions, fair time.',
    currentScore: 3,
  };
  for (const [route, body] of [
    ['/api/answers', answers],
    ['/api/feedback', feedback],
  ] as const) {
    const response = await fetch(`${origin}${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
  }
}

async function storeCandidates(origin: string): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: SEEDING_CONNECTIONS }, async () => {
      while (next < CANDIDATES) await storeCandidate(origin, next++);
    }),
  );
}

/** A reviewer of the sample test's company, added with the product's own CLI to the server's database. */
async function addReviewer(dataDir: string, email: string, password: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/reviewer-cli.ts', 'add', '--company', COMPANY, '--email', email],
    { cwd: path.join(repoRoot, 'api'), env: { ...process.env, DATA_DIR: dataDir }, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  child.stdin.end(`${password}\n`);
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`The reviewer CLI failed: ${errors}`);
}

/** Signs in as the review page does and returns the headers of its later requests. */
async function signIn(origin: string, email: string, password: string): Promise<Record<string, string>> {
  const response = await fetch(`${origin}/api/review/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (response.status !== 204 || !cookie) throw new Error(`Sign-in answered ${response.status}`);
  const me = (await (await fetch(`${origin}/api/review/me`, { headers: { cookie, origin } })).json()) as {
    csrfToken: string;
  };
  return { cookie, origin, [CSRF_HEADER]: me.csrfToken };
}

/**
 * Asks `/api/health` one request after another until `until` settles: each answer's wait is how
 * long the server's event loop kept it, plus the loopback round trip.
 */
async function watchHealth(origin: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const waits: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${origin}/api/health`);
    await response.arrayBuffer();
    waits.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, WATCH_PAUSE_MS));
  }
  return waits;
}

export interface ExportResult {
  candidates: number;
  csvBytes: number;
  exportMs: number;
  idle: { maxMs: number; p99Ms: number; probes: number };
  during: { maxMs: number; p99Ms: number; probes: number };
}

/**
 * The longest wait of `/api/health` while a reviewer downloads the CSV of 2,000 finished
 * candidates, beside its longest wait on the same idle server: the export must share the
 * event loop, never hold it.
 */
export async function benchExport(log: (line: string) => void): Promise<{ row: Row; result: ExportResult }> {
  const dataDir = makeTempDir('export-data');
  const email = 'bench-reviewer@lumenvault.example';
  const password = randomBytes(18).toString('base64url');
  await addReviewer(dataDir, email, password);
  let server: ServerProcess | undefined;
  try {
    server = await startProductServer({
      DATA_DIR: dataDir,
      REGISTRATIONS_PER_BLOCK_PER_HOUR: '100000000',
      REGISTRATIONS_PER_TEST_PER_HOUR: '100000000',
    });
    const { origin } = server;
    log(`api: storing ${CANDIDATES} finished candidates for the CSV export`);
    await storeCandidates(origin);
    const headers = await signIn(origin, email, password);
    const idleWaits = await watchHealth(origin, new Promise((resolve) => setTimeout(resolve, IDLE_WATCH_MS)));
    log(`api: downloading their CSV while /api/health is asked every ${WATCH_PAUSE_MS} ms`);
    const started = performance.now();
    const download = fetch(`${origin}/api/review/tests/${INVITE}/export.csv`, { headers }).then(async (response) => {
      if (!response.ok) throw new Error(`The export answered ${response.status}`);
      return (await response.arrayBuffer()).byteLength;
    });
    const [csvBytes, waits] = await Promise.all([download, watchHealth(origin, download)]);
    const exportMs = performance.now() - started;
    const summary = (values: number[]) => ({
      maxMs: Math.max(...values),
      p99Ms: percentile(values, 99),
      probes: values.length,
    });
    const result: ExportResult = {
      candidates: CANDIDATES,
      csvBytes,
      exportMs,
      idle: summary(idleWaits),
      during: summary(waits),
    };
    return {
      result,
      row: {
        group: 'api',
        name: `GET /api/health longest wait, during a CSV export of ${CANDIDATES} candidates`,
        value: result.during.maxMs,
        unit: 'ms',
        detail: `p99 ${result.during.p99Ms.toFixed(1)} ms over ${result.during.probes} probes; ${(csvBytes / 1e6).toFixed(1)} MB in ${(exportMs / 1000).toFixed(1)} s`,
        baseline: {
          label: 'idle',
          value: result.idle.maxMs,
          detail: `p99 ${result.idle.p99Ms.toFixed(1)} ms over ${result.idle.probes} probes`,
        },
        goals: [{ text: `≤ ${WAIT_GOAL_MS} ms`, met: result.during.maxMs <= WAIT_GOAL_MS }],
      },
    };
  } finally {
    await server?.stop();
  }
}
