import type { TestProject } from 'vitest/node';
import { type ServicesEnv, startServices } from '../../scripts/services.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The settings of the PostgreSQL, S3-protocol and Redis servers this run started once for every test file. */
    services: Required<ServicesEnv>;
  }
}

/** Vitest's global setup: real servers for the tests that need them, started once per run. */
export default async function setup(project: TestProject) {
  const services = await startServices();
  project.provide('services', services.env as Required<ServicesEnv>);
  return () => services.stop();
}
