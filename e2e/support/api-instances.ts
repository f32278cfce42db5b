import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Services, startServices } from '../../scripts/services.mjs';
import { E2E_ADMIN_TOKEN } from './admin-token.ts';
import { startRoundRobinProxy } from './round-robin-proxy.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface ApiInstance {
  name: string;
  origin: string;
  /** SIGKILL: the process dies at once, as on a machine that fails; nothing is closed cleanly. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * The built server (`api/dist/main.js`, or the script `args` name, run from `api/`) as its own
 * process, on `env.PORT` or else a port the system picks (PORT=0), learned from the line the server
 * prints once it listens.
 */
export async function startApiInstance(
  name: string,
  env: NodeJS.ProcessEnv,
  args: readonly string[] = ['dist/main.js'],
): Promise<ApiInstance> {
  const child = spawn(process.execPath, args, {
    cwd: path.join(repoRoot, 'api'),
    env: { ...process.env, ...env, PORT: env.PORT ?? '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (data: Buffer) => {
      output += data.toString();
      const listening = /http:\/\/localhost:(\d+)\//.exec(output);
      if (listening) resolve(Number(listening[1]));
    });
    child.once('exit', (code) => reject(new Error(`API instance ${name} exited with ${code} before it listened`)));
  });
  return {
    name,
    origin: `http://127.0.0.1:${port}`,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

export const CLUSTER_ADMIN_TOKEN = E2E_ADMIN_TOKEN;
/** Low enough for a test to reach across both instances in a second, far above what one candidate sends. */
export const CLUSTER_RATE_LIMIT_PER_MINUTE = 120;

/**
 * The production shape on one machine: PostgreSQL, an S3-protocol server and Redis (the project's
 * services script), two API instances sharing them and one uploads folder (the shared volume),
 * each with a data folder of its own that holds nothing shared, and a round-robin balancer in front.
 */
export async function startTwoInstances() {
  const services: Services = await startServices();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assessment-two-instances-'));
  const uploadsDir = path.join(dir, 'uploads');
  const shared = {
    ...services.env,
    UPLOADS_DIR: uploadsDir,
    ADMIN_TOKEN: CLUSTER_ADMIN_TOKEN,
    RATE_LIMIT_PER_MINUTE: String(CLUSTER_RATE_LIMIT_PER_MINUTE),
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // A release a team hosts is checked over HTTP; here its host is on loopback.
    RELEASE_URLS_ALLOW_PRIVATE: 'true',
  };
  // Started together: one after the other would hide a clash between two instances migrating at once.
  const started = await Promise.allSettled(
    ['A', 'B'].map((name) => startApiInstance(name, { ...shared, DATA_DIR: path.join(dir, `data-${name}`) })),
  );
  const instances = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failure = started.find((outcome) => outcome.status === 'rejected');
  if (failure) {
    await Promise.all(instances.map((instance) => instance.kill()));
    await services.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    throw failure.reason;
  }
  const [a, b] = instances as [ApiInstance, ApiInstance];
  const proxy = await startRoundRobinProxy([
    { name: 'A', origin: a.origin },
    { name: 'B', origin: b.origin },
  ]);
  return {
    a,
    b,
    proxy,
    uploadsDir,
    /** What every instance is started with: the database, the bucket, Redis. */
    env: shared,
    async stop() {
      await proxy.close();
      await Promise.all([a.stop(), b.stop()]);
      await services.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TwoInstances = Awaited<ReturnType<typeof startTwoInstances>>;
