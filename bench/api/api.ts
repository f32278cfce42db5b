import path from 'node:path';
import type { AnswersPayload, FeedbackPayload } from '@assessment/shared/api-schemas';
import autocannon from 'autocannon';
import { benchRoot, claimPort, type ServerProcess, startNodeServer } from '../lib/processes.ts';
import { INVITE, register, startProductServer } from '../lib/product.ts';
import type { Row } from '../lib/report.ts';
import { answerParagraphs } from '../typing/page/answer-text.ts';

const CONNECTIONS = 100;
/** One session per connection: a hundred candidates saving at once, not one saving a hundred times. */
const SESSIONS = CONNECTIONS;
/** Seconds of load first thrown away, so the JIT and SQLite's caches are warm in both servers. */
const WARM_UP_S = 1;
const DURATION_S = 6;
/** The goals. */
const RPS_GOAL = 0.6;
const P99_GOAL_MS = 25;

/** A body per request; the answers call needs its revision to grow, or the server skips the write. */
type BodyMaker = (index: number) => string;

interface Call {
  name: string;
  path: string;
  body: BodyMaker;
}

function feedbackCall(sessions: readonly string[]): Call {
  const bodies = sessions.map((unique) =>
    JSON.stringify({
      unique,
      data: INVITE,
      userName: 'Bench Candidate',
      companyName: 'Lumenvault',
      roleName: 'Growth Marketing Manager',
      feedback: 'Clear questions, and the timer was easy to follow. The camera check explained itself well.',
      currentScore: 3,
    } satisfies FeedbackPayload),
  );
  return {
    name: 'POST /api/feedback',
    path: '/api/feedback',
    body: (index) => bodies[index % bodies.length] as string,
  };
}

/** Three answers of 300 words, a finished quiz: about 6 kB of HTML for the server to validate and sanitize. */
function answersCall(sessions: readonly string[]): Call {
  const answer = answerParagraphs(300)
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('');
  const question = { pastes: [], droppedPastes: 0, switches: 0 };
  const heads = sessions.map((unique) => {
    const payload: Omit<AnswersPayload, 'revision' | 'savedAt'> = {
      unique,
      data: INVITE,
      answers: [answer, answer, answer],
      proctoring: { tabSwitches: 0, perQuestion: [question, question, question] },
      final: false,
    };
    return JSON.stringify(payload).slice(0, -1);
  });
  let revision = Date.now();
  return {
    name: 'POST /api/answers',
    path: '/api/answers',
    body: (index) => {
      revision += 1;
      return `${heads[index % heads.length]},"revision":${revision},"savedAt":${Date.now()}}`;
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
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: call.body(index++) }),
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

export interface ApiDetails {
  connections: number;
  seconds: number;
  results: Record<string, { product: LoadResult; bare: LoadResult }>;
}

export async function benchApi(log: (line: string) => void): Promise<{ rows: Row[]; details: ApiDetails }> {
  log('api: starting the product server and the bare node:http server');
  const product = await startProductServer();
  const barePort = await claimPort();
  const bare = await startNodeServer('the bare server', {
    args: ['--import', 'tsx', path.join(benchRoot, 'servers/baseline-server.ts'), 'no-content'],
    cwd: benchRoot,
    env: { PORT: String(barePort) },
    port: barePort,
    readyPath: '/',
  });
  try {
    const sessions = Array.from({ length: SESSIONS }, (_, index) => `bench-api-${index}`);
    for (const unique of sessions) await register(product.origin, unique);

    const rows: Row[] = [];
    const details: ApiDetails = { connections: CONNECTIONS, seconds: DURATION_S, results: {} };
    for (const call of [feedbackCall(sessions), answersCall(sessions)]) {
      log(
        `api: ${call.name}, ${CONNECTIONS} connections, ${DURATION_S} s each against the product and the bare server`,
      );
      // The bare server gets the very same bodies, so both read the same bytes.
      const productResult = await measure(product, call);
      const bareResult = await measure(bare, call);
      details.results[call.name] = { product: productResult, bare: bareResult };
      rows.push(
        {
          group: 'api',
          name: `${call.name} requests/s`,
          value: productResult.requestsPerSecond,
          unit: 'req/s',
          baseline: { label: 'bare 204', value: bareResult.requestsPerSecond },
          goals: [
            {
              text: `≥ ${RPS_GOAL}× bare`,
              met: productResult.requestsPerSecond >= RPS_GOAL * bareResult.requestsPerSecond,
            },
          ],
        },
        {
          group: 'api',
          name: `${call.name} p99 latency`,
          value: productResult.p99Ms,
          unit: 'ms',
          detail: `p50 ${productResult.p50Ms} ms`,
          baseline: { label: 'bare 204', value: bareResult.p99Ms, detail: `p50 ${bareResult.p50Ms} ms` },
          goals: [{ text: `< ${P99_GOAL_MS} ms`, met: productResult.p99Ms < P99_GOAL_MS }],
        },
      );
    }
    return { rows, details };
  } finally {
    await Promise.all([product.stop(), bare.stop()]);
  }
}
