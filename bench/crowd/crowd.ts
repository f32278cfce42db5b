import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { type AnswersPayload, newSessionKey, SESSION_KEY_HEADER, type SessionView } from '@assessment/core';
import { Client } from 'undici';
import { type Services, startServices } from '../../scripts/services.mjs';
import { BACKOFF_CAP_MS, createBackoff } from '../../shared/core/src/api/outbox/backoff.ts';
import { formattedAnswer } from '../lib/formatted-answer.ts';
import { cpuSeconds, mainThreadCpuSeconds, type ServerProcess } from '../lib/processes.ts';
import { feedbackOf, INVITE, registration, startProductServer } from '../lib/product.ts';
import { percentile, type Row } from '../lib/report.ts';

/**
 * `BENCH_CROWD_SMOKE=1`: a twentieth of every crowd and 20 s of work instead of 60, to check the
 * measurement itself in about four minutes. Its figures are not the issue's.
 */
const SMOKE = process.env.BENCH_CROWD_SMOKE === '1';
const SCALE = SMOKE ? 0.05 : 1;
const sized = (candidates: number) => Math.max(5, Math.round(candidates * SCALE));

/**
 * The candidate: starts within the first 10 s (autosaves are out of phase in a real
 * crowd) and writes its answers every 10 s for 60 s, the last time as its final answers, then
 * sends its feedback. The final answers take the place of the autosave due at 60 s, as in a
 * browser, whose outbox keeps only the newest waiting save (shared/react/src/api/client.ts).
 */
const START_SPREAD_S = 10;
const SAVE_EVERY_S = 10;
const WORKING_S = SMOKE ? 20 : 60;
/** The goals. */
const P99_GOAL_MS = 100;
const CROWD_GOAL = sized(5_000);
/**
 * The crowds a database may be tried with. The goal's comes first, then each next one halves the
 * gap between the largest at goal and the smallest that missed: 5,000, then 7,000 and 6,000 when
 * it is met, or 3,000, then 4,000 or 2,000 when it is not. A crowd takes about 75 s with its
 * server's start and the read-back, so three and the floor per database keep the whole
 * measurement near ten minutes, and find the largest crowd at goal within 1,000 from 2,000 to 7,000.
 */
const CROWDS = [1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000].map(sized);
const CROWDS_PER_DATABASE = 3;
/**
 * The baseline of every crowd's p99: the same candidates on the same database in the same run, so
 * few that their requests seldom meet. It is what one request costs without waiting for others.
 */
const FLOOR_CROWD = sized(100);
/**
 * Candidates put through the whole script at once, untimed, before each crowd: the JIT warms on
 * the routes, as on a server that has been up for a while.
 */
const WARM_UP_CANDIDATES = 20;
/** The browser's outbox abandons a request after 30 s (shared/core/src/api/outbox/post-item.ts). */
const REQUEST_TIMEOUT_MS = 30_000;
/**
 * How long after their planned time a candidate keeps trying to get the final answers and the
 * feedback in; what has not arrived by then counts as lost. It bounds the run of a crowd the
 * server cannot keep up with.
 */
const GIVE_UP_S = 60;
/** The admin API's largest page (DEPLOY.md, The admin API). */
const ADMIN_PAGE = 200;

type Database = 'SQLite' | 'PostgreSQL';
type Call = 'registration' | 'autosave' | 'final answers' | 'feedback';
const CALLS: readonly Call[] = ['registration', 'autosave', 'final answers', 'feedback'];

/** Every request of one crowd, as its candidates saw it. */
interface Tally {
  /** When the crowd's clock started (`performance.now()`). */
  origin: number;
  /** Each request's time from sending to the last byte of its answer, whatever the answer. */
  times: number[];
  calls: Call[];
  /** 429 and 503: the server shed the request; a browser sends it again later. */
  refused: number;
  /** Any other failure: another status, a timeout, a connection refused or reset. */
  errors: number;
  firstErrors: string[];
}

