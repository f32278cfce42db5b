import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where a worker thread's own file is. This module sits at the top of `src/`, and in the build its
 * code lands in `dist/main.js` (or `dist/export-cli.js`), at the top of `dist/`: so a path from
 * the top, e.g. `storage/session-writer.worker`, finds `src/…worker.ts` when the API runs from its
 * sources (tests, `pnpm dev`) and `dist/…worker.js` (a pool's `.cjs`) when it runs from the bundle.
 *
 * A worker thread gets no TypeScript loader from its parent (tsx or vitest), and Node 20 applies
 * no `--import` hook to a worker's own entry file; so from the sources each worker gets tsx itself,
 * found from here (the process may run from anywhere).
 */
const fromSources = import.meta.url.endsWith('.ts');
const require = createRequire(import.meta.url);

/**
 * `API_WORKERS_DIR`, for the API run from its sources: a bundle of those same sources
 * (`api/build.mjs`) whose worker files it starts instead. A worker through tsx spends most of a
 * second of CPU resolving and loading its modules one by one, and the API tests start two for each
 * server, hundreds in a run (`api/test/services-setup.ts` sets it to the run's own build).
 */
function bundledWorkers(): string | undefined {
  return fromSources ? process.env.API_WORKERS_DIR || undefined : undefined;
}

/** Whether a worker loads its TypeScript sources through tsx: from the sources, with no bundle named. */
const throughTsx = () => fromSources && !bundledWorkers();

/** `extension`: the bundle's, `.js` for a module or `.cjs` for a pool's file (`api/build.mjs`). */
function fileOf(pathFromTop: string, extension: '.js' | '.cjs'): URL {
  const bundled = bundledWorkers();
  if (bundled) return pathToFileURL(path.join(bundled, `${pathFromTop}${extension}`));
  return new URL(`./${pathFromTop}${fromSources ? '.ts' : extension}`, import.meta.url);
}

/** For `new Worker(…)`: from the sources, a small module that registers tsx, then imports the file. */
export function workerModule(pathFromTop: string): URL {
  const file = fileOf(pathFromTop, '.js');
  if (!throughTsx()) return file;
  const tsxApi = pathToFileURL(path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs'));
  const code = `import { register } from ${JSON.stringify(tsxApi.href)};\nregister();\nawait import(${JSON.stringify(file.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/** For a piscina pool, which `require`s its file first: from the sources, with tsx's require hook. */
export function poolWorker(pathFromTop: string): { filename: string; execArgv: string[] } {
  return {
    filename: fileURLToPath(fileOf(pathFromTop, '.cjs')),
    execArgv: throughTsx() ? ['--require', require.resolve('tsx/cjs')] : [],
  };
}
