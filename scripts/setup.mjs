// `npm run setup` (and `npm run setup:test`): everything a fresh clone needs before `pnpm start` or
// `pnpm test`, with nothing but Node and npm on the machine.
//
// pnpm comes from npm, at the exact version `packageManager` in package.json pins (the one place
// that version is written). Not through corepack: corepack checks pnpm's signatures in the
// registry's metadata, and registries that serve that metadata without signatures make it fail
// (README "Setting up").
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const forTests = process.argv.includes('--test-tools');

/**
 * Debian packages the tests use, each with the file that shows it is installed: the browser and
 * ffmpeg for the end-to-end tests, and the servers `scripts/services.mjs` starts for the tests of
 * PostgreSQL, object storage and shared rate limits.
 */
const TEST_TOOLS = [
  { pkg: 'chromium', present: () => commandExists(process.env.CHROMIUM_PATH || 'chromium') },
  { pkg: 'ffmpeg', present: () => commandExists('ffprobe') },
  { pkg: 'postgresql', present: () => Boolean(process.env.PG_BIN) || postgresInstalled() },
  { pkg: 'redis-server', present: () => commandExists('redis-server') },
];

function fail(message) {
  console.error(`setup: ${message}`);
  process.exit(1);
}

function run(command, args) {
  console.log(`setup: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.error) fail(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} ${args.join(' ')} exited with ${result.status}`);
}

function commandExists(command) {
  if (command.includes('/')) return fs.existsSync(command);
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Debian's postgresql puts its programs in /usr/lib/postgresql/<major>/bin, off the PATH. */
function postgresInstalled() {
  const base = '/usr/lib/postgresql';
  return (
    fs.existsSync(base) && fs.readdirSync(base).some((major) => fs.existsSync(path.join(base, major, 'bin/initdb')))
  );
}

function pinnedPnpmVersion() {
  const { packageManager } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const match = /^pnpm@(\d+\.\d+\.\d+)$/.exec(packageManager ?? '');
  if (!match) fail(`package.json must pin "packageManager": "pnpm@<version>", found "${packageManager}"`);
  return match[1];
}

/** The version of the pnpm on PATH, or null when there is none (or it is a shim that cannot run). */
function installedPnpmVersion() {
  const result = spawnSync('pnpm', ['--version'], { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

function ensurePnpm() {
  const pinned = pinnedPnpmVersion();
  if (installedPnpmVersion() === pinned) return;
  run('npm', ['install', '--global', '--no-fund', '--no-audit', `pnpm@${pinned}`]);
  if (installedPnpmVersion() === pinned) return;
  const npmBin = path.join(spawnSync('npm', ['prefix', '--global'], { encoding: 'utf8' }).stdout.trim(), 'bin');
  const found = spawnSync('sh', ['-c', 'command -v pnpm'], { encoding: 'utf8' }).stdout.trim();
  fail(
    found === ''
      ? `npm installed pnpm ${pinned} into ${npmBin}, which is not on PATH: add it to PATH.`
      : `npm installed pnpm ${pinned} into ${npmBin}, but ${found} comes first on PATH ` +
          "(if it is corepack's, `corepack disable pnpm` removes it).",
  );
}

/** Runs `command` beside whatever else is running; resolves once it succeeded, or stops setting up. */
function runBeside(command, args, env = process.env) {
  console.log(`setup: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    child.on('error', (error) => fail(`${command} could not run: ${error.message}`));
    child.on('exit', (code) => (code === 0 ? resolve() : fail(`${command} ${args.join(' ')} exited with ${code}`)));
  });
}

async function ensureTestTools() {
  const missing = TEST_TOOLS.filter((tool) => !tool.present()).map((tool) => tool.pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    fail(`the tests need these Debian packages: apt-get install ${missing.join(' ')} (as root)`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await runBeside('apt-get', ['update', '-qq'], env);
  await runBeside('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], env);
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) fail(`Node 20.19 or newer is needed, this is ${process.version}`);

ensurePnpm();
// Debian's packages download while pnpm installs the workspace's: neither needs the other.
await Promise.all([forTests ? ensureTestTools() : undefined, runBeside('pnpm', ['install', '--frozen-lockfile'])]);