type Outcome = { ok: true } | { ok: false; permanent: boolean; retryAfterMs: number | undefined };

function retryAfterMs(header: string | string[] | undefined): number | undefined {
  const seconds = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, BACKOFF_CAP_MS) : undefined;
}

function noteError(tally: Tally, text: string): void {
  tally.errors += 1;
  if (tally.firstErrors.length < 5) tally.firstErrors.push(text);
}

async function post(
  connection: Client,
  tally: Tally,
  call: Call,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<Outcome> {
  const sent = performance.now();
  let outcome: Outcome;
  try {
    const response = await connection.request({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.body.text();
    const status = response.statusCode;
    if (status >= 200 && status < 300) {
      outcome = { ok: true };
    } else if (status === 429 || status === 503) {
      tally.refused += 1;
      outcome = { ok: false, permanent: false, retryAfterMs: retryAfterMs(response.headers['retry-after']) };
    } else {
      noteError(tally, `${call} ${status}: ${text.slice(0, 200)}`);
      // As the outbox: a 4xx other than 408 would be refused again; a 5xx may pass later.
      outcome = { ok: false, permanent: status >= 400 && status < 500 && status !== 408, retryAfterMs: undefined };
    }
  } catch (error) {
    noteError(tally, `${call}: ${error instanceof Error ? error.message : String(error)}`);
    outcome = { ok: false, permanent: false, retryAfterMs: undefined };
  }
  tally.times.push(performance.now() - sent);
  tally.calls.push(call);
  return outcome;
}

/** What one candidate sent last, to compare with what the admin API reads back. */
interface Sent {
  answer: string;
  feedback: string;
}

/** When a candidate starts and how its work is spaced, in `performance.now()` time. */
interface Pace {
  startAt: number;
  saveEveryMs: number;
  /** Autosaves before the final answers, which come one interval after the last. */
  autosaves: number;
}

/**
 * One candidate, as the quiz and the outbox behave: registration, autosaves with a growing
 * revision, final answers, feedback. A refused or failed request is sent again when the product's
 * own backoff says (Retry-After, else 1 s doubling to 30 s); an autosave only until the next write
 * is due, which replaces it in a browser's outbox too.
 */
async function candidate(origin: string, tally: Tally, unique: string, answer: string, pace: Pace): Promise<Sent> {
  await sleep(pace.startAt - performance.now());
  // A connection of the candidate's own, kept open between its requests as a browser keeps it
  // (the server asks for 72 s): a crowd of browsers, not a balancer's pool. A shared pool that
  // opened connections as requests queued overflowed the server's accept queue once it fell behind.
  const connection = new Client(origin);
  try {
    return await work(connection, tally, unique, answer, pace);
  } finally {
    await connection.close();
  }
}

async function work(connection: Client, tally: Tally, unique: string, answer: string, pace: Pace): Promise<Sent> {
  const headers = { [SESSION_KEY_HEADER]: newSessionKey() };
  const backoff = createBackoff(Date.now, Math.random);
  const question = { pastes: [], droppedPastes: 0, switches: 0 };
  let revision = 0;
  const answersOf = (label: string) => `<p>${unique}: ${label}.</p>${answer}`;
  const answersBody = (text: string, final: boolean) => {
    // As the client does (shared/react/src/api/client.ts): at least the clock, and always growing.
    revision = Math.max(Date.now(), revision + 1);
    const payload: AnswersPayload = {
      unique,
      data: INVITE,
      answers: [text, '', ''],
      proctoring: { tabSwitches: 0, perQuestion: [question, question, question] },
      revision,
      savedAt: Date.now(),
      final,
      ...(final ? { finalReason: 'complete' as const } : {}),
    };
    return JSON.stringify(payload);
  };
  const deliver = async (call: Call, path: string, body: () => string, until: number) => {
    for (;;) {
      const outcome = await post(connection, tally, call, path, headers, body());
      if (outcome.ok) {
        backoff.forget(call);
        return true;
      }
      if (outcome.permanent) return false;
      backoff.retryLater(call, outcome.retryAfterMs);
      const due = performance.now() + (backoff.dueAt(call) - Date.now());
      if (due >= until) return false;
      await sleep(due - performance.now());
    }
  };

  const finalAt = pace.startAt + (pace.autosaves + 1) * pace.saveEveryMs;
  const giveUpAt = finalAt + GIVE_UP_S * 1000;
  const sent: Sent = { answer: answersOf('final answers'), feedback: `Clear questions, fair time. ${unique}` };
  if (!(await deliver('registration', '/api/now-assessment', () => JSON.stringify(registration(unique)), giveUpAt))) {
    return sent;
  }
  for (let save = 1; save <= pace.autosaves; save += 1) {
    const dueAt = pace.startAt + save * pace.saveEveryMs;
    await sleep(dueAt - performance.now());
    await deliver(
      'autosave',
      '/api/answers',
      () => answersBody(answersOf(`autosave ${save}`), false),
      dueAt + pace.saveEveryMs,
    );
  }
  await sleep(finalAt - performance.now());
  await deliver('final answers', '/api/answers', () => answersBody(sent.answer, true), giveUpAt);
  const feedback = feedbackOf(unique, sent.feedback);
  await deliver('feedback', '/api/feedback', () => JSON.stringify(feedback), giveUpAt);
  return sent;
}

function emptyTally(): Tally {
  return { origin: performance.now(), times: [], calls: [], refused: 0, errors: 0, firstErrors: [] };
}

/**
 * What a candidate wrote, without the markup: the server stores the editor's HTML in its own
 * canonical form (`rel` and `target` on links, `<br />`: api/src/answers/canonical-answer.ts), so
 * the text is what can be compared with what was sent.
 */
const textOf = (html: string) => html.replace(/<[^>]*>/g, '');

interface ReadBack {
  lostAnswers: number;
  lostFeedback: number;
  seconds: number;
}

/** Every session of the test through the admin API, page after page, each compared with what its candidate sent. */
async function readBack(origin: string, adminToken: string, sent: ReadonlyMap<string, Sent>): Promise<ReadBack> {
  const started = performance.now();
  const answersKept = new Set<string>();
  const feedbackKept = new Set<string>();
  let cursor: string | null = null;
  do {
    const url = new URL('/api/admin/sessions', origin);
    url.searchParams.set('testId', INVITE);
    url.searchParams.set('limit', String(ADMIN_PAGE));
    if (cursor) url.searchParams.set('cursor', cursor);
    const response = await fetch(url, { headers: { authorization: `Bearer ${adminToken}` } });
    if (!response.ok) throw new Error(`The admin API answered ${response.status}: ${await response.text()}`);
    const page = (await response.json()) as { sessions: SessionView[]; next: string | null };
    for (const session of page.sessions) {
      const expected = sent.get(session.sessionId);
      if (!expected) continue;
      const html = session.answers?.html;
      if (
        session.answers?.final &&
        html !== undefined &&
        textOf(html[0]) === textOf(expected.answer) &&
        html[1] === '' &&
        html[2] === ''
      ) {
        answersKept.add(session.sessionId);
      }
      if (session.feedback?.feedback === expected.feedback) feedbackKept.add(session.sessionId);
    }
    cursor = page.next;
  } while (cursor);
  return {
    lostAnswers: sent.size - answersKept.size,
    lostFeedback: sent.size - feedbackKept.size,
    seconds: (performance.now() - started) / 1000,
  };
}

/** PostgreSQL's postmaster of these services: its backends are its children. */
function postmasterOf(services: Services): number {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (command[0]?.endsWith('/postgres') && command.some((part) => part.startsWith(services.dir))) {
        return Number(entry);
      }
    } catch {
      // A process that exited while the list was read.
    }
  }
  throw new Error(`No PostgreSQL server runs in ${services.dir}`);
}

export interface CrowdResult {
  database: Database;
  candidates: number;
  /** From the first registration to the last answer. */
  seconds: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  p99ByCallMs: Record<Call, number>;
  refused: number;
  errors: number;
  firstErrors: string[];
  lostAnswers: number;
  lostFeedback: number;
  readBackSeconds: number;
  /** CPU seconds used during the crowd by the API's process, PostgreSQL's, and the bench's own. */
  cpuSeconds: { api: number; postgres: number | null; loadGenerator: number };
  /**
   * The bench's own event loop delay at a 10 ms resolution (10 ms is on time): a late timer delays
   * sends and inflates latencies, so this shows whether the load generator kept up.
   */
  loadGeneratorDelayP99Ms: number;
  loadAverage: { before: number; after: number };
  /** Second by second: where in the crowd's life the time goes. */
  timeline: Second[];
}

function summary(database: Database, candidates: number, tally: Tally, seconds: number) {
  const byCall = (call: Call) => tally.times.filter((_, index) => tally.calls[index] === call);
  return {
    database,
    candidates,
    seconds,
    requests: tally.times.length,
    p50Ms: percentile(tally.times, 50),
    p99Ms: percentile(tally.times, 99),
    maxMs: tally.times.reduce((max, time) => Math.max(max, time), 0),
    p99ByCallMs: Object.fromEntries(CALLS.map((call) => [call, percentile(byCall(call), 99)])) as Record<Call, number>,
    refused: tally.refused,
    errors: tally.errors,
    firstErrors: tally.firstErrors,
  };
}

/** One second of a crowd: what each process used of the cores, and how the answers went. */
interface Second {
  /** Seconds since the crowd's clock started. */
  at: number;
  apiCpu: number;
  /** The API's event loop thread: at 1.0 it cannot take more, whatever the cores left. */
  apiMainThreadCpu: number;
  postgresCpu: number | null;
  loadGeneratorCpu: number;
  answered: number;
  /** Of the requests answered in that second. */
  p99Ms: number;
}

/** Samples, every second until stopped, where the cores go and how fast answers come. */
function watch(tally: Tally, api: number, postmaster: number | null): { stop(): Second[] } {
  const seconds: Second[] = [];
  const read = () => ({
    api: cpuSeconds(api),
    apiMainThread: mainThreadCpuSeconds(api),
    postgres: postmaster === null ? null : cpuSeconds(postmaster),
    bench: process.cpuUsage(),
    answered: tally.times.length,
  });
  let last = read();
  const timer = setInterval(() => {
    const now = read();
    const bench = process.cpuUsage(last.bench);
    seconds.push({
      at: Math.round((performance.now() - tally.origin) / 1000),
      apiCpu: now.api - last.api,
      apiMainThreadCpu: now.apiMainThread - last.apiMainThread,
      postgresCpu: now.postgres === null || last.postgres === null ? null : now.postgres - last.postgres,
      loadGeneratorCpu: (bench.user + bench.system) / 1e6,
      answered: now.answered - last.answered,
      p99Ms: percentile(tally.times.slice(last.answered), 99),
    });
    last = now;
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      return seconds;
    },
  };
}

/** One crowd against a product server of its own, on an empty database of its own. */
async function runCrowd(database: Database, candidates: number): Promise<CrowdResult> {
  const services = database === 'PostgreSQL' ? await startServices({ postgres: true, s3: false, redis: false }) : null;
  let server: ServerProcess | undefined;
  try {
    const adminToken = randomBytes(24).toString('base64url');
    server = await startProductServer({ ADMIN_TOKEN: adminToken, ...(services ? services.env : {}) });
    const { origin, pid } = server;
    const answer = formattedAnswer(0);
    const warmUp = emptyTally();
    await Promise.all(
      Array.from({ length: WARM_UP_CANDIDATES }, (_, index) =>
        candidate(origin, warmUp, `crowd-warm-up-${index}`, answer, {
          startAt: performance.now(),
          saveEveryMs: 0,
          autosaves: 2,
        }),
      ),
    );

    const postmaster = services ? postmasterOf(services) : null;
    const loadBefore = os.loadavg()[0] ?? 0;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const tally = emptyTally();
    // A second for every candidate's loop to reach its first wait before the first one is due.
    tally.origin = performance.now() + 1000;
    const watcher = watch(tally, pid, postmaster);
    const uniques = Array.from({ length: candidates }, (_, index) => `crowd-${candidates}-${index}`);
    const sent = await Promise.all(
      uniques.map((unique, index) =>
        candidate(origin, tally, unique, answer, {
          startAt: tally.origin + (index * START_SPREAD_S * 1000) / candidates,
          saveEveryMs: SAVE_EVERY_S * 1000,
          autosaves: WORKING_S / SAVE_EVERY_S - 1,
        }),
      ),
    );
    const seconds = (performance.now() - tally.origin) / 1000;
    const timeline = watcher.stop();
    delay.disable();
    const loadAfter = os.loadavg()[0] ?? 0;
    const kept = await readBack(
      origin,
      adminToken,
      new Map(uniques.map((unique, index) => [unique, sent[index] as Sent])),
    );
    const total = (pick: (second: Second) => number | null) =>
      timeline.reduce((sum, second) => sum + (pick(second) ?? 0), 0);
    return {
      ...summary(database, candidates, tally, seconds),
      lostAnswers: kept.lostAnswers,
      lostFeedback: kept.lostFeedback,
      readBackSeconds: kept.seconds,
      cpuSeconds: {
        api: total((second) => second.apiCpu),
        postgres: postmaster === null ? null : total((second) => second.postgresCpu),
        loadGenerator: total((second) => second.loadGeneratorCpu),
      },
      loadGeneratorDelayP99Ms: delay.percentile(99) / 1e6,
      loadAverage: { before: loadBefore, after: loadAfter },
      timeline,
    };
  } finally {
    await server?.stop();
    await services?.stop();
  }
}

const atGoal = (result: CrowdResult) =>
  result.p99Ms <= P99_GOAL_MS && result.lostAnswers === 0 && result.lostFeedback === 0;

const count = (value: number) => value.toLocaleString('en-US');

function outcomeText(result: CrowdResult): string {
  const lost =
    result.lostFeedback > 0
      ? `${count(result.lostAnswers)} final answers and ${count(result.lostFeedback)} feedbacks lost`
      : `${count(result.lostAnswers)} final answers lost`;
  return `p50 ${result.p50Ms.toFixed(1)} ms, max ${count(Math.round(result.maxMs))} ms; ${count(result.refused)} refused, ${count(result.errors)} errors; ${lost}`;
}

interface DatabaseSteps {
  floor: CrowdResult;
  crowds: CrowdResult[];
}

async function stepsOn(database: Database, log: (line: string) => void): Promise<DatabaseSteps> {
  const measure = async (candidates: number) => {
    log(
      `crowd: ${count(candidates)} candidates on ${database}, starting over ${START_SPREAD_S} s, ${WORKING_S} s each`,
    );
    const result = await runCrowd(database, candidates);
    log(`crowd: ${count(candidates)} on ${database}: p99 ${result.p99Ms.toFixed(1)} ms, ${outcomeText(result)}`);
    return result;
  };
  const floor = await measure(FLOOR_CROWD);
  const crowds: CrowdResult[] = [];
  // Indexes into CROWDS: the largest at goal so far, and the smallest that missed.
  let met = -1;
  let missed = CROWDS.length;
  let next = CROWDS.indexOf(CROWD_GOAL);
  while (crowds.length < CROWDS_PER_DATABASE && next > met && next < missed) {
    const result = await measure(CROWDS[next] as number);
    crowds.push(result);
    if (atGoal(result)) met = next;
    else missed = next;
    next = Math.ceil((met + missed) / 2);
  }
  return { floor, crowds };
}

function crowdRow(result: CrowdResult, floor: CrowdResult): Row {
  return {
    group: 'crowd',
    name: `p99, ${count(result.candidates)} candidates, ${result.database}`,
    value: result.p99Ms,
    unit: 'ms',
    detail: outcomeText(result),
    baseline: {
      label: `${count(floor.candidates)} candidates`,
      value: floor.p99Ms,
      detail: `p50 ${floor.p50Ms.toFixed(1)} ms`,
    },
    goals: [
      { text: `≤ ${P99_GOAL_MS} ms`, met: result.p99Ms <= P99_GOAL_MS },
      { text: 'none lost', met: result.lostAnswers === 0 && result.lostFeedback === 0 },
    ],
  };
}

/** The largest crowd at goal, 0 when none was; and in words, against what was tried. */
function largest(steps: DatabaseSteps): { candidates: number; detail: string } {
  const met = steps.crowds.filter(atGoal).map((result) => result.candidates);
  const tried = steps.crowds.map((result) => result.candidates);
  const candidates = Math.max(0, ...met);
  if (candidates === 0) return { candidates, detail: `none of ${tried.map(count).join(', ')}` };
  const larger = tried.filter((size) => size > candidates);
  return {
    candidates,
    detail: larger.length > 0 ? `${larger.map(count).join(', ')} missed` : 'the largest tried',
  };
}

export interface CrowdDetails {
  smoke: boolean;
  workingSeconds: number;
  saveEverySeconds: number;
  startSpreadSeconds: number;
  cpus: number;
  results: Record<Database, DatabaseSteps>;
}

/**
 * Issue 23: a crowd of simulated candidates against one instance, on SQLite and on PostgreSQL,
 * the load generator in this process on the same cores. Reports the largest crowd whose p99 stays
 * at or under 100 ms with every final answer and feedback read back through the admin API.
 */
export async function benchCrowd(log: (line: string) => void): Promise<{ rows: Row[]; details: CrowdDetails }> {
  if (SMOKE) log('crowd: BENCH_CROWD_SMOKE is set: small crowds, short work; not the issue figures');
  const sqlite = await stepsOn('SQLite', log);
  const postgres = await stepsOn('PostgreSQL', log);
  const rows: Row[] = [
    ...sqlite.crowds.map((result) => crowdRow(result, sqlite.floor)),
    ...postgres.crowds.map((result) => crowdRow(result, postgres.floor)),
  ];
  const onSqlite = largest(sqlite);
  const onPostgres = largest(postgres);
  // The two databases' largest crowds are each other's baseline: same crowd, same run, same
  // machine, and the goal is the same number on both.
  rows.push({
    group: 'crowd',
    name: `largest crowd at p99 ≤ ${P99_GOAL_MS} ms, none lost, PostgreSQL (one instance; load generator on the same ${os.cpus().length} cores)`,
    value: onPostgres.candidates,
    unit: 'candidates',
    detail: onPostgres.detail,
    baseline: { label: 'SQLite', value: onSqlite.candidates, detail: onSqlite.detail },
    goals: [
      { text: `SQLite ≥ ${count(CROWD_GOAL)}`, met: onSqlite.candidates >= CROWD_GOAL },
      { text: `PostgreSQL ≥ ${count(CROWD_GOAL)}`, met: onPostgres.candidates >= CROWD_GOAL },
    ],
  });
  return {
    rows,
    details: {
      smoke: SMOKE,
      workingSeconds: WORKING_S,
      saveEverySeconds: SAVE_EVERY_S,
      startSpreadSeconds: START_SPREAD_S,
      cpus: os.cpus().length,
      results: { SQLite: sqlite, PostgreSQL: postgres },
    },
  };
}
