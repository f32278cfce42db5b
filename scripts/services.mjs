// Throwaway servers on loopback for tests, the bench and developers: PostgreSQL (Debian's), an
// S3-protocol server (s3rver, from npm) and Redis (Debian's), each in one temporary folder that
// stopping removes. Nothing listens beyond 127.0.0.1, and nothing is downloaded.
//
// As a command:
//   node scripts/services.mjs start [postgres] [s3] [redis]   start them (all by default) and print
//                                                             `export NAME='value'` lines for a shell:
//                                                             eval "$(node scripts/services.mjs start)"
//   node scripts/services.mjs env                             print those lines again
//   node scripts/services.mjs stop                            stop them and remove their folder
//   node scripts/services.mjs run -- <command> [args...]      start them, run the command with their
//                                                             settings, stop them when it ends
// The settings: DATABASE_URL, S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID,
// S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, REDIS_URL (what the API reads; README "Running with
// PostgreSQL and S3").
//
// As a module (Vitest's global setup, the bench; Playwright's globalSetup likewise, returning
// `stop` as its teardown): `startServices({ postgres, s3, redis })` starts the ones asked for and
// resolves to `{ env, postgres, s3, redis, stop() }`; each server can also be stopped and started
// again on its port, which is how a test shows a server going down.
//
// PostgreSQL's initdb and postgres refuse to run as root: as root they run as the `postgres` user
// (runuser) on a folder that user owns. `npm run setup:test` installs Debian's postgresql and
// redis-server when they are missing; PG_BIN names another PostgreSQL bin folder.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const STARTUP_TIMEOUT_MS = 30_000;
export const S3_BUCKET = 'assessment-videos';
/** s3rver checks every request's signature against this one key pair. */
const S3RVER_KEY = 'S3RVER';

function fail(message) {
  throw new Error(`services: ${message}`);
}

