// `pnpm --filter api build`: the server as plain JavaScript in dist/, so production runs no
// TypeScript compiler. esbuild bundles the workspace packages (their exports point at .ts
// sources, which Node cannot run) and leaves the API's own registry dependencies external, loaded
// from node_modules as usual (better-sqlite3 is native and cannot be bundled anyway).
// `node build.mjs <folder>` builds into another folder of `api/` (`pnpm bench` builds its own).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const apiRoot = import.meta.dirname;
const { dependencies } = JSON.parse(fs.readFileSync(path.join(apiRoot, 'package.json'), 'utf8'));
const registryPackages = Object.keys(dependencies).filter((name) => !dependencies[name].startsWith('workspace:'));

/**
 * A piscina pool's file, built as CommonJS (`.cjs`): piscina `require()`s its file before it tries
 * `import()`, and Node 20's `require()` of an ES module once ended the whole process with a fatal
 * V8 error ("IsGraphAsync must be used on an instantiated module") while a pool thread started.
 */
const POOL_WORKERS = ['src/answers/answers.worker.ts'];

/** Entry points: the server, the export, reviewer, release and partner-key commands, and any worker thread's own file. */
function entryPoints() {
  const workers = fs
    .readdirSync(path.join(apiRoot, 'src'), { recursive: true })
    .filter((file) => file.endsWith('.worker.ts'))
    .map((file) => path.join('src', file))
    .filter((file) => !POOL_WORKERS.includes(file));
  return [
    'src/main.ts',
    'src/export-cli.ts',
    'src/reviewer-cli.ts',
    'src/release-key-cli.ts',
    'src/releases-cli.ts',
    'src/partner-key-cli.ts',
    ...workers,
  ];
}

/** The API's own registry dependencies stay imports; anything else (workspace code) is bundled. */
const keepRegistryPackagesExternal = {
  name: 'registry-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      const isRegistry = registryPackages.some((name) => args.path === name || args.path.startsWith(`${name}/`));
      return isRegistry ? { path: args.path, external: true } : undefined;
    });
  },
};

const outdir = process.argv[2] ?? 'dist';
// It is emptied first: a folder name of api/ only, never a path elsewhere.
if (!/^[a-z][a-z0-9-]*$/.test(outdir)) throw new Error(`build.mjs builds into a folder of api/, not ${outdir}`);
fs.rmSync(path.join(apiRoot, outdir), { recursive: true, force: true });
const shared = {
  absWorkingDir: apiRoot,
  outdir,
  outbase: 'src',
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [keepRegistryPackagesExternal],
};
await Promise.all([
  build({ ...shared, entryPoints: entryPoints(), format: 'esm' }),
  build({ ...shared, entryPoints: POOL_WORKERS, format: 'cjs', outExtension: { '.js': '.cjs' } }),
]);
