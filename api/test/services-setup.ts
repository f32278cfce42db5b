import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type ServicesEnv, startServices } from '../../scripts/services.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The settings of the PostgreSQL, S3-protocol and Redis servers this run started once for every test file. */
    services: Required<ServicesEnv>;
    /** The API built from the sources under test (`api/build.mjs`), for tests that run it as a process. */
    apiBuild: string;
  }
}

const apiRoot = path.resolve(import.meta.dirname, '..');

/**
 * The server and the operator's commands bundled once for the run, as production runs them: a
 * process started through tsx spent 5 to 20 s resolving its modules before it listened, and the
 * tests start dozens. A folder of the run's own, so runs side by side never share one.
 */
function buildApi(): string {
  const folder = `test-build-${process.pid}`;
  const built = spawnSync(process.execPath, ['build.mjs', folder], { cwd: apiRoot, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`api/build.mjs failed: ${built.stderr}${built.stdout}`);
  return path.join(apiRoot, folder);
}

/** Vitest's global setup: real servers for the tests that need them, started once per run. */
export default async function setup(project: TestProject) {
  const apiBuild = buildApi();
  project.provide('apiBuild', apiBuild);
  // Servers started in the test files run from the sources, their worker threads from this build of
  // them (`api/src/worker-file.ts`): the test processes inherit it.
  process.env.API_WORKERS_DIR = apiBuild;
  const services = await startServices();
  project.provide('services', services.env as Required<ServicesEnv>);
  return async () => {
    await services.stop();
    fs.rmSync(apiBuild, { recursive: true, force: true });
  };
}
