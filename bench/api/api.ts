import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { AnswersPayload } from '@assessment/core';
import autocannon from 'autocannon';
import { startServices } from '../../scripts/services.mjs';
import { formattedAnswer } from '../lib/formatted-answer.ts';
import { benchRoot, type ServerProcess, startBaselineServer } from '../lib/processes.ts';
import { feedbackOf, INVITE, register, startProductServer } from '../lib/product.ts';
import { percentile, type Row } from '../lib/report.ts';
import { benchExport, type ExportResult } from './export.ts';
import type { HostileKind } from './hostile-bodies.ts';

const CONNECTIONS = 100;
/** One session per connection: a hundred candidates saving at once, not one saving a hundred times. */
const SESSIONS = CONNECTIONS;
/** Seconds of load first thrown away, so the JIT and SQLite's caches are warm in both servers. */
const WARM_UP_S = 1;
const DURATION_S = 6;
/** The goals. */
const RPS_GOAL = 0.5;
const P99_GOAL_MS = 50;
const HOSTILE_GOAL = 2;
/** Health is asked by a few clients at once, as a load balancer and a monitor would. */
const HEALTH_CONNECTIONS = 4;
/** Clients sending the hostile bodies in a loop, each as its own registered session. */
const HOSTILE_CLIENTS = 3;
/** Clients sending half a million nested arrays in a loop (issue 22 saw four slow every other save). */
const NESTED_CLIENTS = 4;

/**
 * Health reports sent while the answers are measured a second time: each of the hundred sessions
 * reports every 10 s. A candidate's page sends one report a few seconds after each section loads,
 * a handful in an hour, so this is about a hundred times the real rate (issue 55: under 2%).
 */
const HEALTH_REPORTS_PER_SECOND = SESSIONS / 10;
const HEALTH_COST_GOAL = 0.98;

/** A session's body and headers per request; the answers call needs its revision to grow, or the server skips the write. */
type RequestMaker = (index: number) => { body: string; headers: Record<string, string> };

interface Call {
  name: string;
  path: string;
  request: RequestMaker;
}

interface Session {
  unique: string;
  headers: Record<string, string>;
}

function feedbackCall(sessions: readonly Session[]): Call {
  const bodies = sessions.map(({ unique }) =>
    JSON.stringify(
      feedbackOf(unique, 'Clear questions, and the timer was easy to follow. The camera check explained itself well.'),
    ),
  );
  return {
    name: 'POST /api/feedback',
    path: '/api/feedback',
    request: (index) => ({
      body: bodies[index % bodies.length] as string,
      headers: (sessions[index % sessions.length] as Session).headers,
    }),
  };
}

/** Three formatted answers (about 7 kB of HTML for the server to validate and sanitize), as an autosave sends them. */
function answersCall(sessions: readonly Session[]): Call {
  const answers = [formattedAnswer(0), formattedAnswer(1), formattedAnswer(2)] as [string, string, string];
  const question = { pastes: [], droppedPastes: 0, switches: 0 };
  const heads = sessions.map(({ unique }) => {
    const payload: Omit<AnswersPayload, 'revision' | 'savedAt'> = {
      unique,
      data: INVITE,
      answers,
      proctoring: { tabSwitches: 0, perQuestion: [question, question, question] },
      final: false,
    };
    return JSON.stringify(payload).slice(0, -1);
  });
  let revision = Date.now();
  return {
    name: 'POST /api/answers',
    path: '/api/answers',
    request: (index) => {
      revision += 1;
      return {
        body: `${heads[index % heads.length]},"revision":${revision},"savedAt":${Date.now()}}`,
        headers: (sessions[index % sessions.length] as Session).headers,
      };
    },
  };
}

interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Anything but 2xx, errors and timeouts: a run with any is not a valid measurement. */
  failed: number;
}

async function load(origin: string, call: Call, seconds: number): Promise<LoadResult> {
  let index = 0;
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: call.path,
        setupRequest: (request) => {
          const { body, headers } = call.request(index++);
          return { ...request, body, headers: { ...request.headers, 'content-type': 'application/json', ...headers } };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function measure(server: ServerProcess, call: Call): Promise<LoadResult> {
  await load(server.origin, call, WARM_UP_S);
  const result = await load(server.origin, call, DURATION_S);
  if (result.failed > 0) {
    throw new Error(`${call.name} at ${server.origin}: ${result.failed} of ${result.requests} requests failed`);
  }
  return result;
}

/** An autocannon run whose responses `onResponse` sees one by one. */
function runWithResponses(
  options: autocannon.Options,
  onResponse: (statusCode: number, responseTime: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => onResponse(statusCode, responseTime));
  });
}

