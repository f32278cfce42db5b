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

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
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