/** A port nobody listens on right now (the server started on it may still lose a race: callers retry). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(check, what) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    const result = await check();
    if (result) return result;
    if (Date.now() > deadline) fail(`${what} did not start within ${STARTUP_TIMEOUT_MS / 1000} s`);
    await sleep(50);
  }
}

function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) fail(`${command} could not run: ${result.error.message}`);
  return result;
}

function runOrFail(command, args) {
  const result = run(command, args);
  if (result.status !== 0) fail(`${command} ${args.join(' ')} exited with ${result.status}: ${result.stderr.trim()}`);
  return result;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopProcess(pid) {
  if (!pid || !isAlive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      return;
    }
    await sleep(20);
  }
}

/** A server process of our own that outlives this one only when the command line's `start` asks. */
function spawnServer(command, args, logFile) {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { detached: true, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  child.unref();
  return child;
}

// PostgreSQL ----------------------------------------------------------------------------------

function postgresBinDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((version) => fs.existsSync(path.join(base, version, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    fail("PostgreSQL is not installed: `npm run setup:test` installs Debian's postgresql (or set PG_BIN)");
  }
  return path.join(base, versions[0], 'bin');
}

const isRoot = process.getuid?.() === 0;

/** initdb, pg_ctl and postgres refuse root; as root they run as the `postgres` user. */
function asPostgresUser(command, args) {
  return isRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
}

function postgresState(home) {
  return { bin: postgresBinDir(), dataDir: path.join(home, 'data'), socketDir: home, log: path.join(home, 'log') };
}

function startPostgresOn(state, port) {
  return asPostgresUser(path.join(state.bin, 'pg_ctl'), [
    '-D',
    state.dataDir,
    '-l',
    state.log,
    '-w',
    '-t',
    String(STARTUP_TIMEOUT_MS / 1000),
    '-o',
    `-p ${port} -k ${state.socketDir} -c listen_addresses=127.0.0.1`,
    'start',
  ]);
}

function stopPostgres(state, mode = 'fast') {
  if (!fs.existsSync(path.join(state.dataDir, 'postmaster.pid'))) return;
  asPostgresUser(path.join(state.bin, 'pg_ctl'), ['-D', state.dataDir, '-m', mode, '-w', 'stop']);
}

async function startPostgres(dir) {
  const home = path.join(dir, 'postgres');
  fs.mkdirSync(home);
  if (isRoot) {
    const uid = Number(runOrFail('id', ['-u', 'postgres']).stdout);
    const gid = Number(runOrFail('id', ['-g', 'postgres']).stdout);
    fs.chownSync(home, uid, gid);
  }
  const state = postgresState(home);
  const initdb = asPostgresUser(path.join(state.bin, 'initdb'), [
    '-D',
    state.dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
    '--no-instructions',
  ]);
  if (initdb.status !== 0) fail(`initdb failed: ${initdb.stderr.trim()}`);
  let port;
  for (let attempt = 0; port === undefined; attempt += 1) {
    const candidate = await freePort();
    const started = startPostgresOn(state, candidate);
    if (started.status === 0) port = candidate;
    else if (attempt >= 4) fail(`PostgreSQL did not start: ${fs.readFileSync(state.log, 'utf8').slice(-2000)}`);
  }
  runOrFail(path.join(state.bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'assessment']);
  return {
    env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/assessment` },
    state: { ...state, port },
    async start() {
      const started = startPostgresOn(state, port);
      if (started.status !== 0) fail(`PostgreSQL did not start again: ${started.stderr.trim()}`);
    },
    async stop() {
      stopPostgres(state);
    },
  };
}

// S3 (s3rver) ---------------------------------------------------------------------------------

/** The S3-protocol server's own process: `node scripts/services.mjs serve-s3 <folder> <port>`. */
async function serveS3(home, port) {
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({
    address: '127.0.0.1',
    port: Number(port),
    directory: path.join(home, 'objects'),
    silent: true,
    configureBuckets: [{ name: S3_BUCKET, configs: [] }],
  });
  await server.run();
  fs.writeFileSync(path.join(home, 'ready'), String(port));
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close().then(() => process.exit(0)));
}

async function startS3rverOn(home, port) {
  fs.rmSync(path.join(home, 'ready'), { force: true });
  // s3rver encrypts ListObjectsV2's continuation tokens with DES, which OpenSSL 3 keeps in its
  // legacy provider: without it, any listing longer than one page answers 500.
  const child = spawnServer(
    process.execPath,
    ['--openssl-legacy-provider', path.join(root, 'scripts/services.mjs'), 'serve-s3', home, String(port)],
    path.join(home, 'log'),
  );
  await waitFor(() => fs.existsSync(path.join(home, 'ready')) || child.exitCode !== null, 'the S3 server');
  return fs.existsSync(path.join(home, 'ready')) ? child.pid : undefined;
}

async function startS3(dir) {
  const home = path.join(dir, 's3');
  fs.mkdirSync(home);
  let port;
  let pid;
  for (let attempt = 0; pid === undefined; attempt += 1) {
    port = await freePort();
    pid = await startS3rverOn(home, port);
    if (pid === undefined && attempt >= 4)
      fail(`the S3 server did not start: ${fs.readFileSync(path.join(home, 'log'))}`);
  }
  const handle = {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    state: { pid },
    async start() {
      const restarted = await startS3rverOn(home, port);
      if (restarted === undefined) fail(`the S3 server did not start again on port ${port}`);
      handle.state.pid = restarted;
    },
    async stop() {
      await stopProcess(handle.state.pid);
    },
  };
  return handle;
}

// Redis ---------------------------------------------------------------------------------------

function redisAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    for (const event of ['error', 'timeout']) {
      socket.once(event, () => {
        socket.destroy();
        resolve(false);
      });
    }
  });
}

async function startRedisOn(home, port) {
  const child = spawnServer(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', home],
    path.join(home, 'log'),
  );
  child.once('error', () => {});
  await waitFor(async () => child.exitCode !== null || child.pid === undefined || (await redisAnswers(port)), 'Redis');
  return child.exitCode === null && child.pid !== undefined ? child.pid : undefined;
}

async function startRedis(dir) {
  const home = path.join(dir, 'redis');
  fs.mkdirSync(home);
  let port;
  let pid;
  for (let attempt = 0; pid === undefined; attempt += 1) {
    port = await freePort();
    pid = await startRedisOn(home, port);
    if (pid === undefined && attempt >= 4) {
      fail("Redis did not start: `npm run setup:test` installs Debian's redis-server");
    }
  }
  const handle = {
    env: { REDIS_URL: `redis://127.0.0.1:${port}` },
    state: { pid },
    async start() {
      const restarted = await startRedisOn(home, port);
      if (restarted === undefined) fail(`Redis did not start again on port ${port}`);
      handle.state.pid = restarted;
    },
    async stop() {
      await stopProcess(handle.state.pid);
    },
  };
  return handle;
}

// All of them ---------------------------------------------------------------------------------

const starters = { postgres: startPostgres, s3: startS3, redis: startRedis };

/** Stops whatever a `state` names, without waiting: for a process that is exiting. */
function stopNow(state) {
  if (state.postgres) stopPostgres(state.postgres, 'immediate');
  for (const name of ['s3', 'redis']) {
    const pid = state[name]?.pid;
    if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  fs.rmSync(state.dir, { recursive: true, force: true });
}

/**
 * Starts the servers asked for (all by default) in one new temporary folder. `stop()` stops them
 * and removes the folder; if this process exits first, they are stopped then, unless `outlive` (the
 * command line's `start`, whose servers run until its `stop`).
 */
export async function startServices({ postgres = true, s3 = true, redis = true, outlive = false } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assessment-services-'));
  // The postgres user must reach its own folder inside this one.
  fs.chmodSync(dir, 0o755);
  const wanted = Object.entries({ postgres, s3, redis })
    .filter(([, on]) => on)
    .map(([name]) => name);
  const servers = {};
  const state = () => ({
    dir,
    ...Object.fromEntries(Object.entries(servers).map(([name, server]) => [name, server.state])),
  });
  const onExit = () => stopNow(state());
  process.once('exit', onExit);
  // Every start settles before any failure is reported, so none is left running unrecorded.
  const started = await Promise.allSettled(
    wanted.map(async (name) => {
      servers[name] = await starters[name](dir);
    }),
  );
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    process.removeListener('exit', onExit);
    stopNow(state());
    throw failure.reason;
  }
  if (outlive) process.removeListener('exit', onExit);
  return {
    dir,
    env: Object.assign({}, ...Object.values(servers).map((server) => server.env)),
    ...servers,
    state: state(),
    async stop() {
      process.removeListener('exit', onExit);
      await Promise.all(Object.values(servers).map((server) => server.stop()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// The command line ----------------------------------------------------------------------------

/** Where `start` leaves what `env` and `stop` need: one file per checkout. */
const stateFile = path.join(
  os.tmpdir(),
  `assessment-services-${crypto.createHash('sha256').update(root).digest('hex').slice(0, 12)}.json`,
);

function exportLines(env) {
  return Object.entries(env)
    .map(([name, value]) => `export ${name}='${String(value).replaceAll("'", "'\\''")}'`)
    .join('\n');
}

function readState() {
  return fs.existsSync(stateFile) ? JSON.parse(fs.readFileSync(stateFile, 'utf8')) : undefined;
}

async function stopFromState(saved) {
  if (saved.state.postgres) stopPostgres(saved.state.postgres);
  await Promise.all(['s3', 'redis'].map((name) => stopProcess(saved.state[name]?.pid)));
  fs.rmSync(saved.state.dir, { recursive: true, force: true });
  fs.rmSync(stateFile, { force: true });
}

async function main([command, ...args]) {
  if (command === 'serve-s3') return serveS3(args[0], args[1]);
  if (command === 'start') {
    const saved = readState();
    if (saved) {
      console.error(`services: already running (${saved.state.dir}); \`stop\` first to start others`);
      console.log(exportLines(saved.env));
      return;
    }
    const unknown = args.filter((name) => !Object.hasOwn(starters, name));
    if (unknown.length > 0)
      fail(`unknown server ${unknown.join(', ')}; choose from ${Object.keys(starters).join(', ')}`);
    const chosen = args.length === 0 ? Object.keys(starters) : args;
    const services = await startServices({
      ...Object.fromEntries(Object.keys(starters).map((name) => [name, chosen.includes(name)])),
      outlive: true,
    });
    fs.writeFileSync(stateFile, JSON.stringify({ env: services.env, state: services.state }, null, 2));
    console.error(`services: started ${chosen.join(', ')} in ${services.dir}`);
    console.log(exportLines(services.env));
    return;
  }
  if (command === 'env') {
    const saved = readState();
    if (!saved) fail('nothing is running: `node scripts/services.mjs start` first');
    console.log(exportLines(saved.env));
    return;
  }
  if (command === 'stop') {
    const saved = readState();
    if (!saved) return console.error('services: nothing was running');
    await stopFromState(saved);
    console.error('services: stopped');
    return;
  }
  if (command === 'run' && args[0] === '--' && args.length > 1) {
    const services = await startServices();
    const child = spawn(args[1], args.slice(2), { stdio: 'inherit', env: { ...process.env, ...services.env } });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    const code = await new Promise((resolve) =>
      child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
    );
    await services.stop();
    process.exit(code);
  }
  console.error(
    'usage: node scripts/services.mjs start [postgres] [s3] [redis] | env | stop | run -- <command> [args...]',
  );
  process.exit(2);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