/** Exact latencies of `/api/health` (autocannon's own histogram keeps whole milliseconds). */
async function healthLatencies(
  origin: string,
  seconds: number,
): Promise<{ p50Ms: number; p99Ms: number; requests: number }> {
  const times: number[] = [];
  const result = await runWithResponses(
    { url: `${origin}/api/health`, connections: HEALTH_CONNECTIONS, duration: seconds },
    (statusCode, responseTime) => {
      if (statusCode === 200) times.push(responseTime);
    },
  );
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error('/api/health failed under load');
  return { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), requests: times.length };
}

/** Each session's health report: a load of every section release its `remotes.json` names for it. */
async function healthReports(origin: string, sessions: readonly Session[]): Promise<string[]> {
  const bodies: string[] = [];
  for (const session of sessions) {
    const response = await fetch(`${origin}/remotes.json`, { headers: session.headers });
    const releases = (response.headers.get('section-releases') ?? '')
      .split(',')
      .map((pair) => pair.split('=')[1])
      .filter((release): release is string => Boolean(release));
    if (releases.length === 0) throw new Error('remotes.json named no section release to report on');
    bodies.push(JSON.stringify({ reports: releases.map((release) => ({ release, kind: 'load', count: 1 })) }));
  }
  return bodies;
}

/** Sends the sessions' reports at `HEALTH_REPORTS_PER_SECOND` until stopped; counts the answers' statuses. */
function sendHealthReports(origin: string, sessions: readonly Session[], bodies: readonly string[]) {
  const statuses: Record<string, number> = {};
  let sent = 0;
  const timer = setInterval(() => {
    const index = sent % sessions.length;
    sent += 1;
    fetch(`${origin}/api/release-health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(sessions[index] as Session).headers },
      body: bodies[index],
    }).then(
      (response) => {
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      },
      () => {
        statuses.error = (statuses.error ?? 0) + 1;
      },
    );
  }, 1000 / HEALTH_REPORTS_PER_SECOND);
  return {
    /** Stops sending (again is harmless); the statuses answered so far. */
    stop() {
      clearInterval(timer);
      return statuses;
    },
  };
}

/** "68× 204, 2× 429": how many answers had each status. */
function statusCounts(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .map(([status, times]) => `${times}× ${status}`)
    .join(', ');
}

interface HealthCost {
  without: LoadResult;
  with: LoadResult;
  reports: Record<string, number>;
}

/** The answers' throughput on SQLite without the health reports, then with them, one after the other. */
async function healthReportCost(product: ServerProcess, sessions: readonly Session[]): Promise<HealthCost> {
  const bodies = await healthReports(product.origin, sessions);
  const call = answersCall(sessions);
  const without = await measure(product, call);
  const sender = sendHealthReports(product.origin, sessions, bodies);
  const withReports = await measure(product, call).finally(() => sender.stop());
  return { without, with: withReports, reports: sender.stop() };
}

function healthCostRow(cost: HealthCost): Row {
  return {
    group: 'api',
    name: `POST /api/answers requests/s with ${HEALTH_REPORTS_PER_SECOND} health reports/s beside, SQLite`,
    value: cost.with.requestsPerSecond,
    unit: 'req/s',
    detail: `p99 ${cost.with.p99Ms} ms; reports answered ${statusCounts(cost.reports)}`,
    baseline: {
      label: 'without, same run',
      value: cost.without.requestsPerSecond,
      detail: `p99 ${cost.without.p99Ms} ms`,
    },
    goals: [
      {
        text: `≥ ${HEALTH_COST_GOAL}× without`,
        met: cost.with.requestsPerSecond >= HEALTH_COST_GOAL * cost.without.requestsPerSecond,
      },
    ],
  };
}

interface Latencies {
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

interface HostileResult {
  idle: Latencies;
  underLoad: Latencies;
  hostileRequests: number;
  hostileStatuses: Record<string, number>;
}

/** Exact latencies of one candidate saving their formatted answers, one save after another. */
async function saveLatencies(origin: string, session: Session, seconds: number): Promise<Latencies> {
  const call = answersCall([session]);
  let index = 0;
  const times: number[] = [];
  const result = await runWithResponses(
    {
      url: origin,
      connections: 1,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: call.path,
          setupRequest: (request) => {
            const { body, headers } = call.request(index++);
            return {
              ...request,
              body,
              headers: { ...request.headers, 'content-type': 'application/json', ...headers },
            };
          },
        },
      ],
    },
    (statusCode, responseTime) => {
      if (statusCode === 200) times.push(responseTime);
    },
  );
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error('a save failed beside the hostile bodies');
  return { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), requests: times.length };
}

/** Starts the hostile clients' process (`hostile-clients.ts`); resolves once its clients have begun. */
async function startHostileClients(options: {
  origin: string;
  kind: HostileKind;
  seconds: number;
  sessions: Session[];
}): Promise<{ done: Promise<{ requests: number; statuses: Record<string, number> }> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'hostile-clients.ts'), JSON.stringify(options)],
    {
      cwd: benchRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = readline.createInterface({ input: child.stdout });
  const output: string[] = [];
  let started: () => void = () => {};
  const begun = new Promise<void>((resolve) => {
    started = resolve;
  });
  lines.on('line', (line) => {
    if (line === 'started') started();
    else output.push(line);
  });
  const done = new Promise<{ requests: number; statuses: Record<string, number> }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const [result] = output;
      if (code === 0 && result) resolve(JSON.parse(result));
      else reject(new Error(`the hostile clients exited with ${code}`));
    });
  });
  await Promise.race([begun, done]);
  return { done };
}

/**
 * What `probe` measures on the idle server, then while `clients` registered sessions send the
 * `kind` of hostile body in a loop, each its own, from a process of their own.
 */
async function underHostileLoad(
  product: ServerProcess,
  {
    clients: count,
    kind,
    probe,
  }: { clients: number; kind: HostileKind; probe: (seconds: number) => Promise<Latencies> },
): Promise<HostileResult> {
  await probe(WARM_UP_S);
  const idle = await probe(DURATION_S);
  const sessions: Session[] = [];
  for (let client = 0; client < count; client += 1) {
    const unique = `bench-hostile-${client}-${Date.now()}`;
    sessions.push({ unique, headers: await register(product.origin, unique) });
  }
  const hostile = await startHostileClients({
    origin: product.origin,
    kind,
    seconds: WARM_UP_S + DURATION_S + 1,
    sessions,
  });
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_S * 1000));
  const underLoad = await probe(DURATION_S);
  const finished = await hostile.done;
  return { idle, underLoad, hostileRequests: finished.requests, hostileStatuses: finished.statuses };
}

/** The row of one hostile measurement, beside the same figure on the idle server of the same run. */
function hostileRow(name: string, result: HostileResult): Row {
  return {
    group: 'api',
    name,
    value: result.underLoad.p99Ms,
    unit: 'ms',
    detail: `p50 ${result.underLoad.p50Ms.toFixed(2)} ms; ${result.hostileRequests} hostile requests (${statusCounts(result.hostileStatuses)})`,
    baseline: { label: 'idle', value: result.idle.p99Ms, detail: `p50 ${result.idle.p50Ms.toFixed(2)} ms` },
    goals: [{ text: `≤ ${HOSTILE_GOAL}× idle`, met: result.underLoad.p99Ms <= HOSTILE_GOAL * result.idle.p99Ms }],
  };
}

export interface ApiDetails {
  connections: number;
  seconds: number;
  /** Per call: the product on SQLite, the product on PostgreSQL, the bare server, and Fastify alone. */
  results: Record<string, { product: LoadResult; postgres: LoadResult; bare: LoadResult; fastify: LoadResult }>;
  hostile?: HostileResult;
  healthReports?: HealthCost;
  nestedArrays?: HostileResult;
  csvExport?: ExportResult;
}

/** Goals of one call's figures, for the product on one database, beside the bare server of the same run. */
function callRows(name: string, database: string, product: LoadResult, bare: LoadResult): Row[] {
  return [
    {
      group: 'api',
      name: `${name} requests/s, ${database}`,
      value: product.requestsPerSecond,
      unit: 'req/s',
      baseline: { label: 'bare 204', value: bare.requestsPerSecond },
      goals: [{ text: `≥ ${RPS_GOAL}× bare`, met: product.requestsPerSecond >= RPS_GOAL * bare.requestsPerSecond }],
    },
    {
      group: 'api',
      name: `${name} p99 latency, ${database}`,
      value: product.p99Ms,
      unit: 'ms',
      detail: `p50 ${product.p50Ms} ms`,
      baseline: { label: 'bare 204', value: bare.p99Ms, detail: `p50 ${bare.p50Ms} ms` },
      goals: [{ text: `≤ ${P99_GOAL_MS} ms`, met: product.p99Ms <= P99_GOAL_MS }],
    },
  ];
}

/**
 * The framework's share, beside the bare server: what a request costs in Fastify before any of the
 * product's own work. No goal; it tells how much of the gap to the bare server the product can close.
 */
function fastifyRow(name: string, fastify: LoadResult, bare: LoadResult): Row {
  return {
    group: 'api',
    name: `${name} requests/s, Fastify alone (parse, answer, nothing else)`,
    value: fastify.requestsPerSecond,
    unit: 'req/s',
    detail: `p99 ${fastify.p99Ms} ms`,
    baseline: { label: 'bare 204', value: bare.requestsPerSecond },
  };
}

async function registerSessions(origin: string, prefix: string): Promise<Session[]> {
  const sessions: Session[] = [];
  for (let index = 0; index < SESSIONS; index += 1) {
    const unique = `${prefix}-${index}`;
    sessions.push({ unique, headers: await register(origin, unique) });
  }
  return sessions;
}

export async function benchApi(log: (line: string) => void): Promise<{ rows: Row[]; details: ApiDetails }> {
  log(
    'api: starting PostgreSQL, the product server on SQLite and on PostgreSQL, the bare node:http server and Fastify alone',
  );
  const services = await startServices({ postgres: true, s3: false, redis: false });
  const servers: ServerProcess[] = [];
  try {
    const product = await startProductServer();
    servers.push(product);
    const postgres = await startProductServer({ DATABASE_URL: services.env.DATABASE_URL });
    servers.push(postgres);
    const bare = await startBaselineServer('the bare server', 'no-content');
    servers.push(bare);
    const fastify = await startBaselineServer('Fastify alone', 'fastify');
    servers.push(fastify);
    // Each product server has its own sessions (and the bare server reads the SQLite one's bodies).
    const sessions = await registerSessions(product.origin, 'bench-api');
    const postgresSessions = await registerSessions(postgres.origin, 'bench-api-pg');

    const rows: Row[] = [];
    const details: ApiDetails = { connections: CONNECTIONS, seconds: DURATION_S, results: {} };
    for (const [call, postgresCall] of [
      [feedbackCall(sessions), feedbackCall(postgresSessions)],
      [answersCall(sessions), answersCall(postgresSessions)],
    ] as const) {
      log(
        `api: ${call.name}, ${CONNECTIONS} connections, ${DURATION_S} s each against the product on SQLite, on PostgreSQL, the bare server and Fastify alone`,
      );
      // The bare server gets the very same bodies, so both read the same bytes.
      const productResult = await measure(product, call);
      const postgresResult = await measure(postgres, postgresCall);
      const bareResult = await measure(bare, call);
      const fastifyResult = await measure(fastify, call);
      details.results[call.name] = {
        product: productResult,
        postgres: postgresResult,
        bare: bareResult,
        fastify: fastifyResult,
      };
      rows.push(
        ...callRows(call.name, 'SQLite', productResult, bareResult),
        ...callRows(call.name, 'PostgreSQL', postgresResult, bareResult),
        fastifyRow(call.name, fastifyResult, bareResult),
      );
    }

    log(`api: POST /api/answers on SQLite, without and then with ${HEALTH_REPORTS_PER_SECOND} health reports a second`);
    const healthCost = await healthReportCost(product, sessions);
    details.healthReports = healthCost;
    rows.push(healthCostRow(healthCost));

    log(
      `api: /api/health, ${HEALTH_CONNECTIONS} connections, idle and while ${HOSTILE_CLIENTS} clients send 882 kB nested bodies`,
    );
    const hostile = await underHostileLoad(product, {
      clients: HOSTILE_CLIENTS,
      kind: 'nested-spans',
      probe: (seconds) => healthLatencies(product.origin, seconds),
    });
    details.hostile = hostile;
    rows.push(hostileRow('GET /api/health p99, hostile bodies in a loop', hostile));

    log(`api: another candidate's saves, idle and while ${NESTED_CLIENTS} clients send 1 MB of nested arrays`);
    const [saver] = sessions;
    if (!saver) throw new Error('no session to save with');
    const nestedArrays = await underHostileLoad(product, {
      clients: NESTED_CLIENTS,
      kind: 'nested-arrays',
      probe: (seconds) => saveLatencies(product.origin, saver, seconds),
    });
    details.nestedArrays = nestedArrays;
    rows.push(hostileRow("another candidate's POST /api/answers p99, nested arrays in a loop", nestedArrays));

    const csvExport = await benchExport(log);
    details.csvExport = csvExport.result;
    rows.push(...csvExport.rows);
    return { rows, details };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await services.stop();
  }
}
