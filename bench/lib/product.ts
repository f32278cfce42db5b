import { spawn } from 'node:child_process';
import path from 'node:path';
import { type FeedbackPayload, newSessionKey, type RegistrationPayload, SESSION_KEY_HEADER } from '@assessment/core';
import { claimPort, makeTempDir, repoRoot, type ServerProcess, startNodeServer } from './processes.ts';

const apiRoot = path.join(repoRoot, 'api');

/** The sample invitation of the catalogue (a 20-minute test). */
export const INVITE = 'thd0wtfl';

/** The folder of `api/` the bench builds the server into, apart from `pnpm build`'s `dist`. */
const BUILD_FOLDER = 'bench-dist';

let built: Promise<void> | undefined;

/**
 * The server built from the sources as they are now, once a run, as `pnpm build` builds it
 * (`api/build.mjs`): the bench measures what production runs. Run from its sources through tsx,
 * it was not the same JavaScript: tsx keeps function names by wrapping every function as it is
 * made, a cost per closure per request that the build does not have (`bench/README.md`).
 */
function buildServer(): Promise<void> {
  built ??= new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['build.mjs', BUILD_FOLDER], { cwd: apiRoot, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`api/build.mjs exited with ${code}`))));
  });
  return built;
}

/**
 * The real API server (Fastify, SQLite, videos on disk) on an empty data folder of this run, built
 * afresh (`buildServer`). Its rate limits are lifted: the bench is one client, on one address,
 * sending what hundreds or thousands of candidates would. `API_NODE_ARGS` adds Node options to
 * it, such as `--cpu-prof --cpu-prof-dir=/tmp/profiles` for the profiles `bench/README.md` reads.
 */
export async function startProductServer(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  await buildServer();
  const port = await claimPort();
  return startNodeServer('the product server', {
    args: [...(process.env.API_NODE_ARGS?.split(' ').filter(Boolean) ?? []), path.join(BUILD_FOLDER, 'main.js')],
    cwd: apiRoot,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: makeTempDir('data'),
      RATE_LIMIT_PER_MINUTE: '100000000',
      REGISTRATIONS_PER_IP_PER_HOUR: '100000000',
      REGISTRATIONS_PER_BLOCK_PER_HOUR: '100000000',
      REGISTRATIONS_PER_TEST_PER_HOUR: '100000000',
      ...env,
    },
    port,
    readyPath: '/api/health',
  });
}

/** What "Agree & start" sends for a candidate of the sample invitation. */
export function registration(unique: string): RegistrationPayload {
  return {
    unique,
    data: INVITE,
    name: 'Bench Candidate',
    email: `${unique}@candidate.example`,
    company: 'Lumenvault {"os":{"name":"Linux"}}',
    fullName: 'Bench Candidate',
    workExperience: '4-6 Years',
    social: 'https://social.example/bench',
    gender: '',
    declaration: true,
    startTime: Date.now(),
    deviceInfo: {
      os: { name: 'Linux', version: 'x86_64' },
      browser: { name: 'Chromium', major: '156', version: '156.0.0.0' },
      mobile: false,
      social: 'https://social.example/bench',
      gender: '',
      screen: '1920 x 1080',
    },
  };
}

/** The feedback a bench candidate sends, as the feedback section sends it. */
export function feedbackOf(unique: string, feedback: string): FeedbackPayload {
  return {
    unique,
    data: INVITE,
    userName: 'Bench Candidate',
    companyName: 'Lumenvault',
    roleName: 'Growth Marketing Manager',
    feedback,
    currentScore: 3,
  };
}

/**
 * Registers a candidate, as "Agree & start" does, and returns the headers every later call of
 * that session carries: its session key, made here as the browser makes it.
 */
export async function register(origin: string, unique: string): Promise<Record<string, string>> {
  const headers = { [SESSION_KEY_HEADER]: newSessionKey() };
  const response = await fetch(`${origin}/api/now-assessment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(registration(unique)),
  });
  if (!response.ok) throw new Error(`Registration answered ${response.status}: ${await response.text()}`);
  return headers;
}
