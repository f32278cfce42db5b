import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where a worker thread's own file is. This module sits at the top of `src/`, and in the build its
 * code lands in `dist/main.js` (or `dist/export-cli.js`), at the top of `dist/`: so a path from
 * the top, e.g. `storage/session-writer.worker`, finds `src/…worker.ts` when the API runs from its
 * sources (tests, `pnpm dev`) and `dist/…worker.js` when it runs from the bundle.
 *
 * A worker thread gets no TypeScript loader from its parent (tsx or vitest), and Node 20 applies
 * no `--import` hook to a worker's own entry file; so from the sources each worker gets tsx itself,
 * found from here (the process may run from anywhere).
 */
const fromSources = import.meta.url.endsWith('.ts');
const require = createRequire(import.meta.url);

function fileOf(pathFromTop: string): URL {
  return new URL(`./${pathFromTop}.${fromSources ? 'ts' : 'js'}`, import.meta.url);
}

/** For `new Worker(…)`: from the sources, a small module that registers tsx, then imports the file. */
export function workerModule(pathFromTop: string): URL {
  const file = fileOf(pathFromTop);
  if (!fromSources) return file;
  const tsxApi = pathToFileURL(path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs'));
  const code = `import { register } from ${JSON.stringify(tsxApi.href)};\nregister();\nawait import(${JSON.stringify(file.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/** For a piscina pool, which `require`s its file first: from the sources, with tsx's require hook. */
export function poolWorker(pathFromTop: string): { filename: string; execArgv: string[] } {
  return {
    filename: fileURLToPath(fileOf(pathFromTop)),
    execArgv: fromSources ? ['--require', require.resolve('tsx/cjs')] : [],
  };
}
