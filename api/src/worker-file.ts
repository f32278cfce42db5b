import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Where a worker thread's own file is. This module sits at the top of `src/`, and in the build its
 * code lands in `dist/main.js` (or `dist/export-cli.js`), at the top of `dist/`: so a path from
 * the top, e.g. `storage/session-writer.worker`, finds `src/…worker.ts` when the API runs from its
 * sources (tests, `pnpm dev`) and `dist/…worker.js` when it runs from the bundle.
 */
const fromSources = import.meta.url.endsWith('.ts');

/**
 * A worker thread gets no TypeScript loader from its parent (tsx or vitest), and Node 20 ignores
 * `--import` in a worker's execArgv; so from the sources the worker starts as a small module that
 * registers tsx (found from here: the process may run elsewhere) and then imports the file,
 * passing on its default export (piscina calls it).
 */
function throughTsx(file: URL): URL {
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsxApi = pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const code = [
    `import { register } from ${JSON.stringify(tsxApi)};`,
    'register();',
    `const module = await import(${JSON.stringify(file.href)});`,
    'export default module.default;',
  ].join('\n');
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

export function workerFile(pathFromTop: string): URL {
  const file = new URL(`./${pathFromTop}.${fromSources ? 'ts' : 'js'}`, import.meta.url);
  return fromSources ? throughTsx(file) : file;
}
