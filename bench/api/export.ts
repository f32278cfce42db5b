import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type AnswersPayload, CSRF_HEADER, RECOMMENDATIONS } from '@assessment/core';
import { formattedAnswer } from '../lib/formatted-answer.ts';
import { makeTempDir, repoRoot, type ServerProcess } from '../lib/processes.ts';
import { feedbackOf, INVITE, register, startProductServer } from '../lib/product.ts';
import { median, percentile, type Row } from '../lib/report.ts';

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
/** Reviewers who rate every stored candidate before their list is timed: the team's score is their mean. */
const RATERS = 2;
/** Times each list is asked, one request after another, after one thrown away. */
const LIST_ASKS = 40;
/** The review page's first page of candidates (`DEFAULT_REVIEW_PAGE_SIZE`). */
const LIST_PAGE = 50;
const ANCHORS = { one: 'Misses the point', three: 'Sound', five: 'Insightful' };

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
  const feedback = feedbackOf(unique, 'Clear questions, fair time.');
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
export async function addReviewer(
  dataDir: string,
  email: string,
  password: string,
  env: NodeJS.ProcessEnv = {},
): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/reviewer-cli.ts', 'add', '--company', COMPANY, '--email', email],
    {
      cwd: path.join(repoRoot, 'api'),
      env: { ...process.env, ...env, DATA_DIR: dataDir },
      stdio: ['pipe', 'ignore', 'pipe'],
    },
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
export async function signIn(origin: string, email: string, password: string): Promise<Record<string, string>> {
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

/** A rubric of one criterion per question, set as an admin sets it on the test's page. */
async function setRubric(origin: string, headers: Record<string, string>): Promise<void> {
  const criteria = [1, 2, 3].map((about) => ({ about, name: `Question ${about}`, anchors: ANCHORS }));
  const response = await fetch(`${origin}/api/review/tests/${INVITE}/rubric`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ editedVersion: null, criteria }),
  });
  if (!response.ok) throw new Error(`The rubric answered ${response.status}: ${await response.text()}`);
}

/** Each reviewer rates every stored candidate, with scores and recommendations that vary between them. */
async function rateEveryone(origin: string, raters: Record<string, string>[]): Promise<void> {
  const ratings = raters.flatMap((headers, rater) =>
    Array.from({ length: CANDIDATES }, (_, index) => ({ headers, rater, index })),
  );
  let next = 0;
  await Promise.all(
    Array.from({ length: SEEDING_CONNECTIONS }, async () => {
      while (next < ratings.length) {
        const { headers, rater, index } = ratings[next++] as (typeof ratings)[number];
        const scores = [0, 1, 2].map((offset) => ((index + rater + offset) % 5) + 1);
        const response = await fetch(`${origin}/api/review/candidates/bench-export-${index}/ratings/mine`, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ rubricVersion: 1, scores, recommendation: RECOMMENDATIONS[(index + rater) % 4] }),
        });
        if (!response.ok) throw new Error(`A rating answered ${response.status}: ${await response.text()}`);
      }
    }),
  );
}

/** How long the first page of the test's candidates takes, `LIST_ASKS` times, with `query`. */
async function timeList(origin: string, headers: Record<string, string>, query: string): Promise<number[]> {
  const url = `${origin}/api/review/tests/${INVITE}/candidates?limit=${LIST_PAGE}&${query}`;
  const times: number[] = [];
  for (let ask = 0; ask <= LIST_ASKS; ask += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`The list (${query}) answered ${response.status}`);
    await response.arrayBuffer();
    if (ask > 0) times.push(performance.now() - started);
  }
  return times;
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

export interface ListTimes {
  medianMs: number;
  p95Ms: number;
}

export interface ExportResult {
  /** The first page of the list, every candidate rated by each rater: by start time, by the team's score, and only "yes". */
  list: { raters: number; byStart: ListTimes; byScore: ListTimes; yesByScore: ListTimes };
  candidates: number;
  csvBytes: number;
  exportMs: number;
  idle: { maxMs: number; p99Ms: number; probes: number };
  during: { maxMs: number; p99Ms: number; probes: number };
}

/**
 * The longest wait of `/api/health` while a reviewer downloads the CSV of 2,000 finished
 * candidates, beside its longest wait on the same idle server: the export must share the
 * event loop, never hold it. Then, each of them rated by two reviewers, the first page of their
 * list sorted by the team's score (one subquery of the ratings per candidate), beside the same
 * page sorted by start time.
 */
export async function benchExport(log: (line: string) => void): Promise<{ rows: Row[]; result: ExportResult }> {
  const dataDir = makeTempDir('export-data');
  const reviewers = Array.from({ length: RATERS }, (_, index) => ({
    email: `bench-reviewer-${index}@lumenvault.example`,
    password: randomBytes(18).toString('base64url'),
  }));
  for (const { email, password } of reviewers) await addReviewer(dataDir, email, password);
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
    const raters = await Promise.all(reviewers.map(({ email, password }) => signIn(origin, email, password)));
    const headers = raters[0] as Record<string, string>;
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

    log(`api: ${RATERS} reviewers rate each of the ${CANDIDATES} candidates, then their list is timed`);
    await setRubric(origin, headers);
    await rateEveryone(origin, raters);
    const listTimes = (times: number[]): ListTimes => ({ medianMs: median(times), p95Ms: percentile(times, 95) });
    const byStart = listTimes(await timeList(origin, headers, 'sort=startedAt&order=desc'));
    const byScore = listTimes(await timeList(origin, headers, 'sort=score&order=desc'));
    const yesByScore = listTimes(await timeList(origin, headers, 'sort=score&order=desc&recommendation=yes'));
    const result: ExportResult = {
      list: { raters: RATERS, byStart, byScore, yesByScore },
      candidates: CANDIDATES,
      csvBytes,
      exportMs,
      idle: summary(idleWaits),
      during: summary(waits),
    };
    return {
      result,
      rows: [
        {
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
        {
          group: 'api',
          name: `GET the first ${LIST_PAGE} of ${CANDIDATES} candidates sorted by the team's score (${RATERS} ratings each), median`,
          value: byScore.medianMs,
          unit: 'ms',
          detail: `p95 ${byScore.p95Ms.toFixed(1)} ms; only "yes", by score: median ${yesByScore.medianMs.toFixed(1)} ms, p95 ${yesByScore.p95Ms.toFixed(1)} ms`,
          baseline: {
            label: 'sorted by start time',
            value: byStart.medianMs,
            detail: `p95 ${byStart.p95Ms.toFixed(1)} ms`,
          },
        },
      ],
    };
  } finally {
    await server?.stop();
  }
}
