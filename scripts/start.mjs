// `pnpm start`: build whatever part is missing or older than its sources, then run the built API
// server, which serves the whole product. Plain Node so it works right after `pnpm install`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Each part, the file that proves it is built: the shell, the review page, every section remote folder, the API. */
const parts = [
  { name: 'shell', output: 'shell/dist/index.html' },
  { name: 'review', output: 'review/dist/index.html' },
  ...fs
    .readdirSync(root)
    .filter((folder) => folder.startsWith('remote-') && fs.existsSync(path.join(root, folder, 'package.json')))
    .map((folder) => ({ name: folder, output: `${folder}/dist/remoteEntry.js` })),
  { name: 'api', output: 'api/dist/main.js' },
];

/**
 * What a build or a test writes inside a part's folder (.gitignore): not its sources. The unit
 * tests build the API into `api/test-build-*` and remove it again, which would make `pnpm start`
 * (and the end-to-end tests' server) rebuild an API whose sources did not change.
 */
const NOT_SOURCES = /^(node_modules|dist|bench-dist|test-build-.*|\..*)$/;

/**
 * The newest change under `target`: a file's time, or a folder's below the part's own (a folder's
 * time moves when a file in it is removed; the part's own also moves when a test's build folder
 * comes and goes).
 */
function newestMtime(target, isPart = true) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = isPart ? 0 : stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (NOT_SOURCES.test(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry), false));
  }
  return newest;
}

function needsBuild({ name, output }) {
  const built = fs.statSync(path.join(root, output), { throwIfNoEntry: false });
  if (!built) return true;
  const sources = [name, 'shared'].map((p) => newestMtime(path.join(root, p)));
  return Math.max(...sources) > built.mtimeMs;
}

const stale = parts.filter(needsBuild);
if (stale.length > 0) {
  console.log(`Building ${stale.map((f) => f.name).join(', ')}…`);
  const filters = stale.flatMap((f) => ['--filter', f.name]);
  const build = spawnSync('pnpm', [...filters, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['dist/main.js'], {
  cwd: path.join(root, 'api'),
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: path.resolve(root, process.env.DATA_DIR || 'data') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
